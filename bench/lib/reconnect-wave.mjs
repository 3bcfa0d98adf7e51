// The reconnect wave (issue 33, item 5): N live clients, the server restarted under them (SIGTERM,
// then a new process on the same port, as a deploy does), and the clients coming back with
// socket.io-client's default backoff (bench/reconnect-clients.mjs): the time until every one is
// back, the handshakes answered with a refusal and with 5xx (goal 0), and the new server's peak
// RSS (VmHWM). Ours and the plain Socket.IO peer (bench/peer-socketio-server.mjs) in one run.
import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cpuSplitMs, firstJsonLine, freePort, SERVER_CORE, startClientFleet } from './processes.mjs';

const ROOT = new URL('../..', import.meta.url).pathname;

async function peakRssMiB(pid) {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/^VmHWM:\s+(\d+) kB/m.exec(status)[1]) / 1024;
}

/** The kernel's count of connections dropped at a full accept queue (whole machine: TcpExt ListenDrops). */
async function listenDrops() {
  const lines = (await readFile('/proc/net/netstat', 'utf8')).split('\n').filter((line) => line.startsWith('TcpExt:'));
  const [names, values] = lines.map((line) => line.split(' '));
  return Number(values[names.indexOf('ListenDrops')]);
}

/**
 * A server (node `args`) pinned to the server core under `sh`, whose `times` reports the CPU node
 * used in all once it exits: what it used after SIGTERM, the kernel closing its sockets at exit
 * included, is that less what /proc showed at the signal. Resolves once `ready(line)` holds.
 */
async function launch(args, env, ready) {
  const child = spawn('sh', ['-c', `taskset -c ${SERVER_CORE} "$@"; times >&2`, 'sh', process.execPath, ...args], {
    env: { PATH: process.env.PATH, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  await firstJsonLine(child, (entry) => (ready(entry) ? true : undefined));
  const pid = Number((await readFile(`/proc/${child.pid}/task/${child.pid}/children`, 'utf8')).trim().split(' ')[0]);
  const exited = new Promise((resolve) => child.once('exit', resolve));
  return {
    pid,
    /** SIGTERM; resolves with the wall time and node's CPU time from the signal to the exit, in ms. */
    stop: async () => {
      const before = await cpuSplitMs(pid);
      const startedAt = performance.now();
      process.kill(pid, 'SIGTERM');
      await exited;
      const wallMs = performance.now() - startedAt;
      // `times`: the shell's own line, then its children's: "0m0.120s 0m0.050s".
      const [user, system] = [
        ...stderr
          .trim()
          .split('\n')
          .at(-1)
          .matchAll(/(\d+)m([\d.]+)s/g),
      ].map(([, m, sec]) => (Number(m) * 60 + Number(sec)) * 1000);
      return { wallMs, cpuMs: user + system - before.user - before.system };
    },
    kill: () => {
      if (child.exitCode === null) process.kill(pid, 'SIGKILL');
      return exited;
    },
  };
}

const startOurs = (env) => (port) =>
  launch([join(ROOT, 'dist/main.js')], { HOST: '127.0.0.1', LOG_LEVEL: 'info', ...env, PORT: String(port) }, (entry) => entry.msg === 'radio hub listening');

function startPeer(contract) {
  const file = join(mkdtempSync(join(tmpdir(), 'radio-wave-')), 'contract.json');
  writeFileSync(file, JSON.stringify(contract));
  return (port) => launch([join(ROOT, 'bench/peer-socketio-server.mjs'), file], { PEER_PORT: String(port) }, (entry) => entry.port !== undefined);
}

/** One wave against whatever `start(port)` starts; resolves with the wave's figures. */
async function wave(name, clients, start) {
  const port = await freePort();
  let server = await start(port);
  const fleet = startClientFleet('bench/reconnect-clients.mjs');
  try {
    await fleet.connect({ url: `http://127.0.0.1:${port}`, count: clients });
    fleet.child.send({ wave: true });
    await fleet.next('armed');
    const back = fleet.next('back');
    const dropsBefore = await listenDrops();
    const droppedAt = performance.now();
    const stopped = await server.stop();
    server = await start(port);
    const restartMs = performance.now() - droppedAt;
    const result = await back;
    const droppedSyns = (await listenDrops()) - dropsBefore;
    return { server: name, clients, stopMs: stopped.wallMs, stopCpuMs: stopped.cpuMs, restartMs, ...result, droppedSyns, peakRssMiB: await peakRssMiB(server.pid) };
  } finally {
    fleet.close();
    await server.kill();
  }
}

export async function benchReconnectWave(env, statusContract, { clients }) {
  return [await wave('ours', clients, startOurs(env)), await wave('Socket.IO peer', clients, startPeer(statusContract))];
}

export function reconnectWaveSection(rows) {
  if (!rows?.length) return '';
  const lines = [
    '',
    '## Reconnect wave (server restarted under its live clients)',
    '',
    'Every client dropped at once (SIGTERM, a new process on the same port) reconnects with',
    "socket.io-client's default backoff (1 s doubling to 5 s, ±50 %). *Back*: from the first drop",
    'to the last client joined again; *stop*: from SIGTERM to the exit, with its CPU time (the exit',
    'closing the sockets included; the peer just exits); *restart*: from SIGTERM to the new process listening. *Refused*: handshakes answered with an HTTP status instead of',
    'the upgrade (by status); *failed tries*: every try that did not join, the port closed during the',
    'restart included; *timed out*: tries given up after 20 s as socket.io-client does; *SYNs dropped*: connects',
    "the kernel dropped at a full accept queue (the machine's ListenDrops over the wave; TCP retries them 1, 3, 7 s… later).",
    'Peak RSS: the new process, VmHWM (bench/lib/reconnect-wave.mjs).',
    '',
    '| Server | Clients | stop (CPU) | restart | back after | failed tries (timed out) | SYNs dropped | refused | answers ≥ 500 | peak RSS |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...rows.map(
      (r) =>
        `| ${r.server} | ${r.clients.toLocaleString('en-US')} | ${(r.stopMs / 1000).toFixed(2)} s (${r.stopCpuMs.toFixed(0)} ms) | ${(r.restartMs / 1000).toFixed(2)} s | ${(r.ms / 1000).toFixed(2)} s | ${r.attempts} (${r.timedOut}) | ${r.droppedSyns} | ${r.refused}${
          Object.keys(r.statuses).length
            ? ` (${Object.entries(r.statuses)
                .map(([s, n]) => `${s}: ${n}`)
                .join(', ')})`
            : ''
        } | ${r.serverErrors} | ${r.peakRssMiB.toFixed(0)} MiB |`,
    ),
  ];
  return `${lines.join('\n')}\n`;
}
