// Issue 33: our fan-out against the floor, in one run. The same fleet (half Engine.IO WebSocket
// clients on /live, half SSE streams asking for chat) on our hub and on bench/floor-uws.mjs (a bare
// uWS server writing the same frames: publish for the websockets, corked writes for SSE) in two
// modes: from setImmediate (the floor) and inside the POST's callback. Per server: memory and CPU
// per connection as the clients connect, then chat posts timed until the last client of both
// fleets has them, then the sends each client costs per frame (the kernel's segment counters, and
// strace's syscall count where strace is installed).
import { execFile, spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createServer as createNetServer } from 'node:net';
import { promisify } from 'node:util';
import { collectGarbageAt } from './inspector-gc.mjs';
import { cpuMs, cpuSplitMs, firstJsonLine, SERVER_CORE, startClientFleet, startService, stop } from './processes.mjs';

const ROOT = new URL('../..', import.meta.url).pathname;
const run = promisify(execFile);
const now = () => performance.timeOrigin + performance.now();
const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};
/** One source address holds ~28k ephemeral ports (32768–60999): 20k per address leaves room. */
const PER_SOURCE = 20_000;
/** The heartbeat periods of ours (config live.sse.heartbeatSeconds; Engine.IO's pingInterval): backgroundMsPerS's windows. */
const SSE_KEEPALIVE_MS = 15_000;
const ENGINE_PING_MS = 25_000;
/** Clients of each kind connected before the memory and connect figures start. */
const WARM_UP = 500;
const sources = (fleet, count) => Array.from({ length: Math.max(1, Math.ceil(count / PER_SOURCE)) }, (_, i) => `127.0.${fleet}.${i + 1}`);

async function rssKb(pid) {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)[1]);
}
const processCpuMs = async (pid) => {
  const { user, system } = await cpuSplitMs(pid);
  return user + system;
};

/**
 * The server's CPU while no client connects or is written to, in ms per second, over a quiet
 * window of one period of the heartbeats it counts (0.5 s for a smoke-sized fleet): before the
 * WebSocket connects, one SSE keepalive period (each stream's keepalive once); after, one Engine.IO
 * ping period (each WebSocket client's ping once; a shorter window caught a burst or none, as
 * clients that connected together are pinged together). The server's per-client background work (ours:
 * an Engine.IO ping to each WebSocket client every 25 s, a keepalive to each SSE stream every
 * 15 s; ~1.5 µs per WebSocket client per second measured) runs all along a connect phase, which
 * lasts longer the more clients are up (the load generator slows): counted as connect CPU, it
 * made a connect at 18,500 look 2.6× as dear as one at 9,500 (342 against 133 µs in one run)
 * where the connects themselves cost the same. "less background" takes it out.
 */
async function backgroundMsPerS(pid, clients, periodMs) {
  const windowMs = clients < 1000 ? 500 : periodMs;
  const before = await processCpuMs(pid);
  await new Promise((resolve) => setTimeout(resolve, windowMs));
  return ((await processCpuMs(pid)) - before) / (windowMs / 1000);
}

/**
 * The server's V8 inspector is open (no session attached until `collectGarbage`), so memory is read
 * after a full collection: RSS grown while clients connect otherwise depends on when V8 last
 * collected and how far ahead it grew its heap.
 */
