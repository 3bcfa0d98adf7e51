import { createClient } from 'redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RECORD_REVENUE } from '../../src/store/redis/redis-revenue-ledger.js';
import { deleteKeys, hasRedis, redisUrl, uniquePrefix } from '../support/redis.js';

// The revenue script is the ledger's one transaction in Redis: it checks the entry before its
// first write, since a script's writes before an error stay. Driven here past the adapter's own
// check (what a second caller, or a bug above, could send). Before, an amount of "NaN" failed at
// HINCRBY after the event and its fingerprint were stored: the retry was a duplicate, never summed.

describe('the Redis revenue script', () => {
  if (!hasRedis) {
    it.skip('skipped: no Redis answers at REDIS_URL (see the note printed at start)', () => undefined);
    return;
  }
  const prefix = uniquePrefix('revscript');
  const keys = [`${prefix}revenue:fingerprints`, `${prefix}revenue:events`, `${prefix}revenue:daily`, `${prefix}revenue:by_time`];
  const client = createClient({ url: redisUrl });
  beforeAll(async () => {
    await client.connect();
  });
  afterAll(async () => {
    await client.close();
    await deleteKeys(redisUrl, prefix);
  });
  const run = (bucket: string, amount: string) => RECORD_REVENUE.run(client, keys, ['id:e1', 'fp', JSON.stringify({ id: 'e1', amount }), bucket, amount, '001780000000|id:e1']);

  it('writes nothing for an amount that is not a whole number or a bucket that is not day|CUR|type, and records the valid retry', async () => {
    for (const [bucket, amount] of [
      ['2026-06-01|USD|donation', 'NaN'],
      ['2026-06-01|USD|donation', '50.5'],
      ['2026-06-01|USD|donation', '-1e20'],
      ['2026-06-01|USD|donation', '9007199254740994'],
      ['2026-06-01|USD|donation', ''],
      ['null|USD|donation', '100'],
      ['+010000-01-01|USD|donation', '100'],
      ['2026-06-01|us|d|donation', '100'],
    ]) {
      await expect(run(bucket!, amount!), `${bucket} ${amount}`).rejects.toThrow(/revenue entry refused/);
      expect(await client.exists(keys), `${bucket} ${amount}`).toBe(0);
    }
    expect(await run('2026-06-01|USD|donation', '100')).toEqual(['created', JSON.stringify({ id: 'e1', amount: '100' })]);
    expect(await client.hGetAll(keys[2]!)).toEqual({ '2026-06-01|USD|donation|amount': '100', '2026-06-01|USD|donation|count': '1' });
  });
});
