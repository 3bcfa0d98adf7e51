import { RedisAudienceLog } from './redis-audience-log.js';
import { AppError } from '../../errors.js';
import type { Store, StoreLimits } from '../../station/ports.js';
import { RedisArtworkStore } from './redis-artwork-store.js';
import { auditStreamKey, RedisAuditLog } from './redis-audit-log.js';
import { RedisStaffKeys } from './redis-staff-keys.js';
import { RedisChatLog } from './redis-chat-log.js';
import { RedisChatPost } from './redis-chat-post.js';
import { REDIS_RETRY_AFTER_SECONDS, type RedisConnections } from '../../redis/redis-connection.js';
import { RedisFeedbackLog } from './redis-feedback-log.js';
import { RedisFeedbackPost } from './redis-feedback-post.js';
import { RedisLiveEventLog } from './redis-live-event-log.js';
import { RedisModerationStore } from './redis-moderation-store.js';
import { RedisWindowCounter } from './redis-window-counter.js';
import { RedisRequestQueue } from './redis-request-queue.js';
import { RedisSongRequest } from './redis-song-request.js';
import { RedisRevenueLedger } from './redis-revenue-ledger.js';
import { RedisProgrammeStore } from './redis-programme-store.js';
import { RedisStationStore } from './redis-station-store.js';

export interface RedisStoreOptions {
  /** The node's connections (src/redis/); the store does not own them. */
  redis: RedisConnections;
  /**
   * Every key starts with it, so several stations or test runs can share one Redis; on a Cluster
   * it carries the station's hash tag (`stationKeyPrefix`), so every key lives in one slot.
   */
  prefix: string;
  limits: StoreLimits;
}

/** Every piece of shared state in Redis, so any number of nodes serve one station. */
export function createRedisStore(options: RedisStoreOptions): Store {
  const { redis, prefix, limits } = options;
  const chat = new RedisChatLog(redis, `${prefix}chat`, limits.chatHistory);
  const requests = new RedisRequestQueue(redis, prefix, limits.requestHistory);
  const liveEvents = new RedisLiveEventLog(redis, `${prefix}live:events`, limits.liveEventHistory);
  const feedback = new RedisFeedbackLog(redis, `${prefix}feedback`, limits.feedbackHistory);
  return {
    kind: 'redis',
    availability: redis.outage,
    chat,
    chatPost: new RedisChatPost(redis, prefix, chat, liveEvents.stream),
    requests,
    songRequest: new RedisSongRequest(redis, prefix, requests, liveEvents.stream),
    feedback,
    feedbackPost: new RedisFeedbackPost(redis, prefix, feedback),
    station: new RedisStationStore(redis, prefix),
    moderation: new RedisModerationStore(redis, prefix),
    // A stream under its own key: the capped list of older builds is moved into it (schema 3).
    audit: new RedisAuditLog(redis, auditStreamKey(prefix)),
    staffKeys: new RedisStaffKeys(redis, prefix),
    revenue: new RedisRevenueLedger(redis, prefix),
    programme: new RedisProgrammeStore(redis, prefix),
    audience: new RedisAudienceLog(redis, prefix),
    artwork: new RedisArtworkStore(redis, prefix, limits.artworkLookups, limits.artworkImages),
    counter: (name: string, windowSeconds: number) => new RedisWindowCounter(redis, `${prefix}ratelimit:${name}:`, windowSeconds),
    liveEvents,
    claim: (key: string, ttlMs: number) => redis.call(async () => (await redis.commands.set(`${prefix}claim:${key}`, '1', { NX: true, PX: Math.max(1, Math.round(ttlMs)) })) === 'OK'),
    ping: () =>
      redis.call(async () => {
        if (!redis.isReady()) throw new AppError('UNAVAILABLE', { message: 'Redis is not connected.', retryAfterSeconds: REDIS_RETRY_AFTER_SECONDS, alreadyLogged: true });
        await redis.send(prefix, ['PING']);
      }),
  };
}
