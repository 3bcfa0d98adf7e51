import type { WindowCount, WindowCounter } from '../../limits/window-counter.js';
import { redisCall, type RedisClient } from '../../redis/redis-connection.js';
import { LuaScript } from './lua-script.js';

// One round trip, atomic across nodes: count, start the window on the first hit, report its end.
const HIT = new LuaScript(`
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return {count, ttl}
`);

/**
 * Fixed windows in Redis, shared by every node; each key expires with its window, so Redis holds
 * only clients active now. Sent by SHA (EVALSHA): each hit carries a few dozen bytes, not the script.
 */
export class RedisWindowCounter implements WindowCounter {
  private readonly windowMs: number;

  constructor(
    private readonly client: RedisClient,
    private readonly keyPrefix: string,
    windowSeconds: number,
  ) {
    this.windowMs = windowSeconds * 1000;
  }

  hit(key: string): Promise<WindowCount> {
    return redisCall(async () => {
      const [count, resetMs] = (await HIT.run(this.client, [`${this.keyPrefix}${key}`], [this.windowMs])) as [number, number];
      return { count, resetMs };
    });
  }
}