async function inspectorPort() {
  const server = createNetServer();
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** A full garbage collection in the server, through its inspector (HeapProfiler.collectGarbage). */
async function collectGarbage(port) {
  const [target] = await (await fetch(`http://127.0.0.1:${port}/json/list`)).json();
  await collectGarbageAt(target.webSocketDebuggerUrl);
}

export async function startFloor(mode) {
  const inspector = await inspectorPort();
  const child = spawn('taskset', ['-c', SERVER_CORE, process.execPath, `--inspect=127.0.0.1:${inspector}`, join(ROOT, 'bench/floor-uws.mjs'), mode], { stdio: ['ignore', 'pipe', 'pipe'] });
  const port = await firstJsonLine(child, (entry) => entry.port);
  return { child, url: `http://127.0.0.1:${port}`, inspector };
}

async function startOurs(config) {
  const inspector = await inspectorPort();
  return { ...(await startService({ RADIO_CONFIG: config }, [`--inspect=127.0.0.1:${inspector}`])), inspector };
}

/** Sum of the kernel's segs_out over the server's established sockets (its side of each connection). */
async function segmentsOut(port) {
  const { stdout } = await run('ss', ['-tinH', 'state', 'established', `( sport = :${port} )`], { maxBuffer: 512 * 1024 * 1024 });
  let total = 0;
  for (const match of stdout.matchAll(/segs_out:(\d+)/g)) total += Number(match[1]);
  return total;
}

let straceChecked = null;
async function straceInstalled() {
  straceChecked ??= run('sh', ['-c', 'command -v strace']).then(
    () => true,
    () => false,
  );
  return straceChecked;
}

/** strace -c on every thread of `pid` while `work` runs; resolves with the number of send-like syscalls. */
async function countSendCalls(pid, work) {
  const out = join(ROOT, 'bench', `.strace-${pid}.txt`);
  const tracer = spawn('strace', ['-c', '-f', '-e', 'trace=sendto,sendmsg,writev,write', '-o', out, '-p', String(pid)], { stdio: ['ignore', 'ignore', 'pipe'] });
  // Attached once it says so for the process (its threads follow).
  await new Promise((resolve, reject) => {
    tracer.stderr.on('data', (chunk) => (String(chunk).includes('attached') ? resolve() : undefined));
    tracer.once('exit', (code) => reject(new Error(`strace exited with ${code}`)));
  });
  await work();
  await new Promise((resolve) => {
    tracer.removeAllListeners('exit');
    tracer.once('exit', resolve);
    tracer.kill('SIGINT');
  });
  const table = await readFile(out, 'utf8');
  await run('rm', ['-f', out]);
  let calls = 0;
  for (const line of table.split('\n')) {
    const match = /^\s*[\d.]+\s+[\d.]+\s+\d+\s+(\d+)\s+(?:\d+\s+)?(sendto|sendmsg|writev|write)\s*$/.exec(line);
    if (match) calls += Number(match[1]);
  }
  return calls;
}

/**
 * One server (started by `start`) with `clients` live clients connected, its memory and connect
 * figures read on the way; `fleet` picks its own source addresses (servers are up side by side).
 * Resolves with what `benchFloor` needs to post to it in turn with the others, and to close it.
 */
async function connectFleet(name, start, { clients }, fleet) {
  const server = await start();
  const { pid } = server.child;
  const settledRssKb = async () => {
    await collectGarbage(server.inspector);
    return rssKb(pid);
  };
  const websockets = startClientFleet('bench/fanout-clients.mjs');
  const streams = startClientFleet('bench/sse-clients.mjs');
  const close = async () => {
    websockets.close();
    streams.close();
    await stop(server.child);
  };
  const wsCount = Math.floor(clients / 2);
  const sseCount = clients - wsCount;
  // The first clients of each kind are not counted in the memory and connect figures: they pay for
  // what any first connection does (code compiled, heap grown from its start size).
  const warmUp = Math.min(WARM_UP, Math.floor(wsCount / 4));
  try {
    await streams.connect({ url: server.url, count: warmUp, events: 'nowplaying,chat:message', sources: [sources(fleet + 1, sseCount)[0]] });
    await websockets.connect({ urls: [server.url], count: warmUp, sources: [sources(fleet, wsCount)[0]] });
    const rssBase = await settledRssKb();
    const cpuBase = await processCpuMs(pid);
    await streams.connect({ url: server.url, count: sseCount - warmUp, events: 'nowplaying,chat:message', sources: sources(fleet + 1, sseCount) });
    // CPU is read before each collection, so the connect figures do not pay for it.
    const cpuSse = await processCpuMs(pid);
    const rssSse = await settledRssKb();
    // What the server spends with no client connecting (ours: Engine.IO heartbeats, SSE keepalives),
    // before and after the WebSocket connects (backgroundMsPerS).
    const backgroundBefore = await backgroundMsPerS(pid, clients, SSE_KEEPALIVE_MS);
    const cpuWsBase = await processCpuMs(pid);
    const wsStarted = now();
    await websockets.connect({ urls: [server.url], count: wsCount - warmUp, sources: sources(fleet, wsCount) });
    const wsSeconds = (now() - wsStarted) / 1000;
    const cpuAll = await processCpuMs(pid);
    const rssAll = await settledRssKb();
    const backgroundAfter = await backgroundMsPerS(pid, clients, ENGINE_PING_MS);
    // The clients connected at an even pace, so on average half the new ones were up while they did.
    const wsBackgroundMs = ((backgroundBefore + backgroundAfter) / 2) * wsSeconds;
    const figures = {
      server: name,
      clients,
      sseBytesPerConnection: ((rssSse - rssBase) * 1024) / (sseCount - warmUp),
      wsBytesPerConnection: ((rssAll - rssSse) * 1024) / (wsCount - warmUp),
      bytesPerConnection: ((rssAll - rssBase) * 1024) / (clients - 2 * warmUp),
      rssMb: rssAll / 1024,
      sseConnectCpuUs: ((cpuSse - cpuBase) * 1000) / (sseCount - warmUp),
      wsConnectCpuUs: ((cpuAll - cpuWsBase) * 1000) / (wsCount - warmUp),
      wsConnectCpuLessBackgroundUs: ((cpuAll - cpuWsBase - wsBackgroundMs) * 1000) / (wsCount - warmUp),
      backgroundUsPerClientPerS: (backgroundAfter * 1000) / clients,
    };

    /**
     * One chat post, timed from just before it is sent: when its answer came, and when the last
     * client of each fleet had it. The server's CPU is read around the same window, so work it
     * does between posts (Engine.IO pings, SSE heartbeats: the floor has neither) is not counted
     * as the broadcast's.
     */
    const post = async (marker) => {
      const [ws, sse] = await Promise.all([websockets.expect(marker), streams.expect(marker)]);
      const [threadBefore, splitBefore] = await Promise.all([cpuMs(pid), cpuSplitMs(pid)]);
      const started = now();
      const response = await fetch(`${server.url}/api/mobile/chat`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ nickname: 'bench', message: marker }),
      });
      const answered = now() - started;
      if (response.status !== 201) throw new Error(`${name}: chat post answered ${response.status}: ${await response.text()}`);
      await response.arrayBuffer();
      const [wsAt, sseAt] = await Promise.all([ws.arrived, sse.arrived]);
      const [threadAfter, splitAfter] = await Promise.all([cpuMs(pid), cpuSplitMs(pid)]);
      const last = Math.max(wsAt, sseAt) - started;
      return {
        last,
        answered,
        afterAnswer: last - answered,
        ws: wsAt - started,
        sse: sseAt - started,
        cpu: threadAfter - threadBefore,
        user: splitAfter.user - splitBefore.user,
        system: splitAfter.system - splitBefore.system,
      };
    };

    /** `countPosts` more posts whose sends are counted (the kernel's segments; strace's syscalls). */
    const countSends = async (countPosts, strace) => {
      const port = Number(new URL(server.url).port);
      const segmentsBefore = await segmentsOut(port);
      const counted = async () => {
        for (let i = 0; i < countPosts; i++) await post(`count-${name}-${clients}-${i}-${Date.now()}`);
      };
      let sendCalls = null;
      if (strace && (await straceInstalled())) sendCalls = await countSendCalls(pid, counted);
      else await counted();
      const segments = (await segmentsOut(port)) - segmentsBefore;
      const frames = countPosts * clients;
      return { segmentsPerClientPerFrame: segments / frames, sendCallsPerClientPerFrame: sendCalls === null ? null : sendCalls / frames };
    };
    return { name, figures, post, countSends, close };
  } catch (error) {
    await close();
    throw error;
  }
}

