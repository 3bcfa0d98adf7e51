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
import { firstJsonLine, freePort, SERVER_CORE, startClientFleet, startService, stop } from './processes.mjs';

const ROOT = new URL('../..', import.meta.url).pathname;

async function peakRssMiB(pid) {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/^VmHWM:\s+(\d+) kB/m.exec(status)[1]) / 1024;
}

async function startPeer(contract, port) {
  const file = join(mkdtempSync(join(tmpdir(), 'radio-wave-')), 'contract.json');
  writeFileSync(file, JSON.stringify(contract));
  const child = spawn('taskset', ['-c', SERVER_CORE, process.execPath, join(ROOT, 'bench/peer-socketio-server.mjs'), file], {
    env: { ...process.env, PEER_PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  await firstJsonLine(child, (entry) => entry.port);
  return { child };
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
    const droppedAt = performance.now();
    await stop(server.child);
    server = await start(port);
    const restartMs = performance.now() - droppedAt;
    const result = await back;
    return { server: name, clients, restartMs, ...result, peakRssMiB: await peakRssMiB(server.child.pid) };
  } finally {
    fleet.close();
    await stop(server.child);
  }
}

export async function benchReconnectWave(env, statusContract, { clients }) {
  return [await wave('ours', clients, (port) => startService({ ...env, PORT: String(port) })), await wave('Socket.IO peer', clients, (port) => startPeer(statusContract, port))];
}

export function reconnectWaveSection(rows) {
  if (!rows?.length) return '';
  const lines = [
    '',
    '## Reconnect wave (server restarted under its live clients)',
    '',
    'Every client dropped at once (SIGTERM, a new process on the same port) reconnects with',
    "socket.io-client's default backoff (1 s doubling to 5 s, ±50 %). *Back*: from the first drop",
    'to the last client joined again; *restart*: from SIGTERM to the new process listening. *Refused*: handshakes answered with an HTTP status instead of',
    'the upgrade (by status); *failed tries*: every try that did not join, the port closed during the',
    'restart included. Peak RSS: the new process, VmHWM (bench/lib/reconnect-wave.mjs).',
    '',
    '| Server | Clients | restart | back after | failed tries | refused | answers ≥ 500 | peak RSS |',
    '|---|---:|---:|---:|---:|---:|---:|---:|',
    ...rows.map(
      (r) =>
        `| ${r.server} | ${r.clients.toLocaleString('en-US')} | ${(r.restartMs / 1000).toFixed(2)} s | ${(r.ms / 1000).toFixed(2)} s | ${r.attempts} | ${r.refused}${
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
