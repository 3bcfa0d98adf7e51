import type { WindowCount, WindowCounter } from '../../limits/window-counter.js';
import type { RedisConnections } from '../../redis/redis-connection.js';
import { LuaScript } from './lua-script.js';

/**
 * The window rule in Lua, its one home: counts one hit on `key`, starting the window (`windowMs`
 * long) on the first hit, and leaves the Lua locals `count` and `ttl` (ms until it ends). Every
 * script that spends a budget in Redis counts with it.
 */
export const countHitLua = (key: string, windowMs: string) => `
local count = redis.call('INCR', ${key})
if count == 1 then redis.call('PEXPIRE', ${key}, ${windowMs}) end
local ttl = redis.call('PTTL', ${key})
if ttl < 0 then redis.call('PEXPIRE', ${key}, ${windowMs}); ttl = tonumber(${windowMs}) end
`;

// One round trip, atomic across nodes: count, start the window on the first hit, report its end.
const HIT = new LuaScript(`${countHitLua('KEYS[1]', 'ARGV[1]')}
return {count, ttl}
`);

const PEEK = new LuaScript(`
local count = redis.call('GET', KEYS[1])
if not count then return {0, 0} end
return {tonumber(count), redis.call('PTTL', KEYS[1])}
`);

// DECR keeps the key's expiry; a key that is gone (its window ended) stays gone.
const RELEASE = new LuaScript(`
local count = tonumber(redis.call('GET', KEYS[1]) or '0')
if count > 0 then redis.call('DECR', KEYS[1]) end
return count
`);

const windowCountOf = (reply: unknown): WindowCount => {
  const [count, resetMs] = reply as [number, number];
  return { count, resetMs };
};

/**
 * Fixed windows in Redis, shared by every node; each key expires with its window, so Redis holds
 * only clients active now. Sent by SHA (EVALSHA): each hit carries a few dozen bytes, not the script.
 */
export class RedisWindowCounter implements WindowCounter {
  readonly windowMs: number;
  private readonly windowArgs: string[];

  constructor(
    readonly redis: RedisConnections,
    private readonly keyPrefix: string,
    windowSeconds: number,
  ) {
    this.windowMs = windowSeconds * 1000;
    this.windowArgs = [String(this.windowMs)];
  }

  /** The Redis key that counts `key` (a script spending this budget with others names it). */
  keyOf(key: string): string {
    return `${this.keyPrefix}${key}`;
  }

  // Every budget check on Redis comes here: the reply is read on the call's own step (no promise
  // of its own), the window's length as text once.
  hit(key: string): Promise<WindowCount> {
    return this.redis.call(() => HIT.run(this.redis.commands, [this.keyOf(key)], this.windowArgs), windowCountOf);
  }

  peek(key: string): Promise<WindowCount> {
    return this.redis.call(async () => {
      const [count, resetMs] = (await PEEK.run(this.redis.commands, [this.keyOf(key)], [])) as [number, number];
      return { count, resetMs: Math.max(0, resetMs) };
    });
  }

  release(key: string): Promise<void> {
    return this.redis.call(async () => {
      await RELEASE.run(this.redis.commands, [this.keyOf(key)], []);
    });
  }
}
