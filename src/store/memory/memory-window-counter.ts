import type { WindowCount, WindowCounter } from '../../limits/window-counter.js';
import type { Clock } from '../../station/clock.js';

interface Window {
  count: number;
  resetAt: number;
}

/**
 * Fixed windows in this process, O(1) per hit and bounded. Every window of a counter has the same
 * length and a key is re-inserted when its window starts, so the Map's order is the order windows
 * end in: finished windows are dropped from the front as hits come in, and when `maxKeys` clients
 * are tracked the one whose window ends first gives way (it starts over with a fresh window; an
 * attacker with that many addresses is better stopped at the proxy). Answers synchronously
 * (`hitNow`), so the HTTP edge serves a hot GET inside the uWS callback.
 */
export class MemoryWindowCounter implements WindowCounter {
  private readonly windows = new Map<string, Window>();
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
      if (this.windows.size >= this.maxKeys) this.windows.delete(this.windows.keys().next().value!);
      window = { count: 0, resetAt: now + this.windowMs };
      this.windows.set(key, window);
    }
    window.count += 1;
    return { count: window.count, resetMs: window.resetAt - now };
  }

  async hit(key: string): Promise<WindowCount> {
    return this.hitNow(key);
  }

  /** Clients tracked now (for the memory figure in the README and its test). */
  get size(): number {
    return this.windows.size;
  }

  private dropFinished(now: number): void {
    for (const [key, window] of this.windows) {
      if (window.resetAt > now) return;
      this.windows.delete(key);
    }
  }
}
