import type { WindowCount, WindowCounter } from './window-counter.js';

/** The verdict of one hit against a fixed-window budget. */
export interface RateLimitDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Seconds until the window resets. */
  resetSeconds: number;
  windowSeconds: number;
}

export interface RateLimitSettings {
  limit: number;
  windowSeconds: number;
}

/** A number of hits per key per window, counted by a `WindowCounter`. */
export class Budget {
  readonly limit: number;
  readonly windowSeconds: number;

  constructor(
    settings: RateLimitSettings,
    /** What it counts in (the sign-in budget peeks at it). */
    readonly counter: WindowCounter,
  ) {
    this.limit = settings.limit;
    this.windowSeconds = settings.windowSeconds;
  }

  /** Synchronous when the counter lives in this process; undefined when it must ask the store. */
  spendNow(key: string): RateLimitDecision | undefined {
    const count = this.counter.hitNow?.(key);
    return count && this.decide(count);
  }

  // No async function: a budget counted in the store is spent on every request, and each await is a promise step more.
  spend(key: string): Promise<RateLimitDecision> {
    const now = this.spendNow(key);
    return now ? Promise.resolve(now) : this.counter.hit(key).then((count) => this.decide(count));
  }

  /** Gives back one hit of the key's current window (what it paid for did not happen). */
  giveBack(key: string): Promise<void> {
    return this.counter.release(key);
  }

  /** The verdict on a count already made (a store that counted the hit inside a larger step of its own). */
  decide({ count, resetMs }: WindowCount): RateLimitDecision {
    return {
      allowed: count <= this.limit,
      limit: this.limit,
      remaining: Math.max(0, this.limit - count),
      resetSeconds: Math.max(1, Math.ceil(resetMs / 1000)),
      windowSeconds: this.windowSeconds,
    };
  }
}
