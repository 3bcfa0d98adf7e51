import { ConnectionClosedError, createNodeRedisClient, Queue, UnrecoverableError, WaitingError, Worker, type Job } from 'bullmq';
import type { Logger } from 'pino';
import { ErrorReply } from 'redis';
import type { RedisClient, RedisConnections } from '../redis/redis-connection.js';
import { closeWithin, type TopologyClientOptions } from '../redis/redis-topology.js';
import { AbandonedAttemptError } from './delivery-errors.js';
import {
  describeFailure,
  isFinalFailure,
  retryDelayMs,
  type DeliverFn,
  type DeliveryJob,
  type DeliveryQueue,
  type DeliveryRecord,
  type DeliveryStatus,
  type RetryPolicy,
} from './delivery-queue.js';
import { redactedUrl } from './endpoint-url.js';
import { TroubleFold } from '../trouble-fold.js';
import type { AttemptResult } from './webhook-sender.js';

/** Kinds of error reply folded at once (bounded memory), and the quiet that ends a kind's episode. */
const QUEUE_ERROR_KINDS = 100;
const QUEUE_ERROR_QUIET_MS = 60_000;

export interface BullMqDeliveryOptions {
  /** The node's Redis connection set (src/redis/): the queue's clients come from it and share its outage state. */
  redis: RedisConnections;
  /** The station's key prefix as the topology needs it (`{radio:}` on a Cluster); the queues live under `<prefix>bull:webhooks-e<n>:*`. */
  prefix: string;
  /** How many endpoints (`webhooks.endpoints.length`): one queue each. */
  endpoints: number;
  policy: RetryPolicy;
  historySize: number;
  /** Attempts at once per endpoint on this node (`webhooks.concurrency`). */
  concurrency: number;
  log: Logger;
}

/** How long shutdown waits for abandoned attempts to go back to waiting before it drops the connections. */
const REQUEUE_WAIT_MS = 500;
/** BullMQ's lock on a job in flight: a job this node could not put back is taken again after it. */
const LOCK_MS = 30_000;

type Progress = { last_status_code: number | null; last_error: string | null } | number;

export const queueNameOf = (endpoint: number) => `webhooks-e${endpoint}`;

/**
 * Deliveries shared by every node on one Redis: a BullMQ queue per endpoint that each node adds
 * to and works on (`concurrency` attempts at once per endpoint and node, so a receiver that never
 * answers holds its own line only). A job is locked by the one worker that took it, so a message
 * reaches each endpoint once whichever node saw the event; the job id is the delivery key, so
 * adding the same event twice (two nodes announcing one song change) makes one job. Retries wait
 * in Redis and survive a node's restart; finished jobs are kept (historySize each of delivered and
 * failed) for the admin listing.
 *
 * Under faults it follows the node's Redis rules: its clients come from the connection set
 * (the topology, no offline queue, one outage line per state change), the listing and every add
 * are bounded by `redis.commandTimeoutMs` (503 with Retry-After), and close() never waits on
 * Redis or a receiver: attempts in flight are abandoned and put back to wait (or, with Redis
 * away, taken again once their lock expires), counted in one log line.
 */
export class BullMqDeliveryQueue implements DeliveryQueue {
  private readonly queues: Queue[];
  private readonly workers: Worker[];
  private readonly clients: Array<{ close(): Promise<void> }> = [];
  private readonly stop = new AbortController();
  /** Error replies BullMQ reports per job or per retry, folded per message (at most QUEUE_ERROR_KINDS kept). */
  private readonly errorReplies = new Map<string, TroubleFold>();
  /** Attempts stopped by close(), and how many of them went back to waiting. */
  private abandoned = 0;
  private requeued = 0;