const median = (values) => percentile(values, 50);

/** A server's row from its timed posts (`rounds`: one per post, in order; `paired`: the floor's, same rounds). */
function summarise(figures, rounds, paired, sends) {
  const of = (key) => rounds.map((r) => r[key]);
  const sum = (key) => of(key).reduce((a, b) => a + b, 0);
  return {
    ...figures,
    posts: rounds.length,
    p50: median(of('last')),
    p95: percentile(of('last'), 95),
    p99: percentile(of('last'), 99),
    wsP50: median(of('ws')),
    sseP50: median(of('sse')),
    answeredP50: median(of('answered')),
    answeredP99: percentile(of('answered'), 99),
    afterAnswerP50: median(of('afterAnswer')),
    afterAnswerP99: percentile(of('afterAnswer'), 99),
    cpuPerBroadcastMs: sum('cpu') / rounds.length,
    userMsPerBroadcast: sum('user') / rounds.length,
    systemMsPerBroadcast: sum('system') / rounds.length,
    // Each post against the floor's in the same round: load that comes and goes hits both alike.
    pairedCpuRatio: paired ? median(rounds.map((r, i) => r.cpu / paired[i].cpu)) : null,
    pairedLastRatio: paired ? median(rounds.map((r, i) => r.last / paired[i].last)) : null,
    ...sends,
  };
}

