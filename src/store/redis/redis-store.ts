import { AppError } from '../../errors.js';
import type { Store, StoreLimits } from '../../station/ports.js';
import { RedisChatLog } from './redis-chat-log.js';
import { REDIS_RETRY_AFTER_SECONDS, redisCall, type RedisClient } from '../../redis/redis-connection.js';
import { RedisFeedbackLog } from './redis-feedback-log.js';
import { RedisLiveEventLog } from './redis-live-event-log.js';
import { DEFAULT_LIVE_EVENT_HISTORY } from '../live-event-id.js';
import { RedisModerationStore } from './redis-moderation-store.js';
import { RedisWindowCounter } from './redis-window-counter.js';
import { RedisRequestQueue } from './redis-request-queue.js';
import { RedisRevenueLedger } from './redis-revenue-ledger.js';
import { RedisStationStore } from './redis-station-store.js';

export interface RedisStoreOptions {
  /** The node's command connection (src/redis/); the store does not own it. */
  client: RedisClient;
  /** Every key starts with it, so several stations or test runs can share one Redis. */
  prefix: string;
  limits: StoreLimits;
}

/** Every piece of shared state in Redis, so any number of nodes serve one station. */
export function createRedisStore(options: RedisStoreOptions): Store {
  const { client, prefix, limits } = options;
  return {
    kind: 'redis',
    chat: new RedisChatLog(client, `${prefix}chat`, limits.chatHistory),
    requests: new RedisRequestQueue(client, prefix, limits.requestHistory),
    feedback: new RedisFeedbackLog(client, `${prefix}feedback`, limits.feedbackHistory),
    station: new RedisStationStore(client, prefix),
    moderation: new RedisModerationStore(client, prefix),
    revenue: new RedisRevenueLedger(client, prefix),
    counter: (name: string, windowSeconds: number) => new RedisWindowCounter(client, `${prefix}ratelimit:${name}:`, windowSeconds),
    liveEvents: new RedisLiveEventLog(client, `${prefix}live:events`, limits.liveEventHistory ?? DEFAULT_LIVE_EVENT_HISTORY),
    claim: (key: string, ttlMs: number) => redisCall(async () => (await client.set(`${prefix}claim:${key}`, '1', { NX: true, PX: Math.max(1, Math.round(ttlMs)) })) === 'OK'),
    ping: () =>
      redisCall(async () => {
        if (!client.isReady) throw new AppError('UNAVAILABLE', { message: 'Redis is not connected.', retryAfterSeconds: REDIS_RETRY_AFTER_SECONDS, alreadyLogged: true });
        await client.ping();
      }),
  };
}
