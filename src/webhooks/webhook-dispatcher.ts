import type { Logger } from 'pino';
import type { Config } from '../config/schema.js';
import { isAppError } from '../errors.js';
import type { Clock } from '../station/clock.js';
import type { LiveEvents, LiveHub } from '../station/live-hub.js';
import { EndpointRemovedError } from './delivery-errors.js';
import type { DeliverFn, DeliveryJob, DeliveryQueue, DeliveryRecord } from './delivery-queue.js';
import { redactedUrl } from './endpoint-url.js';
import { discordBodyOf } from './discord-body.js';
import { standardBodyOf, webhookMessageOf } from './webhook-messages.js';
import { attemptDelivery } from './webhook-sender.js';
import { signedHeaders } from './webhook-signature.js';

/**
 * Hears what the domain announces (it is a LiveHub, next to the Socket.IO one) and queues one
 * delivery per message and subscribed endpoint. Publishing never waits and never throws: a
 * queue that cannot take the job (Redis away) costs that webhook, not the request or the poll.
 */
export class WebhookDispatcher implements LiveHub {
  constructor(
    private readonly config: Readonly<Config>,
    private readonly queue: DeliveryQueue,
    private readonly log: Logger,
    private readonly clock: Clock,
  ) {}

  /** Webhooks keep no live history: an event a store step recorded is queued as any other. */
  publishRecorded<E extends keyof LiveEvents>(event: E, payload: LiveEvents[E]): void {
    this.publish(event, payload);
  }

  publish<E extends keyof LiveEvents>(event: E, payload: LiveEvents[E]): void {
    const endpoints = this.config.webhooks.endpoints;
    if (endpoints.length === 0) return;
    const message = webhookMessageOf(event, payload, new Date(this.clock()));
    if (!message) return;
    const createdAt = Math.floor(Date.parse(message.timestamp) / 1000);
    endpoints.forEach((endpoint, index) => {
      if (!endpoint.events.includes(message.type)) return;
      const body = endpoint.format === 'discord' ? discordBodyOf(message, this.config.station.name) : standardBodyOf(message);
      const job: DeliveryJob = { key: `${message.id}-e${index}`, id: message.id, type: message.type, endpoint: index, url: endpoint.url, body, created_at: createdAt };
      this.queue.enqueue(job).catch((error: unknown) => {
        // A Redis outage is already told once by the connection set: no line per lost webhook on top.
        const told = isAppError(error) && error.alreadyLogged;
        this.log[told ? 'debug' : 'error']({ err: error, webhookId: message.id, url: redactedUrl(endpoint.url) }, 'webhook not queued');
      });
    });
  }

  recent(limit: number): Promise<DeliveryRecord[]> {
    return this.queue.recent(limit);
  }

  close(): Promise<void> {
    return this.queue.close();
  }
}

/**
 * One attempt of a job: the endpoint looked up by index (its secret never travels with the job),
 * signed afresh with the clock's time.
 */
export function webhookDeliverer(config: Readonly<Config>, clock: Clock): DeliverFn {
  const settings = config.webhooks;
  return async (job, stop) => {
    // A job queued before a restart with other settings: its endpoint may be gone or moved.
    const endpoint = settings.endpoints[job.endpoint];
    if (endpoint?.url !== job.url) throw new EndpointRemovedError(`${redactedUrl(job.url)} is no longer endpoint ${job.endpoint} of webhooks.endpoints`);
    return attemptDelivery(job.url, job.body, signedHeaders(endpoint.secret, job.id, job.body, clock()), settings, stop);
  };
}