  constructor(
    private readonly deliver: DeliverFn,
    private readonly options: BullMqDeliveryOptions,
  ) {
    const { policy, historySize, concurrency } = options;
    const prefix = `${options.prefix}bull`;
    // One client for every queue and every worker's commands; each worker duplicates it for its
    // blocking wait for jobs (duplicate below).
    const connection = createNodeRedisClient(this.client(prefix, {}));
    const names = Array.from({ length: options.endpoints }, (_, endpoint) => queueNameOf(endpoint));
    this.queues = names.map(
      (name) =>
        new Queue(name, {
          connection,
          prefix,
          defaultJobOptions: { attempts: policy.attempts, backoff: { type: 'webhook' }, removeOnComplete: { count: historySize }, removeOnFail: { count: historySize } },
        }),
    );
    this.workers = names.map(
      (name) =>
        new Worker<DeliveryJob>(name, (job, token) => this.attempt(job, token), {
          connection,
          prefix,
          concurrency,
          maxStalledCount: 3,
          lockDuration: LOCK_MS,
          // After a connection failure: Redis back, or a master found, within a second.
          runRetryDelay: 1000,
          settings: { backoffStrategy: (attemptsMade) => retryDelayMs(policy, attemptsMade) },
        }),
    );
    for (const queue of this.queues) queue.on('error', (error: Error) => this.failed(error));
    for (const worker of this.workers) worker.on('error', (error: Error) => this.failed(error));
  }

  /**
   * A client of the node's Redis as BullMQ should hold it. BullMQ connects, quits and destroys
   * the clients it is given or duplicates, but these are opened and closed (within bounds) by the
   * connection set and by close() below, so those calls do nothing, and to BullMQ the client is
   * always open (connecting in the background until it is ready, which BullMQ waits for). A
   * command that fails for want of a connection (offline, no master known yet, socket closed)
   * fails as BullMQ's ConnectionClosedError: BullMQ then waits `runRetryDelay` before trying
   * again instead of looping at once (a loop of rejections that starves the event loop) and
   * emits no error event per try. A duplicate (a worker's blocking connection) is a client of its
   * own without the idle-socket timeout, which would cut its wait for jobs.
   */
  private client(routingKey: string, options: TopologyClientOptions): RedisClient {
    const opened = this.options.redis.openClient(routingKey, options);
    this.clients.push(opened);
    const owned: Record<string, unknown> = {
      isOpen: true,
      connect: () => Promise.resolve(),
      disconnect: () => Promise.resolve(),
      quit: () => Promise.resolve('OK'),
      close: () => Promise.resolve(),
      destroy: () => undefined,
      duplicate: () => this.client(routingKey, { blocking: true }),
    };
    return new Proxy(opened.client, {
      get: (target, property) => {
        if (typeof property === 'string' && Object.hasOwn(owned, property)) return owned[property];
        const value: unknown = Reflect.get(target, property);
        if (typeof value !== 'function') return value;
        // node-redis methods read private fields: they run on the client itself, never on the proxy.
        return (...args: unknown[]) => {
          const result: unknown = (value as (...a: unknown[]) => unknown).apply(target, args);
          return result instanceof Promise ? result.catch(asConnectionFailure) : result;
        };
      },
    });
  }

  /** A BullMQ error event: a Redis that is away is the node's outage (one line); an error reply is ours to read. */
  private failed(error: Error): void {
    if (this.stop.signal.aborted) return;
    if (error instanceof ErrorReply) this.errorReply(error);
    else this.options.redis.failed(error);
  }

  /** One line when an error reply starts repeating, one with the count when a later one finds it quiet for a minute. */
  private errorReply(error: Error): void {
    let fold = this.errorReplies.get(error.message);
    if (!fold) {
      if (this.errorReplies.size >= QUEUE_ERROR_KINDS) this.errorReplies.clear();
      const { log } = this.options;
      fold = new TroubleFold(
        QUEUE_ERROR_QUIET_MS,
        () => performance.now(),
        () => log.warn({ reason: error.message }, 'webhook queue error'),
        (episode) => log.info({ reason: error.message, repeated: episode.count }, 'webhook queue error stopped repeating'),
      );
      this.errorReplies.set(error.message, fold);
    }
    fold.fine();
    fold.happened(error);
  }

