// A flood past the public budget on POST /api/mobile/chat, Redis store (issue 33 item 6, the first
// objection to counting the budget in the post's script: over-budget posts must not cost more than
// when the edge refused them before reading the body). Ours, and with --base another built
// checkout, on one private redis-server with a public budget of 1 an hour: every request but the
// first is a 429. Server CPU per request (interleaved rounds, medians) and Redis commands per request.
//   npm run build && node bench/budget-flood-run.mjs [--base DIR] [--seconds 5] [--rounds 3]
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { createClient } from 'redis';
import { benchConfig, startService, stop } from './lib/processes.mjs';
import { counters, startPrivateRedis } from './lib/redis-round-trips.mjs';
import { wrkWithCpu } from './lib/rest.mjs';

const args = process.argv.slice(2);
const option = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
const seconds = Number(option('--seconds', 5));
const rounds = Number(option('--rounds', 3));
const baseRoot = option('--base', null);
const PATH = '/api/mobile/chat';
const BODY = '{"nickname":"flood","message":"Over the budget, message %d"}';
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const config = benchConfig({ rateLimit: { mobile: { limit: 1, windowSeconds: 3600 }, chat: { limit: 1_000_000, windowSeconds: 60 }, sseOpens: { limit: 1_000_000, windowSeconds: 60 } } });
const redis = await startPrivateRedis();
const client = createClient({ url: redis.url });
await client.connect();
const servers = {};
const runs = {};
try {
  const env = (name) => ({ RADIO_CONFIG: config, REDIS_URL: redis.url, REDIS_PREFIX: `radio-flood:${name}:` });
  servers.ours = await startService(env('ours'));
  if (baseRoot) servers.base = await (await import(join(baseRoot, 'bench/lib/processes.mjs'))).startService(env('base'));
  for (const name of Object.keys(servers)) runs[name] = { cpu: [], rps: [], refused: 0, requests: 0, commands: [] };
  for (let round = 0; round < rounds; round++) {
    for (const [name, server] of Object.entries(servers)) {
      const before = await counters(client);
      const result = await wrkWithCpu(server, PATH, { seconds, method: 'POST', body: BODY });
      const after = await counters(client);
      runs[name].cpu.push(result.cpuUsPerRequest);
      runs[name].rps.push(result.rps);
      runs[name].commands.push((after.commands - before.commands) / result.requests);
      runs[name].refused += result.non2xx;
      runs[name].requests += result.requests;
    }
  }
} finally {
  await client.close().catch(() => undefined);
  for (const server of Object.values(servers)) await stop(server.child);
  await stop(redis.child);
}
process.stdout.write(
  `POST ${PATH} past the public budget (1 an hour), Redis store, Node ${process.version}, ${rounds} interleaved rounds of ${seconds} s, load average ${loadavg()[0].toFixed(1)}\n`,
);
for (const [name, run] of Object.entries(runs)) {
  process.stdout.write(
    `${name}: ${median(run.cpu).toFixed(1)} µs CPU per request, ${Math.round(median(run.rps))} req/s, ${median(run.commands).toFixed(2)} Redis commands per request, ${run.refused} of ${run.requests} answered non-2xx\n`,
  );
}
if (runs.base) process.stdout.write(`ours / base CPU per request: ${(median(runs.ours.cpu) / median(runs.base.cpu)).toFixed(2)}\n`);
