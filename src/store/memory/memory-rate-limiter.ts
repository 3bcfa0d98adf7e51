import type { RateLimitDecision, RateLimiter } from '../../limits/rate-limit.js';
import type { Clock } from '../../station/clock.js';
import type { RateLimitSettings } from '../../limits/rate-limit.js';

/**
 * A fixed-window counter per key in this process. It answers synchronously (`consumeNow`), so
 * the HTTP edge can serve a hot GET inside the uWS callback without a promise hop; measured,
 * that is most of the difference to a bare handler (bench/RESULTS.md).
 */
export class MemoryRateLimiter implements RateLimiter {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();
  private nextSweep = 0;

  constructor(
    private readonly settings: RateLimitSettings,
    private readonly clock: Clock,
  ) {}

  consumeNow(key: string): RateLimitDecision {
    const now = this.clock();
    if (now >= this.nextSweep) this.sweep(now);
    let window = this.windows.get(key);
    if (!window || window.resetAt <= now) {
      window = { count: 0, resetAt: now + this.settings.windowSeconds * 1000 };
      this.windows.set(key, window);
    }
    window.count += 1;
    return {
      allowed: window.count <= this.settings.limit,
      limit: this.settings.limit,
      remaining: Math.max(0, this.settings.limit - window.count),
      resetSeconds: Math.max(1, Math.ceil((window.resetAt - now) / 1000)),
      windowSeconds: this.settings.windowSeconds,
    };
  }

  async consume(key: string): Promise<RateLimitDecision> {
    return this.consumeNow(key);
  }

  /** Forgets finished windows once a minute, so idle clients do not accumulate. */
  private sweep(now: number): void {
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
    this.nextSweep = now + 60_000;
  }
}
