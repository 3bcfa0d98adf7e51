import type { Logger } from 'pino';
import { toUnixSeconds, type Clock } from '../station/clock.js';
import { describeFailure, isFinalFailure, retryDelayMs, type DeliverFn, type DeliveryJob, type DeliveryQueue, type DeliveryRecord, type RetryPolicy } from './delivery-queue.js';
import { redactedUrl } from './endpoint-url.js';

export interface MemoryDeliveryOptions {
  policy: RetryPolicy;
  historySize: number;
  /** Attempts at once per endpoint (`webhooks.concurrency`). */
  concurrency: number;
  log: Logger;
  clock: Clock;
}

interface Waiting {
  job: DeliveryJob;
  record: DeliveryRecord;
}

/** One endpoint's line: the attempts it has in flight and the deliveries waiting for a slot. */
interface Lane {
  active: number;
  waiting: Waiting[];
}

/**
 * One process, no Redis: each endpoint gets `concurrency` attempts at once, the rest wait their
 * turn in order, and retries wait on timers. A process that stops keeps nothing: what was in
 * flight, waiting or retrying is dropped, and said in one log line.
 */
export class MemoryDeliveryQueue implements DeliveryQueue {
  private readonly records = new Map<string, DeliveryRecord>();
  private readonly lanes = new Map<number, Lane>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly stop = new AbortController();

  constructor(
    private readonly deliver: DeliverFn,
    private readonly options: MemoryDeliveryOptions,
  ) {}

  private get closed(): boolean {
    return this.stop.signal.aborted;
  }

  async enqueue(job: DeliveryJob): Promise<void> {
    if (this.closed || this.records.has(job.key)) return;
    const record: DeliveryRecord = {
      id: job.id,
      type: job.type,
      url: redactedUrl(job.url),
      status: 'pending',
      attempts: 0,
      last_status_code: null,
      last_error: null,
      created_at: job.created_at,
      finished_at: null,
    };
    this.records.set(job.key, record);
    for (const old of this.records.keys()) {
      if (this.records.size <= this.options.historySize) break;
      this.records.delete(old);
    }
    this.line(job.endpoint, { job, record });
  }

  /** Puts a delivery in its endpoint's line and starts what the line's slots allow. */
  private line(endpoint: number, waiting: Waiting): void {
    let lane = this.lanes.get(endpoint);
    if (!lane) this.lanes.set(endpoint, (lane = { active: 0, waiting: [] }));
    lane.waiting.push(waiting);
    this.pump(lane);
  }

  private pump(lane: Lane): void {
    while (!this.closed && lane.active < this.options.concurrency && lane.waiting.length > 0) {
      const { job, record } = lane.waiting.shift()!;
      lane.active += 1;
      void this.attempt(job, record).finally(() => {
        lane.active -= 1;
        this.pump(lane);
      });
    }
  }

  private async attempt(job: DeliveryJob, record: DeliveryRecord): Promise<void> {
    const { policy, log, clock } = this.options;
    record.attempts += 1;
    try {
      const result = await this.deliver(job, this.stop.signal);
      Object.assign(record, { status: 'delivered', last_status_code: result.statusCode, last_error: null, finished_at: toUnixSeconds(clock()) });
    } catch (error) {
      // Abandoned at shutdown: counted in close()'s one line.
      if (this.closed) return;
      Object.assign(record, describeFailure(error));
      if (isFinalFailure(policy, record.attempts, error)) {
        record.status = 'failed';
        record.finished_at = toUnixSeconds(clock());
        log.warn({ webhookId: job.id, url: record.url, attempts: record.attempts, reason: record.last_error }, 'webhook delivery failed');
        return;
      }
      record.status = 'retrying';
      const timer = setTimeout(
        () => {
          this.timers.delete(timer);
          this.line(job.endpoint, { job, record });
        },
        retryDelayMs(policy, record.attempts),
      );
      this.timers.add(timer);
    }
  }

  async recent(limit: number): Promise<DeliveryRecord[]> {
    return [...this.records.values()]
      .reverse()
      .slice(0, limit)
      .map((r) => ({ ...r }));
  }

  async close(): Promise<void> {
    if (this.closed) return;
    let inFlight = 0;
    let waiting = 0;
    for (const lane of this.lanes.values()) {
      inFlight += lane.active;
      waiting += lane.waiting.length;
      lane.waiting.length = 0;
    }
    const retrying = this.timers.size;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    this.stop.abort();
    if (inFlight + waiting + retrying > 0) {
      this.options.log.warn({ inFlight, waiting, retrying }, 'webhook deliveries dropped at shutdown (the in-memory queue keeps nothing; with Redis they would be retried)');
    }
  }
}
