import type { RateLimitDecision, RateLimiter } from '../../limits/rate-limit.js';
import type { RateLimitSettings } from '../../limits/rate-limit.js';
import { LuaScript } from './lua-script.js';
import { redisCall, type RedisClient } from '../../redis/redis-connection.js';

// One round trip, atomic across nodes: count, start the window on the first hit, report what is left.
const CONSUME = new LuaScript(`
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return {count, ttl}
`);

/**
 * A fixed-window counter per key in Redis, shared by every node. Sent by SHA (EVALSHA), so each
 * request carries a few dozen bytes, not the script.
 */
export class RedisRateLimiter implements RateLimiter {
  constructor(
    private readonly client: RedisClient,
    private readonly keyPrefix: string,
    private readonly settings: RateLimitSettings,
  ) {}

  consume(key: string): Promise<RateLimitDecision> {
    return redisCall(async () => {
      const [count, ttl] = (await CONSUME.run(this.client, [`${this.keyPrefix}${key}`], [this.settings.windowSeconds * 1000])) as [number, number];
      return {
        allowed: count <= this.settings.limit,
        limit: this.settings.limit,
        remaining: Math.max(0, this.settings.limit - count),
        resetSeconds: Math.max(1, Math.ceil(ttl / 1000)),
        windowSeconds: this.settings.windowSeconds,
      };
    });
  }
}
