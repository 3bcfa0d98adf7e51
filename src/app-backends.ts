import { createAdapter, createShardedAdapter } from '@socket.io/redis-adapter';
import type { Logger } from 'pino';
import type { ServerOptions } from 'socket.io';
import type { Config } from './config/schema.js';
import { openRedis, type RedisConnections } from './redis/redis-connection.js';
import { redisTopologyOf, replicaAcksOf, stationKeyPrefix } from './redis/redis-topology.js';
import { probeTopology } from './redis/topology-probe.js';
import type { Clock } from './station/clock.js';
import type { Store, StoreLimits } from './station/ports.js';
import { createMemoryStore } from './store/memory/memory-store.js';
import { createRedisStore } from './store/redis/redis-store.js';
import { StoreSchemaWatch } from './store/redis/redis-schema-watch.js';
import type { StoreSchemaTooNewError } from './store/redis/redis-schema.js';
import { BullMqDeliveryQueue } from './webhooks/bullmq-delivery-queue.js';
import type { DeliveryQueue } from './webhooks/delivery-queue.js';
import { MemoryDeliveryQueue } from './webhooks/memory-delivery-queue.js';
import { webhookDeliverer } from './webhooks/webhook-dispatcher.js';
import type { PaymentProvider } from './payments/payment-provider.js';
import { StripeProvider } from './payments/stripe-provider.js';

/** The backends one node runs on: the store, what relays live events to the other nodes, where webhooks wait, who takes payments. */
export interface Backends {
  store: Store;
  /** Where webhook deliveries wait: BullMQ on the node's Redis when there are endpoints, memory otherwise. */
  webhookQueue: DeliveryQueue;
  /** Stripe with `stripeSecretKey`, else none (plan creation answers 503). */
  payments: PaymentProvider | null;
  /** The Socket.IO adapter joining the nodes; absent when there is one process. */
  liveRelay?: ServerOptions['adapter'];
  /**
   * Before the node serves: the Sentinel or Cluster settings are checked against the servers
   * (rejects with the setting named when one cannot work), then a Redis store is brought to this
   * build's schema (migrated if older); rejects when a newer build wrote it (docs/operations.md, "Upgrades").
   */
  open(): Promise<void>;
  /** The Redis connection set (any topology), for what keeps clients of its own there (the webhook queue). */
  redis?: RedisConnections;
  /** The station's key prefix as the topology needs it (`{radio:}` on a Cluster). */
  keyPrefix: string;
  close(): Promise<void>;
}

/** Backends the caller built instead of the ones config picks (tests; the caller owns a given store). */
export interface InjectedBackends {
  store?: Store;
  /** With `store`: the Socket.IO adapter joining this node to others. */
  liveRelay?: Backends['liveRelay'];
  webhookQueue?: DeliveryQueue;
  /** null: none. */
  payments?: PaymentProvider | null;
}

/** What the backends tell the process while it runs. */
export interface BackendEvents {
  /** A newer build migrated the store while this node ran: it must stop (main exits non-zero). */
  onStoreTooNew(error: StoreSchemaTooNewError): void;
}

export function storeLimitsOf(config: Readonly<Config>): StoreLimits {
  return {
    chatHistory: config.chat.historySize,
    requestHistory: config.requests.historySize,
    feedbackHistory: config.feedback.historySize,
    maxTrackedClients: config.rateLimit.maxTrackedClients,
    liveEventHistory: config.live.sse.historySize,
    artworkLookups: config.artwork.lookups,
    artworkImages: config.artwork.images,
  };
}

/**
 * Picks every backend from config, once (or takes the one injected): with `redis.url`,
 * `redis.sentinel` or `redis.cluster` one set of Redis connections (src/redis/) serves the store,
 * the Socket.IO adapter and the webhook queue; without them, memory and one process.
 */
export function createBackends(config: Readonly<Config>, log: Logger, clock: Clock, events: BackendEvents, injected: InjectedBackends = {}): Backends {
  const nodes = injected.store
    ? { store: injected.store, liveRelay: injected.liveRelay, keyPrefix: config.redis.prefix, open: async () => undefined, close: async () => undefined }
    : storeBackends(config, log, clock, events);
  const payments = injected.payments !== undefined ? injected.payments : config.stripeSecretKey ? new StripeProvider({ secretKey: config.stripeSecretKey, ...config.payments.stripe }) : null;
  return { ...nodes, webhookQueue: injected.webhookQueue ?? webhookQueueOf(config, log.child({ component: 'webhooks' }), clock, nodes.redis, nodes.keyPrefix), payments };
}

/** BullMQ on the node's Redis (url, Sentinel or Cluster) when there are endpoints, memory otherwise. */
function webhookQueueOf(config: Readonly<Config>, log: Logger, clock: Clock, redis: RedisConnections | undefined, keyPrefix: string): DeliveryQueue {
  const settings = config.webhooks;
  const deliver = webhookDeliverer(config, clock);
  const common = { policy: settings.retry, historySize: settings.historySize, concurrency: settings.concurrency, log };
  if (redis && settings.endpoints.length > 0) return new BullMqDeliveryQueue(deliver, { ...common, redis, prefix: keyPrefix, endpoints: settings.endpoints.length });
  return new MemoryDeliveryQueue(deliver, { ...common, clock });
}

/** The store and the live relay: Redis for any topology config names, else memory. */
function storeBackends(config: Readonly<Config>, log: Logger, clock: Clock, events: BackendEvents): Omit<Backends, 'webhookQueue' | 'payments'> {
  const limits = storeLimitsOf(config);
  const topology = redisTopologyOf(config.redis);
  if (!topology) return { store: createMemoryStore(limits, clock), keyPrefix: config.redis.prefix, open: async () => undefined, close: async () => undefined };
  const prefix = stationKeyPrefix(topology, config.redis.prefix);
  const redis = openRedis(topology, log.child({ component: 'redis' }), {
    commandTimeoutMs: config.redis.commandTimeoutMs,
    replicaAcks: replicaAcksOf(config.redis, topology),
    probeKey: prefix,
  });
  const schema = new StoreSchemaWatch(redis, prefix, log.child({ component: 'store-schema' }), { onTooNew: (error) => events.onStoreTooNew(error) });
  return {
    store: createRedisStore({ redis, prefix, limits }),
    liveRelay: liveRelayOf(redis, `${prefix}socket.io`),
    redis,
    keyPrefix: prefix,
    // A Sentinel or Cluster setting that cannot work stops the start with the setting named
    // (topology-probe.ts, bounded); servers that do not answer yet are an outage, ridden out.
    open: async () => {
      await probeTopology(topology, log.child({ component: 'redis' }));
      await schema.start();
    },
    close: () => {
      schema.stop();
      return redis.close();
    },
  };
}

/**
 * The Socket.IO adapter for the topology: a Cluster relays over sharded publish/subscribe
 * (Redis 7+ SPUBLISH, each channel on its slot's shard), since classic PUBLISH there is copied to
 * every node of the cluster; a single server or Sentinel uses the classic adapter.
 */
function liveRelayOf(redis: RedisConnections, channel: string): ServerOptions['adapter'] {
  if (redis.topology.kind === 'cluster') return createShardedAdapter(redis.publisher, redis.subscriber, { channelPrefix: channel, subscriptionMode: 'static' });
  return createAdapter(redis.publisher, redis.subscriber, { key: channel });
}
