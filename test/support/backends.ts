import { pino } from 'pino';
import { openRedis } from '../../src/redis/redis-connection.js';
import type { Store, StoreLimits } from '../../src/station/ports.js';
import { createMemoryStore } from '../../src/store/memory/memory-store.js';
import { createRedisStore } from '../../src/store/redis/redis-store.js';
import { eventually } from './eventually.js';
import { deleteKeys, hasRedis, redisUrl, uniquePrefix } from './redis.js';

export interface Backend {
  name: 'memory' | 'redis';
  available: boolean;
  /** A fresh store (its own key prefix in Redis); `dispose` closes it and deletes its keys. */
  create(limits: StoreLimits): Promise<{ store: Store; dispose(): Promise<void> }>;
}

/** Every backend a port must behave the same on: one contract suite runs over this list. */
export const backends: Backend[] = [
  { name: 'memory', available: true, create: async (limits) => ({ store: createMemoryStore(limits), dispose: async () => undefined }) },
  {
    name: 'redis',
    available: hasRedis,
    create: async (limits) => {
      const prefix = uniquePrefix('contract');
      const redis = openRedis(redisUrl, pino({ level: 'silent' }));
      const store = createRedisStore({ client: redis.command, prefix, limits });
      // The client connects in the background; the suite starts once it answers.
      await eventually(() => store.ping());
      return {
        store,
        dispose: async () => {
          await redis.close();
          await deleteKeys(redisUrl, prefix);
        },
      };
    },
  },
];

/** A test server's store: the memory default, or Redis under its own prefix (for suites run on both). */
export interface ServerBackend {
  name: 'memory store' | 'Redis store';
  available: boolean;
  /** Config overrides that pick this store. */
  overrides(): Record<string, unknown>;
  /** Deletes what the suite left in the store. */
  cleanup(): Promise<void>;
}

export function serverBackends(label: string): ServerBackend[] {
  const prefix = uniquePrefix(label);
  return [
    { name: 'memory store', available: true, overrides: () => ({}), cleanup: async () => undefined },
    { name: 'Redis store', available: hasRedis, overrides: () => ({ redis: { url: redisUrl, prefix } }), cleanup: () => deleteKeys(redisUrl, prefix) },
  ];
}
