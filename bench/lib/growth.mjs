// Linear growth (issue 33, item 7): live clients from 10,000 up to what the machine holds, past one
// process's open-file limit. The hub is spread over server.workers (one port, SO_REUSEPORT, Redis)
// so that no worker holds more than its limit allows, and the clients over several load generator
// processes, each under its own limit and on its own source address (127.5.x.y: one address has
// ~28k ephemeral ports, and these are not the ones the rest of the bench uses). At each size: CPU
// per broadcast per client, summed over the hub's processes, and RSS per client, summed and read
// after a full collection in every worker; flat (±20 %) from the smallest size to the top is the goal.
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { availableParallelism, loadavg } from 'node:os';
import { promisify } from 'node:util';
import { collectGarbageAt } from './inspector-gc.mjs';
import { oneProcessHolds, openFileLimit } from './file-limit.mjs';
import { benchConfig, cpuMs, cpuSplitMs, startClientFleet, stop } from './processes.mjs';
import { startGroup } from './workers.mjs';

const run = promisify(execFile);
/** A worker is given at most this share of what one process holds: the kernel's spread over the workers is uneven. */
const WORKER_SHARE = 0.8;
/** Clients of each kind connected before the memory and connect figures start (compiled code, grown heaps). */
const WARM_UP_PER_WORKER = 250;
/** What a client costs the machine, hub and load generator together, for choosing the top size (measured ~25 KB; kept wide). */
const BYTES_PER_CLIENT_ESTIMATE = 40 * 1024;
/** The share of the memory available now that the bench may take: the machine is shared. */
const MEMORY_SHARE = 0.5;
const STEPS = [10_000, 20_000, 40_000, 60_000, 80_000, 100_000];

const now = () => performance.timeOrigin + performance.now();
const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};

async function memAvailableBytes() {
  return Number(/MemAvailable:\s+(\d+)/.exec(await readFile('/proc/meminfo', 'utf8'))[1]) * 1024;
}
async function rssBytes(pid) {
  return Number(/VmRSS:\s+(\d+)/.exec(await readFile(`/proc/${pid}/status`, 'utf8'))[1]) * 1024;
}
const sum = async (pids, read) => (await Promise.all(pids.map(read))).reduce((a, b) => a + b, 0);
const processCpuMs = async (pid) => {
  const { user, system } = await cpuSplitMs(pid);
  return user + system;
};

/**
 * The sizes to run and why the top is where it is: the steps that fit in the memory available now
 * (half of it), and the workers and load generators each size needs under the file limit.
 */
export async function growthPlan({ sizes, perWorker: asked } = {}) {
  const limit = openFileLimit();
  const holds = oneProcessHolds(limit);
  // `perWorker` is for the smoke run, which spreads a few clients over workers all the same.
  const perWorker = Math.min(asked ?? Infinity, Math.floor(holds * WORKER_SHARE));
  const memory = await memAvailableBytes();
  const memoryTop = Math.floor((memory * MEMORY_SHARE) / BYTES_PER_CLIENT_ESTIMATE);
  // Workers share the cores with the load generators: 60,000 on four workers starved a 2-core box
  // (Redis timeouts while the clients connected), so a size may use one worker per core plus one.
  const cores = availableParallelism();
  const cpuTop = (cores + 1) * perWorker;
  const chosen = sizes ?? STEPS.filter((size) => size <= memoryTop && size <= cpuTop);
  return {
    limit,
    perWorker,
    perFleet: holds,
    memoryTop,
    sizes: chosen,
    top: sizes
      ? 'the sizes asked for'
      : chosen.length === STEPS.length
        ? "the bench's largest step"
        : cpuTop < memoryTop
          ? `CPU: ${cores} cores carry ${cores + 1} workers of ${perWorker.toLocaleString('en-US')} clients (the file limit's 80 %)`
          : `memory: half of ${(memory / 2 ** 30).toFixed(1)} GiB available holds ~${memoryTop.toLocaleString('en-US')} clients`,
  };
}

/** The first of `count` ports free on 127.0.0.1 in a row, below the ephemeral range (32768). */
async function freePortRun(count) {
  const free = (port) =>
    new Promise((resolve) => {
      const probe = createServer();
      probe.once('error', () => resolve(false));
      probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
    });
  for (let tries = 0; tries < 100; tries++) {
    const first = 20_000 + Math.floor(Math.random() * (12_000 - count));
    let all = true;
    for (let port = first; all && port < first + count; port++) all = await free(port);
    if (all) return first;
  }
  throw new Error(`growth: no ${count} free ports in a row for the inspectors`);
}

/** Every process of the hub collects fully (through its inspector) so that RSS is not read mid-growth. */
async function collectGarbage(inspectors) {
  await Promise.all(inspectors.map(collectGarbageAt));
}

