import type { RefusalMemory } from './refusal-memory.js';
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
  /** Made on the first `refusedNow` (only the budgets a door reads that way need one). */
  private refusals: RefusalMemory | undefined = undefined;

  constructor(
    settings: RateLimitSettings,
    /** What it counts in (the sign-in budget peeks at it). */
    readonly counter: WindowCounter,
    /**
     * Makes the memory its refusals are kept in until their windows reset (`refusedNow`), on the
     * first read: a budget nobody asks `refusedNow` of keeps none. None: nothing is ever kept.
     */
    private readonly makeRefusals?: () => RefusalMemory,
  ) {
    this.limit = settings.limit;
    this.windowSeconds = settings.windowSeconds;
  }

  /** Synchronous when the counter lives in this process; undefined when it must ask the store. */
  spendNow(key: string): RateLimitDecision | undefined {
    const count = this.counter.hitNow?.(key);
    return count && this.decideFor(key, count);
  }

  // No async function: a budget counted in the store is spent on every request, and each await is a promise step more.
  spend(key: string): Promise<RateLimitDecision> {
    const now = this.spendNow(key);
    return now ? Promise.resolve(now) : this.counter.hit(key).then((count) => this.decideFor(key, count));
  }

  /** As `decide`, for `key`'s count: a refusal is remembered until its window resets (`refusedNow`). */
  decideFor(key: string, count: WindowCount): RateLimitDecision {
    const decision = this.decide(count);
    if (!decision.allowed) this.refusals?.remember(key, count.resetMs);
    return decision;
  }

  /**
   * `key`'s refusal, without counting, when one is remembered whose window has not reset; undefined
   * otherwise (spend to know). Past a budget a client stays past it until the window resets.
   */
  refusedNow(key: string): RateLimitDecision | undefined {
    // Refusals given before the first read are not known: those clients cost one store call more.
    this.refusals ??= this.makeRefusals?.();
    const resetMs = this.refusals?.refusedFor(key);
    return resetMs === undefined ? undefined : this.decide({ count: this.limit + 1, resetMs });
  }

  /** How many refusals it keeps now (0 until something reads them with `refusedNow`). */
  get keptRefusals(): number {
    return this.refusals?.size ?? 0;
  }

  /** Gives back one hit of the key's current window (what it paid for did not happen, or was paid for twice). */
  giveBack(key: string): Promise<void> {
    // A count that fell is no longer certain past the limit: a refusal kept for it is forgotten.
    this.refusals?.forget(key);
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
