import type { Logger } from 'pino';
import { AppError } from '../../errors.js';
import type { Store, StoreLimits } from '../../station/ports.js';
import type { RateLimitSettings } from '../../limits/rate-limit.js';
import { RedisChatLog } from './redis-chat-log.js';
import { closeRedisClient, createRedisClient, REDIS_RETRY_AFTER_SECONDS, redisCall } from '../../redis/redis-connection.js';
import { RedisFeedbackLog } from './redis-feedback-log.js';
import { RedisModerationStore } from './redis-moderation-store.js';
import { RedisRateLimiter } from './redis-rate-limiter.js';
import { RedisRequestQueue } from './redis-request-queue.js';
import { RedisRevenueLedger } from './redis-revenue-ledger.js';
import { RedisStationStore } from './redis-station-store.js';

export interface RedisStoreOptions {
  url: string;
  /** Every key starts with it, so several stations or test runs can share one Redis. */
  prefix: string;
  limits: StoreLimits;
  log: Logger;
  /** A command unanswered after this long fails with 503 (default 500 ms). */
  commandTimeoutMs?: number;
}

/** Every piece of shared state in Redis, so any number of nodes serve one station. */
export function createRedisStore(options: RedisStoreOptions): Store {
  const { prefix, limits } = options;
  const client = createRedisClient(options.url, options.log, { commandTimeoutMs: options.commandTimeoutMs });
  return {
    kind: 'redis',
    chat: new RedisChatLog(client, `${prefix}chat`, limits.chatHistory),
    requests: new RedisRequestQueue(client, prefix, limits.requestHistory),
    feedback: new RedisFeedbackLog(client, `${prefix}feedback`, limits.feedbackHistory),
    station: new RedisStationStore(client, prefix, limits.stateCacheMs),
    moderation: new RedisModerationStore(client, prefix),
    revenue: new RedisRevenueLedger(client, prefix),
    rateLimiter: (name: string, settings: RateLimitSettings) => new RedisRateLimiter(client, `${prefix}ratelimit:${name}:`, settings),
    claim: (key: string, ttlMs: number) =>
      redisCall(async () => (await client.set(`${prefix}claim:${key}`, '1', { NX: true, PX: Math.max(1, Math.round(ttlMs)) })) === 'OK'),
    ping: () =>
      redisCall(async () => {
        if (!client.isReady) throw new AppError('UNAVAILABLE', { message: 'Redis is not connected.', retryAfterSeconds: REDIS_RETRY_AFTER_SECONDS, alreadyLogged: true });
        await client.ping();
      }),
    close: () => closeRedisClient(client),
  };
}
