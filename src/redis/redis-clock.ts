/** How long a learned bound is kept before a newer, looser one may replace it (clocks drift, slowly). */
const RELEARN_AFTER_MS = 60_000;

/** This process's clocks: the wall clock callers read (`Date.now`), and a monotonic one no clock step moves. */
export interface LocalClocks {
  wall: () => number;
  monotonic: () => number;
}

const PROCESS_CLOCKS: LocalClocks = { wall: Date.now, monotonic: () => performance.now() };

/**
 * Where Redis's clock stands against this process's, so a script can tell that the call it serves
 * has already been given up here (answered 503 for a command timeout) and write nothing. Learned
 * from the Redis `TIME` a script reports: Redis read it before its reply reached us, so
 * `redisMs − receivedAt` is a lower bound of (Redis − here), never more, whatever the skew between
 * the two machines. A lower bound makes our "now", seen from Redis, come out late rather than
 * early, so a script refuses when in doubt and never runs a call after we gave it up (bar the
 * margin: see `deadlineFor`). The best (highest) bound is kept; after a minute a new sample may
 * replace it, so a slow drift cannot leave it above the truth.
 *
 * "Here" is the monotonic clock, not the wall clock: a step of this machine's wall clock (NTP, a
 * hand set) would otherwise shift every later sample, and the highest bound kept from before a
 * forward step would put deadlines that much late on Redis (no deadline at all) for a minute.
 * Callers still pass the wall times they read (`Date.now()` just before); each is turned into the
 * monotonic time of the same instant as it is given, so a step between two calls moves nothing.
 */
export class RedisClock {
  /** A lower bound of (Redis's clock − the monotonic clock), in ms. */
  private lowerSkewMs: number | undefined = undefined;
  /** Monotonic ms at which that bound was learned. */
  private learnedAt = 0;

  constructor(private readonly clocks: LocalClocks = PROCESS_CLOCKS) {}

  /** A `TIME` (ms) a script read, and when (Date.now) its reply arrived here. */
  observe(redisMs: number, receivedAt: number): void {
    const receivedMono = this.monotonicOf(receivedAt);
    const sample = redisMs - receivedMono;
    if (!Number.isFinite(sample)) return;
    if (this.lowerSkewMs === undefined || sample > this.lowerSkewMs || receivedMono - this.learnedAt > RELEARN_AFTER_MS) {
      this.lowerSkewMs = sample;
      this.learnedAt = receivedMono;
    }
  }

  /**
   * The Redis time (ms, as text for ARGV) from which a script run for a call started at `startedAt`
   * (Date.now) must refuse: `timeoutMs` after it, less `marginMs` for the reply's way back (a reply
   * read after our timer fired would be a 503 too). '' while nothing is learned (no check: the
   * connection learns the clock as soon as it is ready, redis-connection.ts, so only a call racing that).
   */
  deadlineFor(startedAt: number, timeoutMs: number, marginMs: number): string {
    return this.lowerSkewMs === undefined ? '' : String(Math.floor(this.monotonicOf(startedAt) + timeoutMs - marginMs + this.lowerSkewMs));
  }

  /** The monotonic time of `wallMs`, a wall time read a moment ago (both clocks run at one rate between two steps). */
  private monotonicOf(wallMs: number): number {
    return this.clocks.monotonic() - (this.clocks.wall() - wallMs);
  }
}
