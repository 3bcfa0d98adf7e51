import type { Logger } from 'pino';

/**
 * Whether the Redis of one connection set is usable, as one fact for every client in it (the
 * store and the live adapter talk to the same Redis): logged once when it goes away and once when
 * it is back, never per request. One per connection set, so two apps in one process never mix.
 */
export class RedisOutage {
  private down = false;

  constructor(private readonly log: Logger) {}

  get isDown(): boolean {
    return this.down;
  }

  wentDown(error: unknown): void {
    if (this.down) return;
    this.down = true;
    const reason = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    this.log.error({ reason }, 'redis unavailable: answering 503 until it is back');
  }

  cameBack(): void {
    if (!this.down) return;
    this.down = false;
    this.log.info('redis available again');
  }
}
