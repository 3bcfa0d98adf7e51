import type { Logger } from 'pino';
import { AppError } from '../../errors.js';
import type { Store, StoreLimits } from '../../station/ports.js';
import type { RateLimitSettings } from '../../limits/rate-limit.js';
import { RedisChatLog } from './redis-chat-log.js';
import { createRedisClient, redisCall } from '../../redis/redis-connection.js';
import { RedisFeedbackLog } from './redis-feedback-log.js';
import { RedisLiveEventLog } from './redis-live-event-log.js';
import { DEFAULT_LIVE_EVENT_HISTORY } from '../live-event-id.js';
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
}

/** Every piece of shared state in Redis, so any number of nodes serve one station. */
export function createRedisStore(options: RedisStoreOptions): Store {
  const { prefix, limits } = options;
  const client = createRedisClient(options.url, options.log);
  return {
    kind: 'redis',
    chat: new RedisChatLog(client, `${prefix}chat`, limits.chatHistory),
    requests: new RedisRequestQueue(client, prefix, limits.requestHistory),
    feedback: new RedisFeedbackLog(client, `${prefix}feedback`, limits.feedbackHistory),
    station: new RedisStationStore(client, prefix, limits.stateCacheMs),
    moderation: new RedisModerationStore(client, prefix),
    revenue: new RedisRevenueLedger(client, prefix),
    liveEvents: new RedisLiveEventLog(client, `${prefix}live:events`, limits.liveEventHistory ?? DEFAULT_LIVE_EVENT_HISTORY),
    rateLimiter: (name: string, settings: RateLimitSettings) => new RedisRateLimiter(client, `${prefix}ratelimit:${name}:`, settings),
    claim: (key: string, ttlMs: number) =>
      redisCall(async () => (await client.set(`${prefix}claim:${key}`, '1', { NX: true, PX: Math.max(1, Math.round(ttlMs)) })) === 'OK'),
    ping: () =>
      redisCall(async () => {
        if (!client.isReady) throw new AppError('UNAVAILABLE', { message: 'Redis is not connected.' });
        await client.ping();
      }),
    close: async () => {
      if (client.isOpen) await client.close();
      else client.destroy();
    },
  };
}
