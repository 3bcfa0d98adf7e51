import { isAppError } from '../errors.js';
import type { WindowCount, WindowCounter, WindowCounterFactory } from './window-counter.js';

/**
 * A shared counter (Redis) that counts in this node's memory while the store is away, rather
 * than refusing every request: each node then counts on its own, so a client spreading its
 * requests over N nodes gets at most N budgets per window meanwhile (docs/limits.md). While the
 * store is known to be away Redis is not asked at all (the answer comes in the uWS callback, and a
 * frozen Redis costs no timeout per request); a call that finds it away is counted here too. The
 * memory counter is bounded like any (`local` makes it). It outlives the store's return by one
 * window: a second outage in the same window goes on counting where the first stopped (a fresh
 * count would give a client its budget once in Redis and once per outage, not twice in all).
 */
class FallbackWindowCounter implements WindowCounter {
  private local: WindowCounter | null = null;
  /** When (clock ms) the memory counter last counted: it is dropped one window after. */
  private lastLocalAt = 0;

  constructor(
    private readonly shared: WindowCounter,
    private readonly makeLocal: () => WindowCounter,
    private readonly storeAway: () => boolean,
    private readonly windowMs: number,
    private readonly clock: () => number,
  ) {}

  hitNow(key: string): WindowCount | undefined {
    return (this.away() ?? this.shared).hitNow?.(key);
  }

  countingIn(): WindowCounter {
    return this.away() ?? this.shared;
  }

  // The hot path of every budget check on Redis: no async function, one step only when the store fails.
  hit(key: string): Promise<WindowCount> {
    const local = this.away();
    if (local) return local.hit(key);
    return this.shared.hit(key).catch((error: unknown) => this.rescued(error, (counter) => counter.hit(key)));
  }

  peek(key: string): Promise<WindowCount> {
    return this.either((counter) => counter.peek(key));
  }

  release(key: string): Promise<void> {
    return this.either((counter) => counter.release(key));
  }

  /** The memory counter while the store is away; null otherwise (and the memory counter dropped once its windows ended). */
  private away(): WindowCounter | null {
    if (!this.storeAway()) {
      if (this.local && this.clock() - this.lastLocalAt >= this.windowMs) this.local = null;
      return null;
    }
    return this.counting();
  }

  private counting(): WindowCounter {
    this.lastLocalAt = this.clock();
    return (this.local ??= this.makeLocal());
  }

  private async either<T>(count: (counter: WindowCounter) => Promise<T>): Promise<T> {
    const local = this.away();
    if (local) return count(local);
    try {
      return await count(this.shared);
    } catch (error) {
      return this.rescued(error, count);
    }
  }

  /** A call the store could not answer is counted here instead; any other failure stays what it is. */
  private rescued<T>(error: unknown, count: (counter: WindowCounter) => Promise<T>): Promise<T> {
    if (!isAppError(error) || error.code !== 'UNAVAILABLE') throw error;
    return count(this.counting());
  }
}

/** The shared counters of `shared`, each counting in a `local` one while `storeAway()`. */
export function withLocalFallback(shared: WindowCounterFactory, local: WindowCounterFactory, storeAway: () => boolean, clock: () => number = Date.now): WindowCounterFactory {
  return (name, windowSeconds) => new FallbackWindowCounter(shared(name, windowSeconds), () => local(name, windowSeconds), storeAway, windowSeconds * 1000, clock);
}
