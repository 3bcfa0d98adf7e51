import { createAdapter } from '@socket.io/redis-adapter';
import type { Logger } from 'pino';
import type { ServerOptions } from 'socket.io';
import type { Config } from './config/schema.js';
import { openRedis } from './redis/redis-connection.js';
import type { Clock } from './station/clock.js';
import type { Store, StoreLimits } from './station/ports.js';
import { createMemoryStore } from './store/memory/memory-store.js';
import { createRedisStore } from './store/redis/redis-store.js';

/** The backends one node runs on: the store, and what relays live events to the other nodes. */
export interface Backends {
  store: Store;
  /** The Socket.IO adapter joining the nodes; absent when there is one process. */
  liveRelay?: ServerOptions['adapter'];
  close(): Promise<void>;
}

export function storeLimitsOf(config: Readonly<Config>): StoreLimits {
  return {
    chatHistory: config.chat.historySize,
    requestHistory: config.requests.historySize,
    feedbackHistory: config.feedback.historySize,
    maxTrackedClients: config.rateLimit.maxTrackedClients,
    liveEventHistory: config.live.sse.historySize,
  };
}

/**
 * Picks the backends from config, once: with `redis.url` one Redis connection module serves the
 * store and the Socket.IO adapter (its own pub/sub pair); without it, memory and one process.
 */
export function createBackends(config: Readonly<Config>, log: Logger, clock: Clock): Backends {
  const limits = storeLimitsOf(config);
  if (!config.redis.url) return { store: createMemoryStore(limits, clock), close: async () => undefined };
  const redis = openRedis(config.redis.url, log.child({ component: 'redis' }));
  return {
    store: createRedisStore({ client: redis.command, prefix: config.redis.prefix, limits }),
    liveRelay: createAdapter(redis.publisher, redis.subscriber, { key: `${config.redis.prefix}socket.io` }),
    close: () => redis.close(),
  };
}
