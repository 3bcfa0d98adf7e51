import type { WebhookEventType } from '../config/schema.js';
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

/** Sends one attempt; throws to ask for a retry (or an UnrecoverableDelivery to give up). */
export type DeliverFn = (job: DeliveryJob) => Promise<AttemptResult>;

export interface RetryPolicy {
  /** Attempts in all, the first included. */
  attempts: number;
  /** Wait before the first retry; each next one doubles, minus up to half of it at random. */
  firstRetryMs: number;
}

/** Exponential backoff with jitter, the same in memory and in BullMQ ("exponential", jitter 0.5). */
export function retryDelayMs(policy: RetryPolicy, attemptsMade: number, random = Math.random): number {
  const full = policy.firstRetryMs * 2 ** Math.max(0, attemptsMade - 1);
  return Math.round(full * (1 - 0.5 * random()));
}

/**
 * Where deliveries wait, are attempted and retried, and are remembered. In memory for one
 * process; with Redis a BullMQ queue that every node works on, so each job runs on one node.
 */
export interface DeliveryQueue {
  enqueue(job: DeliveryJob): Promise<void>;
  /** Newest first. */
  recent(limit: number): Promise<DeliveryRecord[]>;
  close(): Promise<void>;
}

/** A failure no retry can cure (an address refused by the SSRF rule). */
export function isUnrecoverable(error: unknown): boolean {
  return error instanceof Error && error.name === 'RefusedAddressError';
}

export function describeFailure(error: unknown): { last_status_code: number | null; last_error: string } {
  const statusCode = (error as { statusCode?: unknown }).statusCode;
  return {
    last_status_code: typeof statusCode === 'number' ? statusCode : null,
    last_error: error instanceof Error ? error.message : String(error),
  };
}
