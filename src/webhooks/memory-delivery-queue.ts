import type { Logger } from 'pino';
import { describeFailure, isUnrecoverable, retryDelayMs, type DeliverFn, type DeliveryJob, type DeliveryQueue, type DeliveryRecord, type RetryPolicy } from './delivery-queue.js';

/**
 * One process, no Redis: each job is attempted at once and retried on timers. Jobs waiting for a
 * retry are lost if the process stops (a single node has nowhere to keep them).
 */
export class MemoryDeliveryQueue implements DeliveryQueue {
  private readonly records = new Map<string, DeliveryRecord>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private closed = false;

  constructor(
    private readonly deliver: DeliverFn,
    private readonly policy: RetryPolicy,
    private readonly historySize: number,
    private readonly log: Logger,
  ) {}

  async enqueue(job: DeliveryJob): Promise<void> {
    if (this.closed || this.records.has(job.key)) return;
    const record: DeliveryRecord = {
      id: job.id,
      type: job.type,
      url: job.url,
      status: 'pending',
      attempts: 0,
      last_status_code: null,
      last_error: null,
      created_at: job.created_at,
      finished_at: null,
    };
    this.records.set(job.key, record);
    for (const old of this.records.keys()) {
      if (this.records.size <= this.historySize) break;
      this.records.delete(old);
    }
    void this.attempt(job, record);
  }

  private async attempt(job: DeliveryJob, record: DeliveryRecord): Promise<void> {
    record.attempts += 1;
    try {
      const result = await this.deliver(job);
      Object.assign(record, { status: 'delivered', last_status_code: result.statusCode, last_error: null, finished_at: Math.floor(Date.now() / 1000) });
    } catch (error) {
      Object.assign(record, describeFailure(error));
      if (this.closed || isUnrecoverable(error) || record.attempts >= this.policy.attempts) {
        record.status = 'failed';
        record.finished_at = Math.floor(Date.now() / 1000);
        this.log.warn({ webhookId: job.id, url: job.url, attempts: record.attempts, err: error }, 'webhook delivery failed');
        return;
      }
      record.status = 'retrying';
      const timer = setTimeout(
        () => {
          this.timers.delete(timer);
          void this.attempt(job, record);
        },
        retryDelayMs(this.policy, record.attempts),
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
    this.closed = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }
}
