// Each public route against its contract handler on the Redis store (issue 33, item 6): ours and
// bench/contract-redis-uws.mjs (the same Redis work by hand, one round trip, the same bytes and
// headers) on one private redis-server: the commands and round trips per request of both (INFO
// stats, as lib/redis-round-trips.mjs counts ours), then CPU per request and req/s in interleaved
// rounds.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from 'redis';
import { captureStatusContract } from './baselines.mjs';
import { benchConfig, firstJsonLine, SERVER_CORE, startService, stop } from './processes.mjs';
import { counters, requests, startPrivateRedis } from './redis-round-trips.mjs';
import { wrkWithCpu } from './rest.mjs';

const ROOT = new URL('../..', import.meta.url).pathname;
const STATION_GETS = ['status', 'nowplaying', 'stats', 'schedule', 'playlists'].map((name) => `/api/mobile/${name}`);
// The general GETs older widgets poll: public, and spending no budget (nothing in Redis per request).
const GENERAL_GETS = ['/api/current-song.php', '/api/stream-stats.php', '/api/now-playing.php'];
const CHAT = '/api/mobile/chat';
const REQUESTS = '/api/mobile/requests';
const FEEDBACK = '/api/mobile/feedback';
export const CONTRACT_ROUTES = [
  ...STATION_GETS.map((path) => ({ name: `GET ${path}`, method: 'GET', path })),
  ...GENERAL_GETS.map((path) => ({ name: `GET ${path}`, method: 'GET', path })),
  { name: `GET ${CHAT}`, method: 'GET', path: CHAT },
  { name: `POST ${CHAT}`, method: 'POST', path: CHAT, body: '{"nickname":"bench","message":"Praise him, message %d"}' },
  { name: `GET ${REQUESTS}`, method: 'GET', path: REQUESTS },
  // A new song from a new listener each time (one request per listener per delay): each is queued, tallied and announced.
  { name: `POST ${REQUESTS}`, method: 'POST', path: REQUESTS, body: '{"song_title":"Song %d","artist":"Bench Choir"}', clientPerRequest: true },
  { name: `POST ${FEEDBACK}`, method: 'POST', path: FEEDBACK, body: '{"type":"app_feedback","content":"Blessed, note %d","rating":5}' },
];
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** What the contract handler must answer and count, read from our answers and the bench config. */
export async function contractFor(url, configPath) {
  const { rateLimit, origins, exposeHeaders } = await captureStatusContract(url);
  const answers = {};
  for (const path of [...STATION_GETS, ...GENERAL_GETS]) {
    const response = await fetch(url + path);
    if (response.status !== 200) throw new Error(`ours answered ${response.status} on GET ${path}`);
    answers[path] = {
      body: Buffer.from(await response.arrayBuffer()).toString('base64'),
      etag: response.headers.get('etag'),
      cacheControl: response.headers.get('cache-control'),
      // A route that spends no budget sends no RateLimit headers: the contract answers it without Redis.
      budget: response.headers.has('ratelimit-policy'),
    };
  }
  const config = JSON.parse(readFileSync(configPath, 'utf8'));
  // The request and feedback rules as ours runs them: the bench config over config/default.json.
  const defaults = JSON.parse(readFileSync(join(ROOT, 'config/default.json'), 'utf8'));
  const rules = (section) => ({ ...defaults[section], ...config[section] });
  return {
    rateLimit,
    origins,
    exposeHeaders,
    answers,
    chatRateLimit: config.rateLimit.chat,
    requests: rules('requests'),
    feedback: rules('feedback'),
    liveEventHistory: rules('live').sse?.historySize ?? defaults.live.sse.historySize,
  };
}

export async function startContractHandler(contract, redisUrl, nodeArgs = []) {
  const file = join(mkdtempSync(join(tmpdir(), 'radio-contract-redis-')), 'contract.json');
  writeFileSync(file, JSON.stringify({ ...contract, redisUrl, prefix: `radio-bench-contract:${randomUUID().slice(0, 8)}:` }));
  const child = spawn('taskset', ['-c', SERVER_CORE, process.execPath, ...nodeArgs, join(ROOT, 'bench/contract-redis-uws.mjs'), file], { stdio: ['ignore', 'pipe', 'pipe'] });
  const port = await firstJsonLine(child, (entry) => entry.port);
  return { child, url: `http://127.0.0.1:${port}` };
}

/** 20 messages and 20 pending song requests, so GET chat and GET requests carry a full page on both. */
async function seed(url) {
  const route = (name) => CONTRACT_ROUTES.find((r) => r.name === name);
  await requests(url, { ...route(`POST ${CHAT}`), body: '{"nickname":"seed","message":"seed message %d"}' }, 20, 0);
  await requests(url, { ...route(`POST ${REQUESTS}`), body: '{"song_title":"Seed song %d","artist":"Seed Choir"}' }, 20, 5_000_000);
}