/**
 * Load generators of one kind (websocket or SSE) for `count` clients, each under the file limit and
 * on its own source address; `connect(url, n)` adds n clients to one.
 */
function fleets(kind, count, perFleet) {
  const n = Math.max(1, Math.ceil(count / perFleet));
  return Array.from({ length: n }, (_, i) => {
    const fleet = startClientFleet(kind === 'sse' ? 'bench/sse-clients.mjs' : 'bench/fanout-clients.mjs');
    const sources = [`127.5.${kind === 'sse' ? 2 : 1}.${i + 1}`];
    return {
      fleet,
      count: Math.floor(count / n) + (i < count % n ? 1 : 0),
      connect: (url, clients) =>
        kind === 'sse' ? fleet.connect({ url, count: clients, events: 'nowplaying,chat:message', sources }) : fleet.connect({ urls: [url], count: clients, sources }),
    };
  });
}

/** How many clients each worker holds: its established connections on the hub's port (ss). */
async function clientsPerWorker(port, pids) {
  const { stdout } = await run('ss', ['-tnpH', 'state', 'established', `( sport = :${port} )`], { maxBuffer: 512 * 1024 * 1024 });
  return pids.map((pid) => stdout.split('\n').filter((line) => line.includes(`pid=${pid},`)).length);
}

async function measureSize(env, clients, plan, posts) {
  const workers = Math.ceil(clients / plan.perWorker);
  // Each process of the hub opens an inspector: node:cluster gives worker k the primary's port + k,
  // so the ports are taken below the ephemeral range, where thousands of client sockets are not.
  const inspector = await freePortRun(workers + 1);
  const { group, inspectors, workers: services } = await startGroup({ ...env, WORKERS: String(workers) }, workers, { nodeArgs: [`--inspect=127.0.0.1:${inspector}`] });
  const workerPids = services.map((s) => s.child.pid);
  const hubPids = workers === 1 ? workerPids : [group.pid, ...workerPids];
  const { url } = services[0];
  const wsCount = Math.floor(clients / 2);
  const sseCount = clients - wsCount;
  const ws = fleets('websocket', wsCount, plan.perFleet);
  const sse = fleets('sse', sseCount, plan.perFleet);
  const all = [...ws, ...sse];
  try {
    const expected = workers === 1 ? 1 : workers + 1;
    // The inspectors' lines come on stderr, which may trail the listening lines on stdout.
    for (let waited = 0; inspectors.length < expected && waited < 10_000; waited += 50) await new Promise((resolve) => setTimeout(resolve, 50));
    if (inspectors.length !== expected) throw new Error(`growth: ${inspectors.length} inspectors opened, ${expected} expected (the memory figures need every one): ${inspectors.join(' ')}`);
    const warmUp = Math.min(WARM_UP_PER_WORKER * workers, Math.floor(wsCount / 4));
    await Promise.all([ws[0].connect(url, warmUp), sse[0].connect(url, warmUp)]);
    await collectGarbage(inspectors);
    const rssBase = await sum(hubPids, rssBytes);
    const connectCpuBase = await sum(hubPids, processCpuMs);
    await Promise.all(all.map((f) => f.connect(url, f === ws[0] || f === sse[0] ? f.count - warmUp : f.count)));
    const connectCpu = (await sum(hubPids, processCpuMs)) - connectCpuBase;
    await collectGarbage(inspectors);
    const rssAll = await sum(hubPids, rssBytes);
    const fleetRss = await sum(
      all.map((f) => f.fleet.child.pid),
      rssBytes,
    );
    const held = await clientsPerWorker(Number(new URL(url).port), workerPids);

    const delays = [];
    const threadBefore = await sum(workerPids, cpuMs);
    const processBefore = await sum(hubPids, processCpuMs);
    const systemBefore = await sum(hubPids, async (pid) => (await cpuSplitMs(pid)).system);
    for (let i = 0; i < posts; i++) {
      const marker = `growth-${clients}-${i}-${Date.now()}`;
      const armed = await Promise.all(all.map((f) => f.fleet.expect(marker)));
      const started = now();
      const response = await fetch(`${url}/api/mobile/chat`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ nickname: 'bench', message: marker }),
      });
      if (response.status !== 201) throw new Error(`growth: chat post answered ${response.status}: ${await response.text()}`);
      await response.arrayBuffer();
      const last = Math.max(...(await Promise.all(armed.map((a) => a.arrived))));
      delays.push(last - started);
    }
    const threadCpu = (await sum(workerPids, cpuMs)) - threadBefore;
    const processCpu = (await sum(hubPids, processCpuMs)) - processBefore;
    // On loopback the kernel's work for every receiving socket is charged to the sender: the
    // system share says how much of the growth is TCP rather than JavaScript.
    const systemCpu = (await sum(hubPids, async (pid) => (await cpuSplitMs(pid)).system)) - systemBefore;
    const measured = clients - 2 * warmUp;
    return {
      clients,
      workers,
      fleets: all.length,
      mostOnOneWorker: Math.max(...held),
      posts,
      p50: percentile(delays, 50),
      p99: percentile(delays, 99),
      cpuPerBroadcastMs: threadCpu / posts,
      processCpuPerBroadcastMs: processCpu / posts,
      systemShare: processCpu > 0 ? systemCpu / processCpu : 0,
      bytesPerClient: (rssAll - rssBase) / measured,
      connectCpuUs: (connectCpu * 1000) / measured,
      hubRssMb: rssAll / 2 ** 20,
      fleetBytesPerClient: fleetRss / clients,
      loadAverage: loadavg()[0],
    };
  } finally {
    for (const f of all) f.fleet.close();
    await stop(group);
  }
}

