// What each public route costs Redis: commands and round trips per request (issue 33, item 6).
// Counted on a private redis-server that nobody else talks to, from its own counters (INFO stats:
// total_commands_processed, and total_reads_processed, one per batch of commands read from a
// client socket: a round trip). The hub's background work (programme watch, adapter, heartbeats)
// is measured over as long a quiet spell right after and taken off; the INFO calls themselves too.
// The command names come from MONITOR over a few requests.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createClient } from 'redis';
import { ENDPOINTS } from './rest.mjs';
import { benchConfig, freePort, startService, stop } from './processes.mjs';

// The other public routes beside the REST bench's four: reads, and the writes a listener makes
// (the general feeds spend no budget and are served from the node's state: no Redis work).
// A song request comes each time from a client of its own (X-Forwarded-For): one client may ask
// once per requests.delaySeconds.
const OTHER_PUBLIC_ROUTES = [
  { name: 'GET /api/mobile/stats', method: 'GET', path: '/api/mobile/stats' },
  { name: 'GET /api/mobile/schedule', method: 'GET', path: '/api/mobile/schedule' },
  { name: 'GET /api/mobile/playlists', method: 'GET', path: '/api/mobile/playlists' },
  { name: 'GET /api/mobile/requests', method: 'GET', path: '/api/mobile/requests' },
  { name: 'POST /api/mobile/feedback', method: 'POST', path: '/api/mobile/feedback', body: '{"type":"app_feedback","content":"Blessed, note %d","rating":5}' },
  { name: 'POST /api/mobile/requests', method: 'POST', path: '/api/mobile/requests', body: '{"song_title":"Song %d","artist":"Bench Choir"}', clientPerRequest: true },
];
const ROUTES = [...ENDPOINTS, ...OTHER_PUBLIC_ROUTES];

export async function startPrivateRedis() {
  const port = await freePort();
  const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
      if (out.includes('Ready to accept connections')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`redis-server exited with ${code}: ${out}`)));
  });
  child.stdout.resume();
  return { child, url: `redis://127.0.0.1:${port}` };
}

export async function counters(client) {
  const info = await client.info('stats');
  const read = (name) => Number(new RegExp(`^${name}:(\\d+)`, 'm').exec(info)[1]);
  return { commands: read('total_commands_processed'), reads: read('total_reads_processed') };
}

/** The commands Redis ran while `work` ran, by name (redis-cli MONITOR; an ECHO marks the end). */
async function monitored(url, client, work) {
  const monitor = spawn('redis-cli', ['-u', url, 'monitor'], { stdio: ['ignore', 'pipe', 'inherit'] });
  const marker = `end-${randomUUID()}`;
  const seen = new Map();
  let text = '';
  let started = false;
  const ended = new Promise((resolve) => {
    monitor.stdout.on('data', (chunk) => {
      text += chunk;
      let newline;
      while ((newline = text.indexOf('\n')) >= 0) {
        const line = text.slice(0, newline);
        text = text.slice(newline + 1);
        if (line.trim() === 'OK') started = true;
        if (line.includes(marker)) resolve();
        const name = /"([A-Za-z]+)"/.exec(line)?.[1]?.toUpperCase();
        if (name && name !== 'INFO' && name !== 'ECHO') seen.set(name, (seen.get(name) ?? 0) + 1);
      }
    });
  });
  while (!started) await new Promise((resolve) => monitor.stdout.once('data', resolve));
  await work();
  await client.sendCommand(['ECHO', marker]);
  await ended;
  monitor.kill();
  return seen;
}

/** Sequential requests on one keep-alive connection (fetch's pool), so nothing overlaps. */
export async function requests(url, endpoint, count, from) {
  for (let i = 0; i < count; i++) {
    const headers = endpoint.clientPerRequest ? { 'x-forwarded-for': `10.${((from + i) >> 16) & 255}.${((from + i) >> 8) & 255}.${(from + i) & 255}` } : {};
    const init =
      endpoint.method === 'POST' ? { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: endpoint.body.replaceAll('%d', String(from + i)) } : { headers };
    const response = await fetch(url + endpoint.path, init);
    await response.arrayBuffer();
    if (response.status >= 300) throw new Error(`${endpoint.name} answered ${response.status}`);
  }
}

/** One row per public route: Redis commands and round trips per request, and which commands. */
export async function benchRedisRoundTrips(config, { requestsPerRoute }) {
  const redis = await startPrivateRedis();
  // The bench's config, and X-Forwarded-For believed from loopback (the song requests' clients).
  const service = await startService({
    RADIO_CONFIG: benchConfig({ ...JSON.parse(readFileSync(config, 'utf8')), trustProxy: ['127.0.0.1'] }),
    REDIS_URL: redis.url,
    REDIS_PREFIX: `radio-bench:${randomUUID().slice(0, 8)}:`,
  });
  const client = createClient({ url: redis.url });
  await client.connect();
  const rows = [];
  try {
    // A realistic chat page, and every lazily created key in place (the first request is not the steady state).
    await requests(
      service.url,
      ENDPOINTS.find((e) => e.method === 'POST'),
      20,
      1_000_000,
    );
    for (const endpoint of ROUTES) await requests(service.url, endpoint, 2, 2_000_000);
    let sequence = 0;
    for (const endpoint of ROUTES) {
      const before = await counters(client);
      const startedAt = performance.now();
      await requests(service.url, endpoint, requestsPerRoute, (sequence += requestsPerRoute));
      const busyMs = performance.now() - startedAt;
      const after = await counters(client);
      // The same span with no requests: what the hub does by itself meanwhile.
      await new Promise((resolve) => setTimeout(resolve, busyMs));
      const quiet = await counters(client);
      const perRequest = (key) => Math.max(0, after[key] - before[key] - 1 - (quiet[key] - after[key] - 1)) / requestsPerRoute;
      const sample = 10;
      const seen = await monitored(redis.url, client, () => requests(service.url, endpoint, sample, (sequence += sample)));
      rows.push({
        endpoint: endpoint.name,
        commandsPerRequest: perRequest('commands'),
        roundTripsPerRequest: perRequest('reads'),
        commands: [...seen].map(([name, n]) => `${name}×${(n / sample).toFixed(1).replace(/\.0$/, '')}`).join(' '),
      });
    }
  } finally {
    await client.close().catch(() => undefined);
    await stop(service.child);
    await stop(redis.child);
  }
  return rows;
}

export function redisRoundTripsSection(rows) {
  if (!rows?.length) return '';
  const lines = [
    '',
    '## Redis work per request, each public route (Redis store)',
    '',
    'Counted on a private redis-server (INFO stats: commands processed, and reads from client',
    "sockets, one per round trip), sequential requests, the hub's background work over an equal",
    'quiet spell taken off. Commands seen with MONITOR over 10 requests, per request',
    '(bench/lib/redis-round-trips.mjs).',
    '',
    '| Endpoint | commands per request | round trips per request | commands |',
    '|---|---:|---:|---|',
    ...rows.map((r) => `| ${r.endpoint} | ${r.commandsPerRequest.toFixed(1)} | ${r.roundTripsPerRequest.toFixed(1)} | ${r.commands} |`),
  ];
  return `${lines.join('\n')}\n`;
}