/** Commands and round trips per request of `server` on each route (the private Redis's counters). */
async function countRoundTrips(client, server, count, routes) {
  const rows = {};
  let sequence = 1_000_000;
  for (const route of routes) {
    await requests(server.url, route, 2, (sequence += 2));
    const before = await counters(client);
    const startedAt = performance.now();
    await requests(server.url, route, count, (sequence += count));
    const busyMs = performance.now() - startedAt;
    const after = await counters(client);
    // The same span with no requests: what the server does by itself meanwhile (ours: the programme watch, heartbeats).
    await new Promise((resolve) => setTimeout(resolve, busyMs));
    const quiet = await counters(client);
    const perRequest = (key) => Math.max(0, after[key] - before[key] - 1 - (quiet[key] - after[key] - 1)) / count;
    rows[route.name] = { commands: perRequest('commands'), roundTrips: perRequest('reads') };
  }
  return rows;
}

/**
 * One row per route: ours / contract handler in CPU per request and req/s (medians of interleaved
 * rounds), and the Redis commands and round trips of both; with the load average at the end (the
 * machine is shared). Both run on one private redis-server, so its counters see only them.
 */
export async function benchRedisContract({ config, seconds, rounds, requestsPerRoute, only }) {
  // `only`: one route's name ("POST /api/mobile/chat"), to measure it alone.
  const routes = only ? CONTRACT_ROUTES.filter((route) => route.name === only) : CONTRACT_ROUTES;
  if (routes.length === 0) throw new Error(`no contract route named "${only}"`);
  const redis = await startPrivateRedis();
  const servers = {};
  const rows = routes.map((route) => ({ endpoint: route.name, ours: {}, contract: {} }));
  const client = createClient({ url: redis.url });
  try {
    await client.connect();
    // X-Forwarded-For believed from loopback: each song request comes from a listener of its own (as the contract handler reads it).
    const oursConfig = benchConfig({ ...JSON.parse(readFileSync(config, 'utf8')), trustProxy: ['127.0.0.1'] });
    const startOurs = () => startService({ RADIO_CONFIG: oursConfig, REDIS_URL: redis.url, REDIS_PREFIX: 'radio-bench:' });
    // Round trips first, each server alone on the Redis (ours' own background work would blur the handler's count).
    servers.ours = await startOurs();
    await seed(servers.ours.url);
    const contract = await contractFor(servers.ours.url, config);
    const count = async (name) => {
      const counted = await countRoundTrips(client, servers[name], requestsPerRoute, routes);
      for (const row of rows) Object.assign(row[name], counted[row.endpoint]);
    };
    await count('ours');
    await stop(servers.ours.child);
    servers.contract = await startContractHandler(contract, redis.url);
    await seed(servers.contract.url);
    await count('contract');
    servers.ours = await startOurs();
    for (const [i, route] of routes.entries()) {
      const runs = { ours: [], contract: [] };
      for (let round = 0; round < rounds; round++) {
        for (const name of ['ours', 'contract'])
          runs[name].push(await wrkWithCpu(servers[name], route.path, { seconds, method: route.method, body: route.body, clientPerRequest: route.clientPerRequest }));
      }
      for (const [name, list] of Object.entries(runs)) {
        if (list.some((r) => r.non2xx > 0)) throw new Error(`${name} answered non-2xx on ${route.name}`);
        Object.assign(rows[i][name], { rps: median(list.map((r) => r.rps)), cpuUs: median(list.map((r) => r.cpuUsPerRequest)) });
      }
    }
  } finally {
    await client.close().catch(() => undefined);
    for (const server of Object.values(servers)) await stop(server.child);
    await stop(redis.child);
  }
  return { rows, loadAverage: loadavg()[0] };
}

const fixed = (value, digits) => (Number.isFinite(value) ? value.toFixed(digits) : 'n/a');

export function redisContractSection(result) {
  if (!result?.rows.length) return '';
  const { rows, loadAverage } = result;
  const lines = [
    '',
    '## Each public route against its contract handler (Redis store)',
    '',
    'The contract handler (bench/contract-redis-uws.mjs) is a bare uWS server doing by hand the Redis',
    'work each route must do in one round trip: the budget (our Lua script), the read (GET chat:',
    'XREVRANGE pipelined beside it) or the append (POST chat: one script holding both budgets, the',
    'bans, the repeat check, the append and the relay), and writing the same bytes and required',
    'headers (X-Request-Id, CORS, RateLimit, ETag and Cache-Control where ours sends them); the',
    'general GETs (*.php) spend no budget, so both answer them without Redis. Both on',
    'one private redis-server: commands and round trips per request from its INFO stats (as the',
    "section above), then interleaved rounds, medians; CPU is the server's main thread per answered",
    `request (Redis's own CPU is not counted). Load average at the end: ${fixed(loadAverage, 1)}.`,
    '',
    '| Endpoint | ours CPU/req | contract CPU/req | contract / ours (CPU) | ours req/s | contract req/s | ours / contract (req/s) | ours commands, round trips | contract commands, round trips |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...rows.map(
      (r) =>
        `| ${r.endpoint} | ${fixed(r.ours.cpuUs, 1)} µs | ${fixed(r.contract.cpuUs, 1)} µs | ${fixed(r.contract.cpuUs / r.ours.cpuUs, 2)} | ${fixed(r.ours.rps, 0)} | ${fixed(r.contract.rps, 0)} | ${fixed(r.ours.rps / r.contract.rps, 2)} | ${fixed(r.ours.commands, 1)}, ${fixed(r.ours.roundTrips, 1)} | ${fixed(r.contract.commands, 1)}, ${fixed(r.contract.roundTrips, 1)} |`,
    ),
  ];
  return `${lines.join('\n')}\n`;
}