/**
 * Each size in turn, on Redis (`env` carries REDIS_URL and a prefix of its own). The command
 * timeout is raised from 500 ms to 5 s: on a shared 2-core box a hub accepting thousands of
 * clients is off the CPU for longer than 500 ms at times, calls a Redis that is fine, and would
 * refuse clients with 503 until its probe finds Redis again; this measures fan-out, not that.
 */
export async function benchGrowth(env, { sizes, perWorker, posts, log }) {
  const plan = await growthPlan({ sizes, perWorker });
  env = { ...env, RADIO_CONFIG: benchConfig({ redis: { commandTimeoutMs: 5000 } }) };
  const rows = [];
  for (const clients of plan.sizes) {
    log(`linear growth: ${clients} live clients on ${Math.ceil(clients / plan.perWorker)} worker(s), half Socket.IO websocket, half SSE`);
    rows.push(await measureSize(env, clients, plan, posts));
    // Each row as it comes: the largest sizes take minutes on a shared machine.
    log(`linear growth: ${JSON.stringify(rows.at(-1))}`);
  }
  return { plan, rows };
}

const ms = (value) => `${value.toFixed(1)} ms`;
const kb = (bytes) => `${(bytes / 1024).toFixed(2)} KB`;
const int = (value) => value.toLocaleString('en-US');

export function growthSection(growth) {
  if (!growth?.rows.length) return '';
  const { plan, rows } = growth;
  const [base] = rows;
  const perClientUs = (r) => (r.cpuPerBroadcastMs * 1000) / r.clients;
  const processPerClientUs = (r) => (r.processCpuPerBroadcastMs * 1000) / r.clients;
  const flat = (value) => (Math.abs(value - 1) <= 0.2 ? `${value.toFixed(2)}` : `**${value.toFixed(2)}**`);
  const lines = [
    '',
    '## Linear growth past one process (issue 33, item 7): the hub on server.workers, Redis store',
    '',
    `Open-file limit ${int(plan.limit)} per process, so one worker is given at most ${int(plan.perWorker)} clients and each load generator ${int(plan.perFleet)}, each generator on its own 127.5.x.y source address. Top size: ${plan.top}.`,
    'Half the clients are Socket.IO websockets on /live, half SSE streams asking for chat; a REST chat post (to whichever worker the kernel picks) is timed until the last client has it.',
    "CPU: every worker's main thread per broadcast, summed, and per client (*process*: user + system of all the hub's processes, the primary included). RSS: all the hub's processes, grown while the clients connected, read after a full collection in each worker, per client. Flat is 1.00 (±0.20; bold outside).",
    '',
    '| Clients | Workers | most on one worker | Load generators | p50 | p99 | CPU per broadcast | per client | of the smallest | process CPU per client | of the smallest | system share | RSS per client | of the smallest | connect CPU | RSS of the load generators per client | load |',
    '|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...rows.map(
      (r) =>
        `| ${int(r.clients)} | ${r.workers} | ${int(r.mostOnOneWorker)} | ${r.fleets} | ${ms(r.p50)} | ${ms(r.p99)} | ${ms(r.cpuPerBroadcastMs)} | ${perClientUs(r).toFixed(2)} µs | ${flat(perClientUs(r) / perClientUs(base))} | ${processPerClientUs(r).toFixed(2)} µs | ${flat(processPerClientUs(r) / processPerClientUs(base))} | ${r.systemShare === undefined ? 'n/a' : `${(r.systemShare * 100).toFixed(0)} %`} | ${kb(r.bytesPerClient)} | ${flat(r.bytesPerClient / base.bytesPerClient)} | ${r.connectCpuUs.toFixed(0)} µs | ${kb(r.fleetBytesPerClient)} | ${r.loadAverage.toFixed(1)} |`,
    ),
    '',
  ];
  return lines.join('\n');
}
