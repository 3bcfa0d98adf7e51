import { readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { createClient } from 'redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { eventually } from '../support/eventually.js';
import { RedisServerProcess, redisServerInstalled } from '../support/redis-server-process.js';

const root = join(import.meta.dirname, '../..');
const MB = 2 ** 20;

/** The value after `--client-output-buffer-limit` in compose.yaml's Redis command. */
function shippedLimit(): string {
  const compose = parse(readFileSync(join(root, 'compose.yaml'), 'utf8')) as { services: { redis: { command: string[] } } };
  const { command } = compose.services.redis;
  return command[command.indexOf('--client-output-buffer-limit') + 1]!;
}

// The Redis setting compose.yaml ships, run on a private redis-server: a client that asks and never
// reads (what abandoned resume reads did, issue 17) is cut off instead of growing Redis without end.
describe.skipIf(!redisServerInstalled())('the Redis output buffer limit of compose.yaml', () => {
  let redis: RedisServerProcess;
  let admin: ReturnType<typeof createClient>;

  beforeAll(async () => {
    redis = await RedisServerProcess.startOnFreePort({ args: ['--client-output-buffer-limit', shippedLimit()] });
    admin = createClient({ url: redis.url });
    await admin.connect();
    // A 1 MB stream: every XRANGE of it queues a 1 MB reply.
    const data = 'x'.repeat(1000);
    for (let i = 0; i < 1000; i++) await admin.xAdd('history', '*', { data });
  });
  afterAll(async () => {
    await admin?.close();
    await redis?.kill();
  });

  it('disconnects a client that does not read its replies once they pass the hard limit, and Redis stays small', async () => {
    expect(shippedLimit()).toMatch(/^normal \d+mb \d+mb \d+$/);
    const hard = Number(/^normal (\d+)mb/.exec(shippedLimit())![1]) * MB;
    const baseline = Number(/used_memory:(\d+)/.exec(await admin.info('memory'))![1]);
    const stuck = connect(redis.port, '127.0.0.1');
    stuck.pause(); // never reads
    const closed = new Promise<void>((resolve) => stuck.once('close', () => resolve()));
    stuck.on('error', () => undefined);
    await new Promise((resolve) => stuck.once('connect', resolve));
    // Four times the hard limit in replies.
    for (let i = 0; i < (4 * hard) / MB; i++) stuck.write('XRANGE history - +\r\n');
    // Redis 7.0 has no counter of these disconnections: the stuck client is simply gone from its list.
    await eventually(async () => expect(Number(/connected_clients:(\d+)/.exec(await admin.info('clients'))![1])).toBe(1), 30_000);
    stuck.destroy();
    await closed;
    const peak = Number(/used_memory_peak:(\d+)/.exec(await admin.info('memory'))![1]);
    process.stdout.write(`[redis output limit] ${shippedLimit()}: the stuck client was cut off; used_memory ${(baseline / MB).toFixed(1)} MB, peak ${(peak / MB).toFixed(1)} MB\n`);
    expect(peak - baseline).toBeLessThan(2 * hard);
  });
});
