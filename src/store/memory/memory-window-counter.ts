import type { WindowCount, WindowCounter } from '../../limits/window-counter.js';
import type { Clock } from '../../station/clock.js';

interface Window {
  key: string;
  count: number;
  resetAt: number;
}

/**
 * Fixed windows in this process, O(1) per hit and bounded. Every window of a counter has the same
 * length, so windows end in the order they start: a queue of them (`order`, read from `head`)
 * is the order they end in. Finished windows are dropped from the front as new windows start, and
 * when `maxKeys` clients are tracked the one whose window ends first gives way (it starts over
 * with a fresh window; an attacker with that many addresses is better stopped at the proxy).
 * A queue rather than the Map's own order: V8 leaves deleted Map entries in place until it
 * rehashes, so finding the first live entry from the front costs a scan over every deleted one
 * (measured: 550,000 distinct keys at a cap of 100,000 took 48 s instead of a fraction of one).
 * Answers synchronously (`hitNow`), so the HTTP edge serves a hot GET inside the uWS callback.
 */
export class MemoryWindowCounter implements WindowCounter {
  private readonly windows = new Map<string, Window>();
  /** Every window started, oldest first; entries before `head` are gone, others may be stale. */
  private order: Window[] = [];
  private head = 0;
  private readonly windowMs: number;

  constructor(
    windowSeconds: number,
    private readonly maxKeys: number,
    private readonly clock: Clock,
  ) {
    this.windowMs = windowSeconds * 1000;
  }

  hitNow(key: string): WindowCount {
    const now = this.clock();
    let window = this.windows.get(key);
    if (!window || window.resetAt <= now) {
      if (window) this.windows.delete(key);
      this.dropFinished(now);
      if (this.windows.size >= this.maxKeys) this.dropOldest();
      window = { key, count: 0, resetAt: now + this.windowMs };
      this.windows.set(key, window);
      this.order.push(window);
    }
    window.count += 1;
    return { count: window.count, resetMs: window.resetAt - now };
  }

  async hit(key: string): Promise<WindowCount> {
    return this.hitNow(key);
  }

  async peek(key: string): Promise<WindowCount> {
    const now = this.clock();
    const window = this.windows.get(key);
    return window && window.resetAt > now ? { count: window.count, resetMs: window.resetAt - now } : { count: 0, resetMs: 0 };
  }

  async release(key: string): Promise<void> {
    const window = this.windows.get(key);
    if (window && window.resetAt > this.clock() && window.count > 0) window.count -= 1;
  }

  /** Whether `window` is still the key's current one (a restarted key leaves its old window queued). */
  private isCurrent(window: Window): boolean {
    return this.windows.get(window.key) === window;
  }

  private dropFinished(now: number): void {
    while (this.head < this.order.length) {
      const window = this.order[this.head]!;
      if (this.isCurrent(window)) {
        if (window.resetAt > now) break;
        this.windows.delete(window.key);
      }
      this.head += 1;
    }
    this.compact();
  }

  private dropOldest(): void {
    while (this.head < this.order.length) {
      const window = this.order[this.head]!;
      this.head += 1;
      if (this.isCurrent(window)) {
        this.windows.delete(window.key);
        break;
      }
    }
    this.compact();
  }

  /** Gives back the queue's consumed front once it is most of the queue (amortised O(1)). */
  private compact(): void {
    if (this.head > 1024 && this.head * 2 > this.order.length) {
      this.order = this.order.slice(this.head);
      this.head = 0;
    }
  }
}
