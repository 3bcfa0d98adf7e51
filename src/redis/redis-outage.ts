import type { Logger } from 'pino';

/**
 * Whether the Redis of one connection set is usable, as one fact for every client in it (the
 * store, the live adapter and the webhook queue talk to the same Redis): logged once when it goes
 * away and once when it is back (with how long and how many failures it folded), never per
 * request or per client error. One per connection set, so two apps in one process never mix.
 */
export class RedisOutage {
  private down = false;
  private downSince = 0;
  /** Failures seen while down (calls, client errors, a library's error events): told when it is back. */
  private failures = 0;

  constructor(private readonly log: Logger) {}

  get isDown(): boolean {
    return this.down;
  }

  wentDown(error: unknown): void {
    this.failures += 1;
    if (this.down) return;
    this.down = true;
    this.downSince = performance.now();
    this.failures = 1;
    const reason = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    this.log.error({ reason }, 'redis unavailable: answering 503 until it is back');
  }

  cameBack(): void {
    if (!this.down) return;
    this.down = false;
    this.log.info({ failures: this.failures, downMs: Math.round(performance.now() - this.downSince) }, 'redis available again');
  }
}
