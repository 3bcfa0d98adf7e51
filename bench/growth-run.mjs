// The linear-growth part of the bench alone (the full `npm run bench` runs it too):
// `npm run build && node bench/growth-run.mjs [--sizes 10000,20000,40000] [--posts 10] [--per-worker N]`.
// Without --sizes: every step up to what memory allows (bench/lib/growth.mjs). Needs Redis
// (REDIS_URL, default redis://127.0.0.1:6379); its keys are deleted afterwards.
import { randomUUID } from 'node:crypto';
import { createClient } from 'redis';
import { benchGrowth, growthSection } from './lib/growth.mjs';
import { benchConfig } from './lib/processes.mjs';

const args = process.argv.slice(2);
const option = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
const redis = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
const prefix = `radio-bench:${randomUUID().slice(0, 8)}:`;
const env = { RADIO_CONFIG: benchConfig(), REDIS_URL: redis, REDIS_PREFIX: prefix };
const log = (text) => process.stderr.write(`bench: ${text}\n`);
try {
  const sizes = option('--sizes', null)?.split(',').map(Number);
  const perWorker = option('--per-worker', null);
  const growth = await benchGrowth(env, { sizes, perWorker: perWorker && Number(perWorker), posts: Number(option('--posts', '10')), log });
  process.stdout.write(`${growthSection(growth)}\n`);
} finally {
  const client = createClient({ url: redis });
  await client.connect();
  for await (const keys of client.scanIterator({ MATCH: `${prefix}*`, COUNT: 1000 })) if (keys.length) await client.del(keys);
  await client.close();
}
