import { createNodeRedisClient, Queue, UnrecoverableError, Worker, type Job } from 'bullmq';
import type { Logger } from 'pino';
import { createClient } from 'redis';
import { describeFailure, isUnrecoverable, type DeliverFn, type DeliveryJob, type DeliveryQueue, type DeliveryRecord, type DeliveryStatus, type RetryPolicy } from './delivery-queue.js';

const QUEUE_NAME = 'webhooks';

export interface BullMqDeliveryOptions {
  url: string;
  /** The station's Redis key prefix; the queue lives under `<prefix>bull:webhooks:*`. */
  prefix: string;
  policy: RetryPolicy;
  historySize: number;
  log: Logger;
}

type Progress = { last_status_code: number | null; last_error: string | null } | number;

/**
 * Deliveries shared by every node on one Redis: a BullMQ queue that each node adds to and works
 * on. A job is locked by the one worker that took it, so a message reaches each endpoint once
 * whichever node saw the event; the job id is the delivery key, so adding the same event twice
 * (two nodes announcing one song change) makes one job. Retries wait in Redis and survive a
 * node's restart; finished jobs are kept (historySize each of delivered and failed) for the
 * admin listing. BullMQ speaks to Redis through node-redis, the client the rest of the hub uses.
 */
export class BullMqDeliveryQueue implements DeliveryQueue {
  private readonly queue: Queue;
  private readonly worker: Worker;

  constructor(
    deliver: DeliverFn,
    private readonly options: BullMqDeliveryOptions,
  ) {
    const { log, policy, historySize } = options;
    // Plain node-redis clients, not redis/redis-connection.ts: its idle socket timeout would cut the
    // worker's blocking wait for jobs, and BullMQ handles reconnecting and queueing by itself.
    const connection = () => {
      const raw = createClient({ url: options.url });
      raw.on('error', (error: Error) => log.debug({ err: error }, 'webhook queue connection error'));
      return createNodeRedisClient(raw);
    };
    const prefix = `${options.prefix}bull`;
    this.queue = new Queue(QUEUE_NAME, {
      connection: connection(),
      prefix,
      defaultJobOptions: {
        attempts: policy.attempts,
        backoff: { type: 'exponential', delay: policy.firstRetryMs, jitter: 0.5 },
        removeOnComplete: { count: historySize },
        removeOnFail: { count: historySize },
      },
    });
    this.queue.on('error', (error) => log.warn({ err: error }, 'webhook queue error'));
    this.worker = new Worker<DeliveryJob>(
      QUEUE_NAME,
      async (job) => {
        try {
          const result = await deliver(job.data);
          await job.updateProgress({ last_status_code: result.statusCode, last_error: null });
          return result;
        } catch (error) {
          await job.updateProgress(describeFailure(error));
          if (isUnrecoverable(error)) throw new UnrecoverableError((error as Error).message);
          throw error;
        }
      },
      { connection: connection(), prefix, concurrency: 8 },
    );
    this.worker.on('error', (error) => log.warn({ err: error }, 'webhook worker error'));
    this.worker.on('failed', (job, error) => {
      if (job && (job.attemptsMade >= policy.attempts || error instanceof UnrecoverableError)) {
        const { id, url } = job.data as { id: string; url: string };
        log.warn({ webhookId: id, url, attempts: job.attemptsMade, err: error }, 'webhook delivery failed');
      }
    });
  }

  async enqueue(job: DeliveryJob): Promise<void> {
    await this.queue.add(job.type, job, { jobId: job.key });
  }

  async recent(limit: number): Promise<DeliveryRecord[]> {
    // One listing per state (newest first, at most `limit` each), so no job needs a getState round trip.
    const states = [
      ['active', 'pending'],
      ['waiting', 'pending'],
      ['prioritized', 'pending'],
      ['delayed', 'retrying'],
      ['completed', 'delivered'],
      ['failed', 'failed'],
    ] as const;
    const listed = await Promise.all(
      states.map(async ([state, status]) => {
        const jobs = (await this.queue.getJobs([state], 0, limit - 1, false)) as Array<Job<DeliveryJob> | undefined>;
        return jobs.filter((job): job is Job<DeliveryJob> => Boolean(job)).map((job) => recordOf(job, status));
      }),
    );
    return listed
      .flat()
      .sort((a, b) => b.created_ms - a.created_ms)
      .slice(0, limit)
      .map(({ created_ms: _createdMs, ...record }) => record);
  }

  async close(): Promise<void> {
    await Promise.allSettled([this.worker.close(), this.queue.close()]);
  }
}

function recordOf(job: Job<DeliveryJob>, state: DeliveryStatus): DeliveryRecord & { created_ms: number } {
  // A job waiting again after a failed attempt is a retry, not a fresh one.
  const status: DeliveryStatus = state === 'pending' && job.attemptsMade > 0 ? 'retrying' : state;
  const progress = (typeof job.progress === 'object' ? job.progress : {}) as Exclude<Progress, number>;
  return {
    id: job.data.id,
    type: job.data.type,
    url: job.data.url,
    status,
    attempts: job.attemptsMade,
    last_status_code: progress.last_status_code ?? null,
    last_error: progress.last_error ?? null,
    created_at: job.data.created_at,
    finished_at: (status === 'delivered' || status === 'failed') && job.finishedOn ? Math.floor(job.finishedOn / 1000) : null,
    created_ms: job.timestamp,
  };
}
