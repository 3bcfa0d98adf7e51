import { setTimeout as delay } from 'node:timers/promises';

/**
 * Spaces requests to a service that publishes a rate limit (MusicBrainz: one request per second
 * per client): each turn starts at least `intervalMs` after the one before. At most `maxWaiting`
 * callers wait; one more is told no at once (the song stays unknown, asked again later), so a
 * burst of new songs never builds a queue without end.
 */
export class RequestPacer {
  private nextAt = 0;
  private waiting = 0;

  constructor(
    private readonly intervalMs: number,
    private readonly maxWaiting: number,
  ) {}

  /** Resolves true when it is this caller's turn, false when too many wait already. */
  async turn(): Promise<boolean> {
    if (this.waiting >= this.maxWaiting) return false;
    const now = Date.now();
    const at = Math.max(now, this.nextAt);
    this.nextAt = at + this.intervalMs;
    if (at === now) return true;
    this.waiting += 1;
    try {
      await delay(at - now);
      return true;
    } finally {
      this.waiting -= 1;
    }
  }
}
