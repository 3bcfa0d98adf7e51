// The workers part of the bench alone (the full `npm run bench` runs it too), for working on it:
// `npm run build && node bench/workers-run.mjs [--clients 10000] [--posts 20] [--workers 2]`.
// Needs Redis (REDIS_URL, default redis://127.0.0.1:6379); its keys are deleted afterwards.
import { randomUUID } from 'node:crypto';
import { createClient } from 'redis';
import { benchConfig } from './lib/processes.mjs';
import { benchWorkersFanout, workersSection } from './lib/workers.mjs';

const args = process.argv.slice(2);
const option = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
const redis = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
const prefix = `radio-bench:${randomUUID().slice(0, 8)}:`;
const env = { RADIO_CONFIG: benchConfig(), REDIS_URL: redis, REDIS_PREFIX: prefix };
try {
  const rows = await benchWorkersFanout(env, { clients: Number(option('--clients', '10000')), posts: Number(option('--posts', '20')), workers: Number(option('--workers', '2')) });
  process.stdout.write(`${workersSection(rows)}\n`);
} finally {
  const client = createClient({ url: redis });
  await client.connect();
  for await (const keys of client.scanIterator({ MATCH: `${prefix}*`, COUNT: 1000 })) if (keys.length) await client.del(keys);
  await client.close();
}
