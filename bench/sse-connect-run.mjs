// The CPU of an SSE (or, with `--kind ws`, a Socket.IO websocket on /live) connect against the
// floor's (issue 33, item 4), interleaved: the hub and the bare uWS floor (bench/floor-uws.mjs) are
// up side by side, and each round opens `--batch` SSE streams asking for chat (or websockets) to each in turn (the first of a round rotates), reading both servers'
// CPU around each batch. The floor's whole-run figures (bench/floor-run.mjs) connect one server's
// fleet after the other's, so load from others on a shared machine lands on one side only; here
// every round pairs the two under the same load, and the median of the per-round ratios is given.
// Memory per stream: RSS grown over the rounds, read after a full collection (as the floor section).
//   npm run build && node bench/sse-connect-run.mjs [--kind sse|ws] [--clients 10000] [--batch 1000] [--hub DIR ...]
// --hub DIR (repeatable): another hub build to run beside ours (DIR/dist/main.js), e.g. the
// commit before a change, extracted with `git archive` and built: its figures come from the same rounds.
import { spawn } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { collectGarbageAt } from './lib/inspector-gc.mjs';
import { startFloor } from './lib/floor.mjs';
import { benchConfig, cpuMs, firstJsonLine, SERVER_CORE, startClientFleet, stop } from './lib/processes.mjs';

const ROOT = new URL('..', import.meta.url).pathname;
const args = process.argv.slice(2);
const option = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
const kind = option('--kind', 'sse');
const clients = Number(option('--clients', '10000'));
const batch = Number(option('--batch', '1000'));
const hubs = args.flatMap((arg, i) => (arg === '--hub' ? [args[i + 1]] : []));
const WARM_UP = 500;
const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length % 2 ? sorted[(sorted.length - 1) / 2] : (sorted[sorted.length / 2 - 1] + sorted[sorted.length / 2]) / 2;
};
const log = (text) => process.stderr.write(`bench: ${text}\n`);

/** A port free now, for a server's inspector (memory is read after a full collection through it). */
async function freePort() {
  const server = createServer();
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** RSS of `server` in KB after a full garbage collection (HeapProfiler.collectGarbage through its inspector). */
async function settledRssKb(server) {
  const [target] = await (await fetch(`http://127.0.0.1:${server.inspector}/json/list`)).json();
  await collectGarbageAt(target.webSocketDebuggerUrl);
  return Number(/VmRSS:\s+(\d+)/.exec(await readFile(`/proc/${server.child.pid}/status`, 'utf8'))[1]);
}

async function startHub(root, config) {
  const inspector = await freePort();
  const child = spawn('taskset', ['-c', SERVER_CORE, process.execPath, `--inspect=127.0.0.1:${inspector}`, join(root, 'dist/main.js')], {
    env: { PATH: process.env.PATH, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', RADIO_CONFIG: config },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const port = await firstJsonLine(child, (entry) => (entry.msg === 'radio hub listening' ? entry.port : undefined));
  return { child, url: `http://127.0.0.1:${port}`, inspector };
}

const config = benchConfig();
const servers = [{ name: 'ours', ...(await startHub(ROOT, config)) }];
for (const [i, root] of hubs.entries()) servers.push({ name: `hub ${i + 1} (${root})`, ...(await startHub(root, config)) });
servers.push({ name: 'floor', ...(await startFloor('immediate')) });
const fleets = servers.map((server, i) => ({
  server,
  fleet: startClientFleet(kind === 'ws' ? 'bench/fanout-clients.mjs' : 'bench/sse-clients.mjs'),
  source: `127.0.${40 + i}.1`,
  rounds: [],
}));
/**
 * CPU time of every thread of `pid` (V8's GC helpers too), in ms, from each thread's schedstat
 * (nanoseconds): /proc/PID/stat counts in 10 ms ticks, 10 µs per connect in a batch of 1,000.
 */
const processCpu = async (pid) => {
  let ns = 0;
  for (const tid of await readdir(`/proc/${pid}/task`)) {
    // A thread may end between the listing and the read.
    ns += Number((await readFile(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').catch(() => '0')).split(' ')[0]);
  }
  return ns / 1e6;
};
const open = (entry, count) =>
  kind === 'ws'
    ? entry.fleet.connect({ urls: [entry.server.url], count, sources: [entry.source] })
    : entry.fleet.connect({ url: entry.server.url, count, events: 'nowplaying,chat:message', sources: [entry.source] });

try {
  for (const entry of fleets) await open(entry, WARM_UP);
  // Memory: RSS grown from after the warm-up to after the last round, each read after a full collection.
  for (const entry of fleets) entry.rssBase = await settledRssKb(entry.server);
  const rounds = Math.floor((clients - WARM_UP) / batch);
  for (let round = 0; round < rounds; round++) {
    const order = fleets.map((_, i) => fleets[(i + round) % fleets.length]);
    for (const entry of order) {
      const { pid } = entry.server.child;
      const [threadBefore, processBefore] = await Promise.all([cpuMs(pid), processCpu(pid)]);
      await open(entry, batch);
      const [threadAfter, processAfter] = await Promise.all([cpuMs(pid), processCpu(pid)]);
      entry.rounds.push({ thread: ((threadAfter - threadBefore) * 1000) / batch, process: ((processAfter - processBefore) * 1000) / batch });
    }
    log(
      `round ${round + 1}/${rounds}: ${fleets.map((entry) => `${entry.server.name.split(' (')[0]} ${entry.rounds.at(-1).thread.toFixed(0)}/${entry.rounds.at(-1).process.toFixed(0)} µs`).join(', ')} (main thread/process)`,
    );
  }
  for (const entry of fleets) entry.bytesPerStream = (((await settledRssKb(entry.server)) - entry.rssBase) * 1024) / (rounds * batch);
  const load = (await import('node:os')).loadavg()[0].toFixed(1);
  const floor = fleets.at(-1);
  const lines = [
    `${kind === 'ws' ? 'Socket.IO websocket' : 'SSE'} connect CPU, ${clients.toLocaleString('en-US')} ${kind === 'ws' ? 'websockets on /live' : 'streams asking for chat'} per server (${WARM_UP} warm-up, then ${rounds} interleaved rounds of ${batch}); load average ${load} at the end`,
    '',
    '| Server | main thread per connect (median of rounds) | all threads per connect (median) | main thread / floor (median of rounds) | all threads / floor (median of rounds) | memory per connection (RSS) | memory / floor |',
    '|---|---:|---:|---:|---:|---:|---:|',
    ...fleets.map((entry) => {
      const ratio = (key) => median(entry.rounds.map((r, i) => r[key] / floor.rounds[i][key])).toFixed(2);
      return `| ${entry.server.name} | ${median(entry.rounds.map((r) => r.thread)).toFixed(1)} µs | ${median(entry.rounds.map((r) => r.process)).toFixed(1)} µs | ${ratio('thread')}× | ${ratio('process')}× | ${(entry.bytesPerStream / 1024).toFixed(2)} KB | ${(entry.bytesPerStream / floor.bytesPerStream).toFixed(2)}× |`;
    }),
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
} finally {
  for (const entry of fleets) entry.fleet.close();
  await Promise.all(servers.map((server) => stop(server.child)));
}
log('done');
