// Where the edge's CPU goes (issue 33, item 6): GET /api/mobile/status on the memory store, ours
// beside the hand-written contract handler (bench/contract-uws.mjs), each under wrk with
// `node --cpu-prof`, and the CPU per request of both from interleaved rounds without the profiler.
// Prints the top self-time frames of each and the frames only ours has.
//   npm run build && node bench/profile-status.mjs [--seconds 5] [--rounds 3] [--top 25] [--base DIR] [--redis] [--path P]
// --base DIR: another built checkout's service joins the interleaved rounds (before/after an edit).
// --redis: the Redis store instead (a private redis-server), beside bench/contract-redis-uws.mjs,
// the contract handler that spends the same budget script and writes the same bytes by hand.
// --path P: another station GET the contract handlers serve (/api/mobile/nowplaying).
// --post: POST the path with the contract bench's body instead (--redis --path /api/mobile/chat --post:
// the chat post, each request a new message as lib/redis-contract.mjs sends them).
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { captureStatusContract, startContract } from './lib/baselines.mjs';
import { benchConfig, cpuMs, startService, stop } from './lib/processes.mjs';
import { CONTRACT_ROUTES, contractFor, startContractHandler } from './lib/redis-contract.mjs';
import { startPrivateRedis } from './lib/redis-round-trips.mjs';
import { wrk } from './lib/wrk.mjs';

const args = process.argv.slice(2);
const option = (name, fallback) => (args.includes(name) ? Number(args[args.indexOf(name) + 1]) : fallback);
const seconds = option('--seconds', 5);
const rounds = option('--rounds', 3);
const top = option('--top', 25);
const baseRoot = args.includes('--base') ? args[args.indexOf('--base') + 1] : null;
const PATH = args.includes('--path') ? args[args.indexOf('--path') + 1] : '/api/mobile/status';
const onRedis = args.includes('--redis');
const POST = args.includes('--post') ? CONTRACT_ROUTES.find((route) => route.method === 'POST' && route.path === PATH) : undefined;
if (args.includes('--post') && !POST) throw new Error(`no contract route posts to ${PATH}`);
// What wrk sends: a GET, or the POST with its body (wrk's Lua script numbers each one).
const load = POST ? { method: 'POST', body: POST.body } : {};
const config = benchConfig();
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function cpuPerRequest(server) {
  const before = await cpuMs(server.child.pid);
  const result = await wrk(server.url + PATH, { seconds, ...load });
  if (result.non2xx > 0) throw new Error(`${server.url} answered non-2xx`);
  return { us: (((await cpuMs(server.child.pid)) - before) * 1000) / result.requests, rps: result.rps };
}

/**
 * Self time per frame (function, file:line) of a .cpuprofile, in ms, with the total; only the
 * samples within [fromMs, toMs] after the profile began (the load, not start-up or shutdown).
 */
function selfTimes(file, fromMs, toMs) {
  const profile = JSON.parse(readFileSync(file, 'utf8'));
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const ticks = new Map();
  let at = 0;
  for (let i = 0; i < profile.samples.length; i++) {
    at += profile.timeDeltas[i] ?? 0;
    if (at / 1000 < fromMs || at / 1000 > toMs) continue;
    ticks.set(profile.samples[i], (ticks.get(profile.samples[i]) ?? 0) + (profile.timeDeltas[i] ?? 0));
  }
  const frames = new Map();
  let total = 0;
  for (const [id, us] of ticks) {
    const { callFrame } = byId.get(id);
    const where = callFrame.url ? `${callFrame.url.replace(/^.*\/(dist|node_modules|bench)\//, '$1/')}:${callFrame.lineNumber + 1}` : '';
    const name = `${callFrame.functionName || '(anonymous)'} ${where}`.trim();
    frames.set(name, (frames.get(name) ?? 0) + us / 1000);
    total += us / 1000;
  }
  return { frames, total };
}