/**
 * Ours, the floor (setImmediate), and the floor run inside the POST's callback, at each size: all
 * three up side by side with their own clients, posted to in turn (the first of each round
 * rotates), so the machine's load hits each alike; then a few posts each whose sends are counted.
 */
export async function benchFloor({ sizes, posts, countPosts, config, log }) {
  const rows = [];
  const kinds = [
    ['ours', () => startOurs(config)],
    ['floor', () => startFloor('immediate')],
    ['floor-in-callback', () => startFloor('callback')],
  ];
  for (const clients of sizes) {
    const servers = [];
    try {
      for (const [index, [name, start]] of kinds.entries()) {
        log(`the floor: ${name} with ${clients} live clients (half Socket.IO websocket, half SSE)`);
        servers.push(await connectFleet(name, start, { clients }, 1 + 10 * index));
      }
      log(`the floor: ${posts} rounds of one post to each, interleaved`);
      const rounds = servers.map(() => []);
      for (let i = 0; i < posts; i++) {
        for (let k = 0; k < servers.length; k++) {
          const at = (i + k) % servers.length;
          rounds[at][i] = await servers[at].post(`floor-${servers[at].name}-${clients}-${i}-${Date.now()}`);
        }
      }
      // strace at the first size only: tracing every send of the largest fleet takes minutes.
      const strace = clients === sizes[0];
      for (const [index, server] of servers.entries())
        rows.push(summarise(server.figures, rounds[index], server.name === 'ours' ? rounds[1] : null, await server.countSends(countPosts, strace)));
    } finally {
      for (const server of servers) await server.close();
    }
  }
  return rows;
}

const ms = (value) => (Number.isFinite(value) ? `${value.toFixed(1)} ms` : 'n/a');
const kb = (bytes) => `${(bytes / 1024).toFixed(2)} KB`;
const us = (value) => `${value.toFixed(0)} µs`;
const ratio = (a, b) => (b > 0 ? `${(a / b).toFixed(2)}×` : 'n/a');
const count = (value) => (value === null ? 'n/a' : value.toFixed(2));

