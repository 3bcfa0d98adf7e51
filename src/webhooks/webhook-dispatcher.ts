import type { Logger } from 'pino';
import type { Config } from '../config/schema.js';
import type { LiveEvents, LiveHub } from '../station/live-hub.js';
import { BullMqDeliveryQueue } from './bullmq-delivery-queue.js';
import type { DeliveryJob, DeliveryQueue, DeliveryRecord } from './delivery-queue.js';
import { MemoryDeliveryQueue } from './memory-delivery-queue.js';
import { discordBodyOf, webhookMessageOf } from './webhook-messages.js';
import { RefusedAddressError } from './safe-address.js';
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
  ) {}

  publish<E extends keyof LiveEvents>(event: E, payload: LiveEvents[E]): void {
    const endpoints = this.config.webhooks.endpoints;
    if (endpoints.length === 0) return;
    const message = webhookMessageOf(event, payload);
    if (!message) return;
    const createdAt = Math.floor(Date.parse(message.timestamp) / 1000);
    endpoints.forEach((endpoint, index) => {
      if (!endpoint.events.includes(message.type)) return;
      const body =
        endpoint.format === 'discord' ? discordBodyOf(message, this.config.station.name) : JSON.stringify({ type: message.type, timestamp: message.timestamp, data: message.data });
      const job: DeliveryJob = { key: `${message.id}-e${index}`, id: message.id, type: message.type, endpoint: index, url: endpoint.url, body, created_at: createdAt };
      this.queue.enqueue(job).catch((error: unknown) => this.log.error({ err: error, webhookId: message.id, url: endpoint.url }, 'webhook not queued'));
    });
  }

  recent(limit: number): Promise<DeliveryRecord[]> {
    return this.queue.recent(limit);
  }

  close(): Promise<void> {
    return this.queue.close();
  }
}

/** Memory queue without Redis, BullMQ with it; the sender signs each attempt with the endpoint's secret. */
export function createWebhookDispatcher(config: Readonly<Config>, log: Logger): WebhookDispatcher {
  const settings = config.webhooks;
  const deliver = async (job: DeliveryJob) => {
    // A job queued before a restart with other settings: its endpoint may be gone or moved.
    const endpoint = settings.endpoints[job.endpoint];
    if (endpoint?.url !== job.url) throw new RefusedAddressError(`${job.url} is no longer a configured endpoint`);
    return attemptDelivery(job.url, job.body, signedHeaders(endpoint.secret, job.id, job.body), settings);
  };
  const policy = settings.retry;
  const queue: DeliveryQueue =
    config.redis.url && settings.endpoints.length > 0
      ? new BullMqDeliveryQueue(deliver, { url: config.redis.url, prefix: config.redis.prefix, policy, historySize: settings.historySize, log })
      : new MemoryDeliveryQueue(deliver, policy, settings.historySize, log);
  return new WebhookDispatcher(config, queue, log);
}

/** One LiveHub that tells each of `hubs` (Socket.IO clients and webhooks hear the same events). */
export function allLiveHubs(...hubs: LiveHub[]): LiveHub {
  return { publish: (event, payload) => hubs.forEach((hub) => hub.publish(event, payload)) };
}
