import { randomUUID } from 'node:crypto';
import type { WebhookEventType } from '../config/schema.js';
import { webhookOccurrenceOf } from '../station/event-catalog.js';
import type { LiveEvents } from '../station/live-hub.js';

/** The body of a webhook, in the Standard Webhooks shape: `{type, timestamp, data}`. */
export interface WebhookMessage {
  /** `webhook-id`: the same for every attempt and every endpoint; receivers de-duplicate by it. */
  id: string;
  type: WebhookEventType;
  /** ISO-8601, when the event happened. */
  timestamp: string;
  data: unknown;
}

/**
 * Turns a domain event into the webhook message it means, or null: the event catalog says which
 * type and which id (a song start is one message however often it is announced, on any node).
 */
export function webhookMessageOf<E extends keyof LiveEvents>(event: E, payload: LiveEvents[E], now = new Date()): WebhookMessage | null {
  const occurrence = webhookOccurrenceOf(event, payload);
  if (!occurrence) return null;
  return { id: occurrence.id ?? `msg_${randomUUID()}`, type: occurrence.type, timestamp: now.toISOString(), data: payload };
}

/** What a standard endpoint receives: the message's type, timestamp and data (its id travels as the `webhook-id` header). */
export const standardBodyOf = (message: WebhookMessage): string => JSON.stringify({ type: message.type, timestamp: message.timestamp, data: message.data });
