/** How long a learned bound is kept before a newer, looser one may replace it (clocks drift, slowly). */
const RELEARN_AFTER_MS = 60_000;

/**
 * Where Redis's clock stands against this process's (`Date.now`), so a script can tell that the
 * call it serves has already been given up here (answered 503 for a command timeout) and write
 * nothing. Learned from the Redis `TIME` a script reports: Redis read it before its reply reached
 * us, so `redisMs − receivedAt` is a lower bound of (Redis − here), never more, whatever the skew
 * between the two machines. A lower bound makes our "now", seen from Redis, come out late rather
 * than early, so a script refuses when in doubt and never runs a call after we gave it up
 * (bar the margin: see `deadlineFor`). The best (highest) bound is kept; after a minute a new
 * sample may replace it, so a slow drift cannot leave it above the truth.
 */
export class RedisClock {
  private lowerSkewMs: number | undefined = undefined;
  private learnedAt = 0;

  /** A `TIME` (ms) a script read, and when (Date.now) its reply arrived here. */
  observe(redisMs: number, receivedAt: number): void {
    const sample = redisMs - receivedAt;
    if (!Number.isFinite(sample)) return;
    if (this.lowerSkewMs === undefined || sample > this.lowerSkewMs || receivedAt - this.learnedAt > RELEARN_AFTER_MS) {
      this.lowerSkewMs = sample;
      this.learnedAt = receivedAt;
    }
  }

  /**
   * The Redis time (ms, as text for ARGV) from which a script run for a call started at `startedAt`
   * (Date.now) must refuse: `timeoutMs` after it, less `marginMs` for the reply's way back (a reply
   * read after our timer fired would be a 503 too). '' while nothing is learned (no check: the
   * connection learns the clock as soon as it is ready, redis-connection.ts, so only a call racing that).
   */
  deadlineFor(startedAt: number, timeoutMs: number, marginMs: number): string {
    return this.lowerSkewMs === undefined ? '' : String(Math.floor(startedAt + timeoutMs - marginMs + this.lowerSkewMs));
  }
}
