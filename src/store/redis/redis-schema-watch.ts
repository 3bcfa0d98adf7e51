import { setTimeout as delay } from 'node:timers/promises';
import type { Logger } from 'pino';
import { isAppError } from '../../errors.js';
import type { RedisConnections } from '../../redis/redis-connection.js';
import { ensureStoreSchema, StoreSchemaTooNewError, type SchemaOptions } from './redis-schema.js';

export interface SchemaWatchOptions extends SchemaOptions {
  /** How often a running node looks at the stored version again. */
  everyMs?: number;
  /** How long the start waits for the first connection to Redis before leaving the check to the watch. */
  connectMs?: number;
  /** The store was migrated by a newer build (at start or later): this node must stop. */
  onTooNew(error: StoreSchemaTooNewError): void;
}

/**
 * Keeps a node off a store it does not understand. At start it brings the store to this build's
 * schema (ensureStoreSchema) before the node serves; if Redis is not there yet the node starts
 * anyway (answering 503, as without the check) and the check runs once Redis answers. Afterwards
 * it looks again every `everyMs` (one GET when nothing changed): when a newer build has migrated
 * the store during a rolling upgrade, this older node is told (onTooNew) instead of writing old
 * shapes into it; a Redis that came back empty (no persistence) gets its version stamped again.
 */
export class StoreSchemaWatch {
  private timer: NodeJS.Timeout | undefined;
  private ensured = false;
  private stopped = false;

  constructor(
    private readonly redis: RedisConnections,
    private readonly prefix: string,
    private readonly log: Logger,
    private readonly options: SchemaWatchOptions,
  ) {}

  /** Rejects with StoreSchemaTooNewError when the store is newer than this build. */
  async start(): Promise<void> {
    const deadline = performance.now() + (this.options.connectMs ?? 2000);
    // The clients connect in the background; a command sent before they are up would be refused at once.
    while (!this.redis.isReady() && performance.now() < deadline) await delay(25);
    if (this.redis.isReady()) await this.check(true);
    if (!this.ensured) this.log.warn('Redis store schema not checked yet (Redis not answering); checked once it answers');
    this.schedule();
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
  }

  private schedule(): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => void this.check(false).finally(() => this.schedule()), this.options.everyMs ?? 5000);
    this.timer.unref();
  }

  private async check(atStart: boolean): Promise<void> {
    try {
      await ensureStoreSchema(this.redis, this.prefix, this.log, this.options);
      this.ensured = true;
    } catch (error) {
      if (error instanceof StoreSchemaTooNewError) {
        if (atStart) throw error;
        this.stop();
        this.options.onTooNew(error);
        return;
      }
      // Redis away: the outage is logged by the connections; the next round tries again.
      if (isAppError(error) && error.code === 'UNAVAILABLE') return;
      if (atStart) throw error;
      this.log.error({ err: error }, 'Redis store schema check failed; trying again');
    }
  }
}
