import { pino } from 'pino';
import { openRedis } from '../../src/redis/redis-connection.js';
import type { Store, StoreLimits } from '../../src/station/ports.js';
import { createMemoryStore } from '../../src/store/memory/memory-store.js';
import { createRedisStore } from '../../src/store/redis/redis-store.js';
import { eventually } from './eventually.js';
import { deleteKeys, hasRedis, redisUrl, uniquePrefix } from './redis.js';
import { redisServers } from './redis-servers.js';

export interface Backend {
  name: string;
  available: boolean;
  /** Why it is skipped when not available. */
  skipReason: string;
  /** A fresh store (its own key prefix in Redis); `dispose` closes it and deletes its keys. */
  create(limits: StoreLimits): Promise<{ store: Store; dispose(): Promise<void> }>;
  /** Stops what the backend started for this file (a private server); call it in afterAll. */
  release(): Promise<void>;
}

/**
 * Every backend a port must behave the same on: one contract suite runs over this list. Memory,
 * and the Redis store on each server of `redisServers` (the shared Redis, Valkey, a Cluster).
 */
export const backends: Backend[] = [
  { name: 'memory', available: true, skipReason: '', create: async (limits) => ({ store: createMemoryStore(limits), dispose: async () => undefined }), release: async () => undefined },
  ...redisServers.map((server): Backend => ({
    name: `redis store on ${server.name}`,
    available: server.available,
    skipReason: server.skipReason,
    create: async (limits) => {
      const running = await server.start();
      const prefix = uniquePrefix('contract');
      // A generous bound: this suite is about what the store does, not about a slow machine's 503s.
      const redis = openRedis(running.topology, pino({ level: 'silent' }), { commandTimeoutMs: 5000 });
      const store = createRedisStore({ redis, prefix: running.keyPrefix(prefix), limits });
      // The client connects in the background; the suite starts once it answers.
      await eventually(() => store.ping());
      return {
        store,
        dispose: async () => {
          await redis.close();
          await running.deleteKeys(prefix);
        },
      };
    },
    release: () => server.stop(),
  })),
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
