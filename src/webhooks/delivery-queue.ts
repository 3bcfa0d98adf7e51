import type { WebhookEventType } from '../config/schema.js';
import { GiveUpError } from './delivery-errors.js';
import type { AttemptResult } from './webhook-sender.js';

/** One message for one endpoint: what every attempt sends (the body is fixed at the event). */
export interface DeliveryJob {
  /** Unique per message and endpoint; a second enqueue with the same key is ignored. */
  key: string;
  /** The message id (`webhook-id`), the same for every endpoint and every attempt. */
  id: string;
  type: WebhookEventType;
  /** Index into `webhooks.endpoints`: the secret is looked up there, never stored with the job. */
  endpoint: number;
  url: string;
  body: string;
  /** Unix seconds. */
  created_at: number;
}

export type DeliveryStatus = 'pending' | 'retrying' | 'delivered' | 'failed';

/** A delivery as the admin listing shows it. */
export interface DeliveryRecord {
  id: string;
  type: WebhookEventType;
  url: string;
  status: DeliveryStatus;
  attempts: number;
  last_status_code: number | null;
  last_error: string | null;
  created_at: number;
  finished_at: number | null;
}

/**
 * Sends one attempt; throws to ask for a retry (a GiveUpError to fail at once). `stop` aborts it
 * at shutdown (an AbandonedAttemptError).
 */
export type DeliverFn = (job: DeliveryJob, stop: AbortSignal) => Promise<AttemptResult>;

export interface RetryPolicy {
  /** Attempts in all, the first included. */
  attempts: number;
  /** Wait before the first retry; each next one doubles, minus up to half of it at random. */
  firstRetryMs: number;
}

/** Exponential backoff with jitter: the wait after `attemptsMade` attempts, the one curve of both queues. */
export function retryDelayMs(policy: RetryPolicy, attemptsMade: number, random = Math.random): number {
  const full = policy.firstRetryMs * 2 ** Math.max(0, attemptsMade - 1);
  return Math.round(full * (1 - 0.5 * random()));
}

/** Whether a delivery whose attempt number `attemptsMade` just failed with `error` is failed for good (both queues ask this). */
export function isFinalFailure(policy: RetryPolicy, attemptsMade: number, error: unknown): boolean {
  return error instanceof GiveUpError || attemptsMade >= policy.attempts;
}

/**
 * Where deliveries wait, are attempted and retried, and are remembered. In memory for one
 * process; with Redis BullMQ queues that every node works on, so each job runs on one node.
 * Either way each endpoint has its own slots (`webhooks.concurrency` attempts at once per node),
 * so a receiver that never answers holds its own deliveries back, never another's.
 */
export interface DeliveryQueue {
  enqueue(job: DeliveryJob): Promise<void>;
  /** Newest first; endpoint URLs redacted (endpoint-url.ts). */
  recent(limit: number): Promise<DeliveryRecord[]>;
  /** Stops at once: attempts in flight are abandoned (BullMQ retries them later) and said in one log line. */
  close(): Promise<void>;
}

export function describeFailure(error: unknown): { last_status_code: number | null; last_error: string } {
  const statusCode = (error as { statusCode?: unknown }).statusCode;
  return {
    last_status_code: typeof statusCode === 'number' ? statusCode : null,
    last_error: error instanceof Error ? error.message : String(error),
  };
}
