import { randomUUID } from 'node:crypto';
import { createClient } from 'redis';
import { inject } from 'vitest';

export const redisUrl = inject('redisUrl');
export const hasRedis = redisUrl !== '';

/** A key prefix no other run or test shares. */
export const uniquePrefix = (label: string) => `radio-test:${label}:${randomUUID().slice(0, 8)}:`;

/** Deletes every key under `prefix` (tests clean up after themselves; the Redis may be shared). */
export async function deleteKeys(url: string, prefix: string): Promise<void> {
  const client = createClient({ url });
  client.on('error', () => undefined);
  await client.connect();
  try {
    for await (const keys of client.scanIterator({ MATCH: `${prefix}*`, COUNT: 500 })) {
      if (keys.length > 0) await client.del(keys);
    }
  } finally {
    await client.close();
  }
}

/**
 * The two stores a test server may run on, for `describe.each`: memory, and the shared Redis under
 * a fresh prefix labelled `label` (`available: false` when no Redis answers at REDIS_URL).
 */
export function serverStores(label: string): Array<{ name: 'memory' | 'redis'; available: boolean; redis: { url: string; prefix: string } | undefined }> {
  return [
    { name: 'memory', available: true, redis: undefined },
    { name: 'redis', available: hasRedis, redis: hasRedis ? { url: redisUrl, prefix: uniquePrefix(label) } : undefined },
  ];
}