export function floorSection(rows) {
  const sizes = [...new Set(rows.map((r) => r.clients))];
  const row = (server, clients) => rows.find((r) => r.server === server && r.clients === clients);
  const lines = [
    '',
    '## The floor (issue 33): our fan-out against bare uWS, same clients, same frames',
    '',
    'Half the clients are Socket.IO websockets on /live, half SSE streams asking for chat; a REST chat post is timed from just before it is sent until the last client of both fleets has it (*last*), split into the time to its answer (201) and from the answer to the last client.',
    "*floor*: a bare uWS server (`bench/floor-uws.mjs`: `app.publish` for the websockets, `res.cork(() => res.write(frame))` per SSE stream) broadcasting from setImmediate after answering the POST; its POST parses the body and answers, with no validation, budget or store (ours does all three before answering). *floor in callback*: the same inside the POST's callback.",
    "The three servers are up side by side with their own clients and posted to in turn, one post each per round (the first of a round rotates). CPU: the main thread's, read just before each post and after its last client had it (work between posts, e.g. keepalives, is left out), averaged; user and system from the whole process. *paired*: the median over rounds of ours / the floor in the same round. Sends: `ss` segs_out of the server's sockets, and `strace -c -f` send-like syscalls (first size only, where strace is installed), per client per frame.",
    '',
    '| Clients | Server | posts | p50 | p95 | p99 | answer p50 / p99 | answer → last p50 / p99 | WS p50 | SSE p50 | CPU per broadcast | user | system | segments / client / frame | sends / client / frame | CPU ratio | p99 ratio | paired CPU / last |',
    '|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const clients of sizes) {
    const floor = row('floor', clients);
    for (const r of rows.filter((x) => x.clients === clients)) {
      const paired = r.pairedCpuRatio === null ? '' : `${r.pairedCpuRatio.toFixed(2)}× / ${r.pairedLastRatio.toFixed(2)}×`;
      lines.push(
        `| ${clients.toLocaleString('en-US')} | ${r.server} | ${r.posts} | ${ms(r.p50)} | ${ms(r.p95)} | ${ms(r.p99)} | ${ms(r.answeredP50)} / ${ms(r.answeredP99)} | ${ms(r.afterAnswerP50)} / ${ms(r.afterAnswerP99)} | ${ms(r.wsP50)} | ${ms(r.sseP50)} | ${ms(r.cpuPerBroadcastMs)} | ${ms(r.userMsPerBroadcast)} | ${ms(r.systemMsPerBroadcast)} | ${count(r.segmentsPerClientPerFrame)} | ${count(r.sendCallsPerClientPerFrame)} | ${ratio(r.cpuPerBroadcastMs, floor.cpuPerBroadcastMs)} | ${ratio(r.p99, floor.p99)} | ${paired} |`,
      );
    }
  }
  lines.push(
    '',
    '## Memory and CPU per live connection (RSS grown while the clients connected, each read after a full collection)',
    '',
    '| Clients | Server | SSE per connection | Socket.IO per connection | all | RSS | SSE connect CPU | WS connect CPU | WS connect CPU less background | background per client | memory ratio | connect CPU ratio (WS) | less background |',
    '|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
  );
  for (const clients of sizes) {
    const floor = row('floor', clients);
    for (const r of rows.filter((x) => x.clients === clients && x.server !== 'floor-in-callback')) {
      lines.push(
        `| ${clients.toLocaleString('en-US')} | ${r.server} | ${kb(r.sseBytesPerConnection)} | ${kb(r.wsBytesPerConnection)} | ${kb(r.bytesPerConnection)} | ${r.rssMb.toFixed(0)} MB | ${us(r.sseConnectCpuUs)} | ${us(r.wsConnectCpuUs)} | ${us(r.wsConnectCpuLessBackgroundUs)} | ${r.backgroundUsPerClientPerS.toFixed(2)} µs/s | ${ratio(r.bytesPerConnection, floor.bytesPerConnection)} | ${ratio(r.wsConnectCpuUs, floor.wsConnectCpuUs)} | ${ratio(r.wsConnectCpuLessBackgroundUs, floor.wsConnectCpuLessBackgroundUs)} |`,
      );
    }
  }
  if (sizes.length > 1) {
    const first = sizes[0];
    lines.push(
      '',
      `## Linear growth (against ${first.toLocaleString('en-US')} clients; flat is 1.00)`,
      '',
      '| Clients | Server | CPU per broadcast per client | of the smallest | RSS per client | of the smallest |',
      '|---:|---|---:|---:|---:|---:|',
    );
    for (const server of ['ours', 'floor']) {
      const base = row(server, first);
      for (const clients of sizes) {
        const r = row(server, clients);
        const perClient = (x) => (x.cpuPerBroadcastMs * 1000) / x.clients;
        lines.push(
          `| ${clients.toLocaleString('en-US')} | ${server} | ${perClient(r).toFixed(2)} µs | ${(perClient(r) / perClient(base)).toFixed(2)} | ${kb(r.bytesPerConnection)} | ${(r.bytesPerConnection / base.bytesPerConnection).toFixed(2)} |`,
        );
      }
    }
  }
  lines.push('');
  return lines.join('\n');
}