  private async attempt(job: Job<DeliveryJob>, token: string | undefined): Promise<AttemptResult> {
    const { policy, log } = this.options;
    const attempt = job.attemptsMade + 1;
    try {
      const result = await this.deliver(job.data, this.stop.signal);
      await job.updateProgress({ last_status_code: result.statusCode, last_error: null });
      return result;
    } catch (error) {
      if (error instanceof AbandonedAttemptError) {
        this.abandoned += 1;
        // Back to waiting, not counted as an attempt: another node, or this one after its restart, sends it.
        await job.moveToWait(token);
        this.requeued += 1;
        throw new WaitingError();
      }
      const failure = describeFailure(error);
      await job.updateProgress(failure);
      if (!isFinalFailure(policy, attempt, error)) throw error;
      log.warn({ webhookId: job.data.id, url: redactedUrl(job.data.url), attempts: attempt, reason: failure.last_error }, 'webhook delivery failed');
      throw new UnrecoverableError(failure.last_error);
    }
  }

  async enqueue(job: DeliveryJob): Promise<void> {
    const queue = this.queues[job.endpoint];
    if (!queue) return;
    await this.options.redis.call(() => queue.add(job.type, job, { jobId: job.key }));
  }

  async recent(limit: number): Promise<DeliveryRecord[]> {
    // One listing per queue and state (newest first, at most `limit` each), so no job needs a getState round trip.
    const states = [
      ['active', 'pending'],
      ['waiting', 'pending'],
      ['prioritized', 'pending'],
      ['delayed', 'retrying'],
      ['completed', 'delivered'],
      ['failed', 'failed'],
    ] as const;
    const listed = await this.options.redis.call(() =>
      Promise.all(
        this.queues.flatMap((queue) =>
          states.map(async ([state, status]) => {
            const jobs = (await queue.getJobs([state], 0, limit - 1, false)) as Array<Job<DeliveryJob> | undefined>;
            return jobs.filter((job): job is Job<DeliveryJob> => Boolean(job)).map((job) => recordOf(job, status));
          }),
        ),
      ),
    );
    return listed
      .flat()
      .sort((a, b) => b.created_ms - a.created_ms)
      .slice(0, limit)
      .map(({ created_ms: _createdMs, ...record }) => record);
  }

  async close(): Promise<void> {
    if (this.stop.signal.aborted) return;
    this.stop.abort();
    // The abandoned attempts go back to waiting while the workers stop; a Redis that is away or
    // frozen is not waited for.
    await closeWithin(
      () => Promise.allSettled([...this.workers.map((worker) => worker.close()), ...this.queues.map((queue) => queue.close())]),
      () => undefined,
      REQUEUE_WAIT_MS,
    );
    if (this.abandoned > 0) {
      const locked = this.abandoned - this.requeued;
      this.options.log.warn(
        { abandoned: this.abandoned, requeued: this.requeued, locked, retriedAfterMs: locked > 0 ? LOCK_MS : 0 },
        'webhook attempts in flight abandoned at shutdown: back to waiting, or taken again once their lock expires',
      );
    }
    await Promise.allSettled(this.clients.map((client) => client.close()));
  }
}

/** An error reply is Redis answering (ours to read); anything else is the connection failing. */
function asConnectionFailure(error: unknown): never {
  if (error instanceof ErrorReply) throw error;
  throw new ConnectionClosedError(error instanceof Error ? error.message : String(error), error);
}

function recordOf(job: Job<DeliveryJob>, state: DeliveryStatus): DeliveryRecord & { created_ms: number } {
  // A job waiting again after a failed attempt is a retry, not a fresh one.
  const status: DeliveryStatus = state === 'pending' && job.attemptsMade > 0 ? 'retrying' : state;
  const progress = (typeof job.progress === 'object' ? job.progress : {}) as Exclude<Progress, number>;
  return {
    id: job.data.id,
    type: job.data.type,
    url: redactedUrl(job.data.url),
    status,
    attempts: job.attemptsMade,
    last_status_code: progress.last_status_code ?? null,
    last_error: progress.last_error ?? null,
    created_at: job.data.created_at,
    finished_at: (status === 'delivered' || status === 'failed') && job.finishedOn ? Math.floor(job.finishedOn / 1000) : null,
    created_ms: job.timestamp,
  };
}
