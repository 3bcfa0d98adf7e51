import type { RedisConnections } from '../../redis/redis-connection.js';
import type { Budget } from '../../limits/rate-limit.js';
import { RedisWindowCounter } from './redis-window-counter.js';

// What every one-step script (chat post, song request, feedback) needs from the hub before it
// runs: the time its reply may take back, and the Redis counter of each budget it spends.

/** The reply's way back, kept out of the time a post may still run (a reply read after the hub's timer fired is a 503 too). */
export const marginOf = (timeoutMs: number) => Math.min(100, Math.floor(timeoutMs / 5));

/** The Redis counter a budget counts in now, when it is one on `redis` (a fallback's shared one while the store answers). */
export function redisCounterOf(budget: Budget, redis: RedisConnections): RedisWindowCounter | null {
  const counter = budget.counter.countingIn?.() ?? budget.counter;
  return counter instanceof RedisWindowCounter && counter.redis === redis ? counter : null;
}
