import type { Logger } from 'pino';
import { ClientOfflineError } from 'redis';

/** What a client is told to wait before retrying while Redis is away (Retry-After). */
export const REDIS_RETRY_AFTER_SECONDS = 5;

/**
 * Whether the Redis of one connection set is usable, as one fact for every client in it (the
 * store, the live adapter and the webhook queue talk to the same Redis): logged once when it goes
 * away and once when it is back (with how long and how many failures it folded), never per
 * request or per client error. One per connection set, so two apps in one process never mix.
 * Those that serve from what the node holds while Redis is away (the station state, the budgets,
 * the live notice) listen to its changes.
 */
export class RedisOutage {
  private downSince: number | null = null;
  /** How many outages began so far: a call started before the latest one proves nothing by succeeding. */
  private outages = 0;
  /** Failures seen while down (calls, client errors, a library's error events): told when it is back. */
  private failures = 0;
  private readonly listeners: Array<(awaySinceMs: number | null) => void> = [];
  /** What refusals tell clients to wait meanwhile (Retry-After). */
  readonly retryAfterSeconds = REDIS_RETRY_AFTER_SECONDS;

  constructor(
    private readonly log: Logger,
    private readonly clock: () => number = Date.now,
  ) {}

  get isDown(): boolean {
    return this.downSince !== null;
  }

  /** When (Unix ms) this node found Redis away; null while it answers. */
  awaySince(): number | null {
    return this.downSince;
  }

  /** Told on each change, in order: the time Redis went away, or null when it is back. */
  onChange(listener: (awaySinceMs: number | null) => void): void {
    this.listeners.push(listener);
  }

  /** Taken before a call, handed to `answered` after it: which outage the call was sent in. */
  get epoch(): number {
    return this.outages;
  }

  wentDown(error: unknown): void {
    this.failures += 1;
    if (this.downSince !== null) return;
    // A client still reconnecting fails its calls at once (it queues nothing). While Redis is up,
    // that is one client of the set lagging behind another that is back, not a new outage: a real
    // one always shows first as a client's own error (socket closed, connection refused) or a
    // timeout. Counted as a state change it would log "unavailable" again right after "back".
    if (isClientOffline(error)) return;
    this.outages += 1;
    this.downSince = this.clock();
    this.failures = 1;
    const reason = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    this.log.error({ reason }, 'redis unavailable: serving the last known station state, refusing writes (503) until it is back');
    this.tell(this.downSince);
  }

  /**
   * A call sent at `epoch` succeeded: Redis is back, unless an outage began after the call was
   * sent (its reply was already on the way when the connection dropped: that proves nothing).
   */
  answered(epoch: number): void {
    if (epoch === this.outages) this.cameBack();
  }

  cameBack(): void {
    if (this.downSince === null) return;
    const awayMs = this.clock() - this.downSince;
    this.downSince = null;
    this.log.info({ awaySeconds: Math.round(awayMs / 1000), downMs: Math.round(awayMs), failures: this.failures }, 'redis available again');
    this.tell(null);
  }

  private tell(awaySinceMs: number | null): void {
    for (const listener of this.listeners) {
      try {
        listener(awaySinceMs);
      } catch (error) {
        // A listener's fault must not stop the others hearing it, nor the caller's request.
        this.log.error({ err: error }, 'a listener of the redis state failed');
      }
    }
  }
}

/** node-redis's "the client is offline", as thrown or as the cause a library wrapped it in (BullMQ's ConnectionClosedError). */
function isClientOffline(error: unknown): boolean {
  return error instanceof ClientOfflineError || (error instanceof Error && error.cause instanceof ClientOfflineError);
}
