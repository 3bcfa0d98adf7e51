import { createClient, createCluster, type RedisClientOptions } from 'redis';
import type { Logger } from 'pino';
import type { Config } from '../config/schema.js';
import type { MasterWatch } from './master-watch.js';
import { followMaster, SentinelWatch, type RedisClient } from './sentinel-watch.js';

export type { RedisClient };
export type RedisClusterClient = ReturnType<typeof createCluster>;

/** Where the station's Redis is: one server, a master watched by Sentinel, or a Cluster. */
export type RedisTopology =
  | { kind: 'single'; url: string }
  | { kind: 'sentinel'; masterName: string; sentinels: Array<{ host: string; port: number }>; username?: string; password?: string; sentinelUsername?: string; sentinelPassword?: string }
  | { kind: 'cluster'; nodes: string[]; username?: string; password?: string };

/**
 * The node-redis client of a topology: `createClient`'s for one server and for Sentinel (a client
 * that follows the master the sentinels name), `createCluster`'s for a Cluster.
 */
export type TopologyClient = RedisClient | RedisClusterClient;

/** The topology config names (`redis.url`, `redis.sentinel` or `redis.cluster`), or null for the in-memory store. */
export function redisTopologyOf(redis: Readonly<Config['redis']>): RedisTopology | null {
  if (redis.url) return { kind: 'single', url: redis.url };
  if (redis.sentinel) {
    const { sentinels, ...rest } = redis.sentinel;
    return { kind: 'sentinel', ...rest, sentinels: sentinels.map(parseHostPort) };
  }
  if (redis.cluster) return { kind: 'cluster', ...redis.cluster, nodes: [...redis.cluster.nodes] };
  return null;
}

function parseHostPort(address: string): { host: string; port: number } {
  const colon = address.lastIndexOf(':');
  return { host: address.slice(0, colon), port: Number(address.slice(colon + 1)) };
}

const HASH_TAG = /\{[^}]+\}/;

/**
 * The prefix of every key of the station (store, event history, adapter channels, BullMQ). A
 * Cluster runs a script or a transaction only when all its keys hash to one slot, so there every
 * key carries the station's hash tag: `radio:` becomes `{radio:}` (keys `{radio:}chat`, …). A
 * prefix that already has a tag (`{radio}:`) is kept as is on every topology, so a station that
 * sets one before moving to a Cluster keeps its key names (docs/operations.md, "Redis topologies").
 */
export function stationKeyPrefix(topology: RedisTopology, prefix: string): string {
  if (topology.kind !== 'cluster' || HASH_TAG.test(prefix)) return prefix;
  return `{${prefix}}`;
}

/** Replicas a revenue event or a song request must reach before it is acknowledged (`redis.replicaAcks`). */
export function replicaAcksOf(redis: Readonly<Config['redis']>, topology: RedisTopology): { replicas: number; timeoutMs: number } {
  return redis.replicaAcks ?? { replicas: topology.kind === 'single' ? 0 : 1, timeoutMs: 1000 };
}

export interface TopologyClientOptions {
  /** Queue commands while disconnected (a subscriber's SUBSCRIBE) instead of failing them at once. */
  queueWhileOffline?: boolean;
  /** A connection that waits on blocking commands (a queue worker): no idle socket timeout, no PING. */
  blocking?: boolean;
}

const reconnectStrategy = (retries: number) => Math.min(50 * 2 ** retries, 2000);

/** A client of a topology, connecting in the background; `close` closes it (and what it needs). */
export interface OpenedTopologyClient<C extends TopologyClient = TopologyClient> {
  readonly client: C;
  close(): Promise<void>;
}

/**
 * The node-redis client for a topology, connecting in the background, tuned to fail fast:
 * while Redis is away commands are refused at once (no offline queue) and the client reconnects
 * with capped backoff; a PING every second notices a Redis that stopped answering. One server:
 * `createClient`. Sentinel: a `createClient` that always points at the master the sentinels name
 * (sentinel-watch.ts; pass the connection set's `watch` to share one). Cluster: `createCluster`,
 * which routes each command to its slot's master. Errors go to `onError` (never unhandled).
 */