async function profiled(start) {
  const dir = mkdtempSync(join(tmpdir(), 'radio-prof-'));
  const spawnedAt = performance.now();
  const server = await start(['--cpu-prof', '--cpu-prof-dir', dir]);
  // The profile starts with the process (a few ms after the spawn); the window is kept inside the load.
  const loadFrom = performance.now() - spawnedAt + 250;
  const result = await wrk(server.url + PATH, { seconds, ...load });
  const loadTo = performance.now() - spawnedAt - 250;
  await stop(server.child);
  const file = readdirSync(dir).find((name) => name.endsWith('.cpuprofile'));
  if (!file) throw new Error(`no profile written in ${dir}`);
  // Requests within the window, pro rata.
  return { ...selfTimes(join(dir, file), loadFrom, loadTo), requests: (result.requests * (loadTo - loadFrom)) / (seconds * 1000) };
}

const redis = onRedis ? await startPrivateRedis() : undefined;
const store = redis ? { REDIS_URL: redis.url, REDIS_PREFIX: 'radio-bench:' } : {};
const ours = (nodeArgs = []) => startService({ RADIO_CONFIG: config, ...store }, nodeArgs);
const probe = await ours();
const contract = redis ? await contractFor(probe.url, config) : await captureStatusContract(probe.url);
await stop(probe.child);
const theirs = (nodeArgs = []) => (redis ? startContractHandler(contract, redis.url, nodeArgs) : startContract(contract, nodeArgs));
process.on('exit', () => redis?.child.kill());

// CPU per request, interleaved rounds without the profiler.
const servers = { ours: await ours(), contract: await theirs() };
if (baseRoot) servers.base = await (await import(join(baseRoot, 'bench/lib/processes.mjs'))).startService({ RADIO_CONFIG: config, ...store });
const runs = Object.fromEntries(Object.keys(servers).map((name) => [name, []]));
try {
  for (let round = 0; round < rounds; round++) for (const name of Object.keys(servers)) runs[name].push(await cpuPerRequest(servers[name]));
} finally {
  await Promise.all(Object.values(servers).map((server) => stop(server.child)));
}
const cpu = Object.fromEntries(Object.entries(runs).map(([name, list]) => [name, median(list.map((r) => r.us))]));
const print = (line = '') => process.stdout.write(`${line}\n`);
print(
  `${POST ? 'POST' : 'GET'} ${PATH}, ${redis ? 'Redis' : 'memory'} store, Node ${process.version}, ${rounds} interleaved rounds of ${seconds} s, load average ${loadavg()[0].toFixed(1)}`,
);
print(`CPU per request: ours ${cpu.ours.toFixed(2)} µs, contract handler ${cpu.contract.toFixed(2)} µs, ours / contract ${(cpu.ours / cpu.contract).toFixed(2)}×`);
if (baseRoot) print(`base (${baseRoot}): ${cpu.base.toFixed(2)} µs, base / contract ${(cpu.base / cpu.contract).toFixed(2)}×, ours / base ${(cpu.ours / cpu.base).toFixed(2)}×`);
print(
  `req/s (median): ${Object.entries(runs)
    .map(([name, list]) => `${name} ${Math.round(median(list.map((r) => r.rps)))}`)
    .join(', ')}`,
);
if (args.includes('--no-profile')) process.exit(0);

const profiles = { ours: await profiled(ours), contract: await profiled(theirs) };
for (const [name, { frames, total, requests }] of Object.entries(profiles)) {
  print('');
  print(`## ${name}: top self time, µs per request (busy ${(((total - (frames.get('(idle)') ?? 0)) * 1000) / requests).toFixed(2)} µs per request over ${Math.round(requests)} requests)`);
  for (const [frame, msSelf] of [...frames]
    .filter(([frame]) => frame !== '(idle)')
    .sort((a, b) => b[1] - a[1])
    .slice(0, top))
    print(`${((msSelf * 1000) / requests).toFixed(3).padStart(8)}  ${frame}`);
}
print('');
print('## frames of ours the contract handler does not have (µs per request)');
const theirNames = new Set(profiles.contract.frames.keys());
const onlyOurs = [...profiles.ours.frames].filter(([frame]) => !theirNames.has(frame)).sort((a, b) => b[1] - a[1]);
const onlySum = onlyOurs.reduce((sum, [, msSelf]) => sum + msSelf, 0);
print(`all of them together: ${((onlySum * 1000) / profiles.ours.requests).toFixed(2)} µs per request`);
for (const [frame, msSelf] of onlyOurs.slice(0, top)) print(`${((msSelf * 1000) / profiles.ours.requests).toFixed(3).padStart(8)}  ${frame}`);
