import { isAppError } from '../errors.js';
import type { WindowCount, WindowCounter, WindowCounterFactory } from './window-counter.js';

/**
 * A shared counter (Redis) that counts in this node's memory while the store is away, rather
 * than refusing every request: each node then counts on its own, so a client spreading its
 * requests over N nodes gets at most N budgets per window meanwhile (docs/limits.md). While the
 * store is known to be away Redis is not asked at all (the answer comes in the uWS callback, and a
 * frozen Redis costs no timeout per request); a call that finds it away is counted here too. The
 * memory counter is bounded like any (`local` makes it) and dropped once the store is back.
 */
class FallbackWindowCounter implements WindowCounter {
  private local: WindowCounter | null = null;

  constructor(
    private readonly shared: WindowCounter,
    private readonly makeLocal: () => WindowCounter,
    private readonly storeAway: () => boolean,
  ) {}

  hitNow(key: string): WindowCount | undefined {
    return (this.away() ?? this.shared).hitNow?.(key);
  }

  hit(key: string): Promise<WindowCount> {
    return this.either((counter) => counter.hit(key));
  }

  peek(key: string): Promise<WindowCount> {
    return this.either((counter) => counter.peek(key));
  }

  release(key: string): Promise<void> {
    return this.either((counter) => counter.release(key));
  }

  /** The memory counter while the store is away; null (and the memory counter dropped) otherwise. */
  private away(): WindowCounter | null {
    if (!this.storeAway()) {
      this.local = null;
      return null;
    }
    return (this.local ??= this.makeLocal());
  }

  private async either<T>(count: (counter: WindowCounter) => Promise<T>): Promise<T> {
    const local = this.away();
    if (local) return count(local);
    try {
      return await count(this.shared);
    } catch (error) {
      if (!isAppError(error) || error.code !== 'UNAVAILABLE') throw error;
      return count((this.local ??= this.makeLocal()));
    }
  }
}

/** The shared counters of `shared`, each counting in a `local` one while `storeAway()`. */
export function withLocalFallback(shared: WindowCounterFactory, local: WindowCounterFactory, storeAway: () => boolean): WindowCounterFactory {
  return (name, windowSeconds) => new FallbackWindowCounter(shared(name, windowSeconds), () => local(name, windowSeconds), storeAway);
}