export function openTopologyClient(
  topology: RedisTopology,
  options: TopologyClientOptions,
  context: { log: Logger; onError: (error: unknown) => void; onReady?: () => void; watch?: SentinelWatch },
): OpenedTopologyClient {
  const node = nodeOptionsOf(options);
  const listen = listenerOf(context);
  switch (topology.kind) {
    case 'single': {
      const client = createClient({ ...node, url: topology.url });
      listen(client);
      client.connect().catch(context.onError);
      return { client, close: () => closeClient(client) };
    }
    case 'sentinel': {
      const watch = context.watch ?? new SentinelWatch(topology, context.log);
      const following = followMaster(watch, { ...node, username: topology.username, password: topology.password }, listen);
      return {
        client: following.client,
        close: async () => {
          await following.close();
          if (!context.watch) watch.close();
        },
      };
    }
    case 'cluster': {
      const cluster = createCluster({
        rootNodes: topology.nodes.map((url) => ({ url })),
        defaults: { ...node, username: topology.username, password: topology.password },
        maxCommandRedirections: 16,
      });
      cluster.on('error', context.onError);
      return {
        client: cluster,
        close: () =>
          closeWithin(
            () => cluster.close(),
            () => cluster.destroy(),
          ),
      };
    }
  }
}

/** The options of one node-redis client of the hub (fail fast, reconnect with capped backoff). */
export function nodeOptionsOf(options: TopologyClientOptions): RedisClientOptions {
  return {
    disableOfflineQueue: !options.queueWhileOffline,
    ...(options.blocking ? {} : { pingInterval: 1000 }),
    socket: { connectTimeout: 2000, ...(options.blocking ? {} : { socketTimeout: 5000 }), reconnectStrategy },
  };
}

/** Attaches the context's listeners to a client (without an 'error' listener node-redis errors would crash the process). */
export function listenerOf(context: { onError: (error: unknown) => void; onReady?: () => void }): (client: RedisClient) => void {
  return (client) => {
    client.on('error', context.onError);
    if (context.onReady) client.on('ready', context.onReady);
  };
}

/**
 * A plain client of the master `watch` names, following it when it moves (a Cluster slot's
 * master, for a library that speaks to one server): the Cluster's credentials, the hub's options.
 */
export function openMasterClient(
  watch: MasterWatch,
  topology: Extract<RedisTopology, { kind: 'cluster' }>,
  options: TopologyClientOptions,
  context: { onError: (error: unknown) => void; onReady?: () => void },
): OpenedTopologyClient<RedisClient> {
  const following = followMaster(watch, { ...nodeOptionsOf(options), username: topology.username, password: topology.password }, listenerOf(context));
  return following;
}

/**
 * Closes a client without ever waiting on an absent Redis: a client that is not connected is
 * dropped at once, a connected one gets `graceMs` to finish its commands and is dropped after.
 */
export async function closeClient(client: RedisClient, graceMs = 1000): Promise<void> {
  if (!client.isOpen) return;
  if (!client.isReady) {
    client.destroy();
    return;
  }
  await closeWithin(
    () => client.close(),
    () => client.isOpen && client.destroy(),
    graceMs,
  );
}

export async function closeWithin(close: () => Promise<unknown>, destroy: () => unknown, graceMs = 1000): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const gaveUp = new Promise<'gave up'>((resolve) => (timer = setTimeout(() => resolve('gave up'), graceMs)));
  const outcome = await Promise.race([
    close().then(
      () => 'closed' as const,
      () => 'failed' as const,
    ),
    gaveUp,
  ]);
  clearTimeout(timer);
  if (outcome !== 'closed') await Promise.resolve(destroy()).catch(() => undefined);
}
