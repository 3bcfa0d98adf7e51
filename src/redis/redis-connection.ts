import calculateSlot from 'cluster-key-slot';
import { ErrorReply } from 'redis';
import type { Logger } from 'pino';
import { AppError, isAppError } from '../errors.js';
import { DeadlineLine } from './deadline-line.js';
import { OneAtATime } from './one-at-a-time.js';
import { REDIS_RETRY_AFTER_SECONDS, RedisOutage } from './redis-outage.js';
import { RedisClock } from './redis-clock.js';

export { REDIS_RETRY_AFTER_SECONDS };
import { SentinelWatch } from './sentinel-watch.js';
import { ClusterSlotWatch } from './cluster-slot-watch.js';
import { openMasterClient, openTopologyClient, type RedisClient, type RedisClusterClient, type RedisTopology, type TopologyClient, type TopologyClientOptions } from './redis-topology.js';

export type { RedisClient, RedisTopology, TopologyClient };

/**
 * The commands the stores send: methods the single, Sentinel and Cluster clients all have with
 * the same signature (MULTI differs between them, so multi-key writes are Lua scripts).
 */
export type RedisCommands = Pick<
  RedisClient,
  'xAdd' | 'xRevRange' | 'xDel' | 'xRange' | 'lRange' | 'set' | 'exists' | 'mGet' | 'pTTL' | 'del' | 'evalSha' | 'eval' | 'get' | 'zScore' | 'hGetAll' | 'time' | 'pfCount'
>;

export const DEFAULT_COMMAND_TIMEOUT_MS = 500;

export class RedisCommandTimeoutError extends Error {
  override readonly name = 'RedisCommandTimeoutError';
}

export interface RedisConnectionOptions {
  /** A store call without an answer after this long fails (a hung Redis gives 503s, not stalls). */
  commandTimeoutMs?: number;
  /** Replicas that must hold a durable write before it is acknowledged (WAIT), and how long to wait for them. */
  replicaAcks?: { replicas: number; timeoutMs: number };
  /** The key whose master the outage probe PINGs (the station's prefix: on a Cluster, its shard). */
  probeKey?: string;
}

/** While Redis is away, how often one PING asks whether it is back (a frozen Redis sends no event when it thaws). */
export const OUTAGE_PROBE_MS = 1000;

/** The clients of one node (one app) on one topology, and the one outage state they share. */
export interface RedisConnections {
  readonly topology: RedisTopology;
  /** The store's commands. */
  readonly commands: RedisCommands;
  /** The live relay's publish/subscribe pair (the Socket.IO adapter). */
  readonly publisher: TopologyClient;
  readonly subscriber: TopologyClient;
  /** Whether Redis is away, since when, and its changes: one fact for the node (redis-outage.ts). */
  readonly outage: RedisOutage;
  /** How long `call` waits for an answer before its 503. */
  readonly commandTimeoutMs: number;
  /** Redis's clock against ours, as scripts report it: a script that must not run past its call's timeout checks against it. */
  readonly clock: RedisClock;
  /**
   * Runs store calls so that a connection failure or a timeout (`commandTimeoutMs`) becomes 503
   * UNAVAILABLE, logged once per outage. An ErrorReply is Redis refusing a command (a bug on our
   * side), so it stays a 500.
   */
  call<T>(operation: () => Promise<T>): Promise<T>;
  /** The same, with the answer turned into the caller's value (`map`) in the same step, not one more promise. */
  call<T, R>(operation: () => Promise<T>, map: (value: T) => R): Promise<R>;
  /** A raw command on the store connection, sent to the master that holds `routingKey`'s slot (SCAN, PING). */
  send(routingKey: string, args: string[]): Promise<unknown>;
  /**
   * A write acknowledged only once `replicaAcks.replicas` replicas hold it (revenue, song
   * requests): `write` runs on a connection of its own (WAIT counts the writes of its connection
   * and blocks it while it waits), then WAIT to the master of `routingKey` unless `replicate` says
   * the result wrote nothing to wait for. 503 if the replicas do not hold it within their timeout,
   * and at once while they are known to be behind and another write is already waiting for them.
   */
  durableWrite<T>(routingKey: string, write: (durable: RedisCommands) => Promise<T>, replicate?: (result: T) => boolean): Promise<T>;
  /** Whether a durable write waits for replicas (a WAIT after it, which may fail after the write was done). */
  readonly waitsForReplicas: boolean;
  /** Whether the store connection is up (a single client reconnecting is not). */
  isReady(): boolean;
  /**
   * One more plain client of this set's Redis, for a library that keeps its own connections and
   * speaks to one server (BullMQ): it follows the master (the sentinels' on Sentinel; on a Cluster
   * the master of `routingKey`'s slot, which must hold every key the library touches), its errors
   * count in this set's outage (logged once), and the set closes it if its owner did not.
   */
  openClient(routingKey: string, options?: TopologyClientOptions): { client: RedisClient; close(): Promise<void> };
  /** A failure seen outside `call` (a library's error event): the outage, logged once per state change. */
  failed(error: unknown): void;
  /** Closes every client, never waiting on an absent Redis. */
  close(): Promise<void>;
}

/** Opens every Redis connection a node needs, in one place, on any topology. */
export function openRedis(topology: RedisTopology, log: Logger, options: RedisConnectionOptions = {}): RedisConnections {
  const commandTimeoutMs = options.commandTimeoutMs ?? DEFAULT_COMMAND_TIMEOUT_MS;
  const replicaAcks = options.replicaAcks ?? { replicas: 0, timeoutMs: 1000 };
  const outage = new RedisOutage(log);
  // One watch of the sentinels for every client of the set.
  const watch = topology.kind === 'sentinel' ? new SentinelWatch(topology, log) : undefined;
  const open = (clientOptions: TopologyClientOptions = {}) => connectInBackground(topology, clientOptions, outage, log, { watch, stationKey: options.probeKey ?? '' });
  const command = open();
  const durable = open();
  const publisher = open();
  const subscriber = open({ queueWhileOffline: true });
  // The Socket.IO adapter awaits none of these calls: while Redis is away (or when a client is
  // dropped at shutdown) they fail, and each would be an unhandled rejection. The outage is logged once.
  if (topology.kind !== 'cluster') subscribeWhenReady(subscriber.client as RedisClient);
  catchUnawaited(publisher.client, ['publish', 'sPublish'], outage);
  catchUnawaited(subscriber.client, ['subscribe', 'pSubscribe', 'unsubscribe', 'pUnsubscribe', 'sSubscribe', 'sUnsubscribe'], outage);
  const opened = [command, durable, publisher, subscriber];

  // One timer per timeout length for all calls in flight (deadline-line.ts), not one per call.
  const lines = new Map<number, DeadlineLine>();
  const lineOf = (timeoutMs: number): DeadlineLine => {
    let line = lines.get(timeoutMs);
    if (!line) lines.set(timeoutMs, (line = new DeadlineLine(timeoutMs, () => new RedisCommandTimeoutError(`no answer from Redis within ${timeoutMs} ms`))));
    return line;
  };
  const started = <T>(operation: () => Promise<T>): Promise<T> => {
    try {
      return operation();
    } catch (error) {
      // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- what the operation threw, passed on as it came
      return Promise.reject(error);
    }
  };
  const unavailable = (cause?: unknown) => new AppError('UNAVAILABLE', { retryAfterSeconds: REDIS_RETRY_AFTER_SECONDS, cause, alreadyLogged: true });
  /**
   * Set when a call got no answer within its timeout (a frozen Redis answers nothing and closes
   * nothing), cleared by any answer. While it holds, only the probe asks Redis (`asking`): every
   * other call is refused at once, so such a Redis costs the first request one command timeout, not
   * every request one each. An outage that fails fast (a refused or closed connection, a
   * failover) lets calls through: one that reaches the new master ends it as soon as it can.
   */
  let unanswered = false;
  /** A failed call: Redis refusing a command stays what it is (a 500); a lost or silent Redis is the outage, and 503. */
  const failedCall = (error: unknown): never => {
    if (isAppError(error)) throw error;
    if (error instanceof ErrorReply && !/^(LOADING|BUSY|READONLY|CLUSTERDOWN|TRYAGAIN|MASTERDOWN)/.test(error.message)) throw error;
    if (error instanceof RedisCommandTimeoutError) unanswered = true;
    outage.wentDown(error);
    for (const connection of opened) connection.lookAgain();
    throw unavailable(error);
  };
  /**
   * The outcome is handled on the deadline line's own callback (no promise of ours in between),
   * and `map`, when given, turns the answer into the caller's value there too: a budget check's
   * answer reaches the edge in as few promise steps as the rules allow.
   */
  const callWithin = <T, R = T>(operation: () => Promise<T>, timeoutMs: number, asking = false, map?: (value: T) => R): Promise<R> => {
    if (unanswered && outage.isDown && !asking) return Promise.reject(unavailable());
    const epoch = outage.epoch;
    return lineOf(timeoutMs).bound(
      started(operation),
      (result): R => {
        unanswered = false;
        outage.answered(epoch);
        return map ? map(result) : (result as unknown as R);
      },
      failedCall,
    );
  };
  let replicasBehind = false;
  const replicasBehindError = () => new AppError('UNAVAILABLE', { message: 'Not yet copied to a Redis replica; retry with the same request.', retryAfterSeconds: 1, alreadyLogged: true });
  const replicated = async (routingKey: string): Promise<void> => {
    const args = ['WAIT', String(replicaAcks.replicas), String(replicaAcks.timeoutMs)];
    const acks = Number(await callWithin(() => sendTo(durable.client, topology, routingKey, args), replicaAcks.timeoutMs + commandTimeoutMs));
    const behind = acks < replicaAcks.replicas;
    if (behind !== replicasBehind) {
      replicasBehind = behind;
      if (behind) log.error({ replicas: replicaAcks.replicas, acknowledged: acks }, 'redis replicas behind: refusing revenue events and song requests (503) until they catch up');
      else log.info('redis replicas caught up');
    }
    if (behind) throw replicasBehindError();
  };
  /**
   * Durable writes, each with its WAIT, one at a time. A WAIT holds its connection until the
   * replicas answer, a whole `replicaAcks.timeoutMs` when there is none (a failover's new master,
   * until the old one rejoins). A write sent meanwhile on the same socket waited that long, its
   * command timeout took the wait for a frozen Redis, and every call of the node was refused, chat
   * and reads included, until the next probe: again and again until a replica was back. In line,
   * each command's timeout measures Redis's own answer. One that had to wait while the replicas
   * are behind, or longer than one WAIT may take, is refused at once: only the first asks them.
   */
  const durableLine = new OneAtATime();
  const durableWrite = <T>(routingKey: string, write: (client: RedisCommands) => Promise<T>, replicate: (result: T) => boolean = () => true): Promise<T> => {
    // No WAIT to count this connection's writes: on the commands connection, so a write that
    // records a live event (a song request's script) replies in history-id order with the
    // events the hub records there, and local deliveries keep that order (SSE resume by id).
    if (replicaAcks.replicas === 0) return callWithin(() => write(command.client), commandTimeoutMs);
    if (replicasBehind && !durableLine.idle) return Promise.reject(replicasBehindError());
    return durableLine.run(async ({ waited, waitedMs }) => {
      if (waited && (replicasBehind || waitedMs > replicaAcks.timeoutMs)) throw replicasBehindError();
      const result = await callWithin(() => write(durable.client), commandTimeoutMs);
      if (replicate(result)) await replicated(routingKey);
      return result;
    });
  };
  // While away, one PING a second finds Redis back, also when nothing else asks it (station
  // reads and budgets then stay off Redis) and when no reconnect tells (a frozen Redis thaws).
  let probe: NodeJS.Timeout | undefined;
  let probing = false;
  let closed = false;
  outage.onChange((awaySince) => {
    clearInterval(probe);
    if (awaySince === null) unanswered = false;
    if (awaySince === null || closed) return;
    probe = setInterval(() => {
      if (probing) return;
      probing = true;
      callWithin(() => sendTo(command.client, topology, options.probeKey ?? '', ['PING']), commandTimeoutMs, true)
        .catch(() => undefined)
        .finally(() => (probing = false));
    }, OUTAGE_PROBE_MS);
    probe.unref();
  });
  // Redis's clock, learned as soon as the command connection is ready (and again on each
  // reconnect), so that even the first script after a start can tell its call was given up here
  // (redis-clock.ts): without it, a post answered 503 on a frozen Redis was written when it thawed.
  const clock = new RedisClock();
  let clockRetry: NodeJS.Timeout | undefined;
  const learnClock = (): void => {
    clearTimeout(clockRetry);
    if (closed) return;
    sendTo(command.client, topology, options.probeKey ?? '', ['TIME']).then(
      (reply) => {
        const [seconds, micros] = reply as [string, string];
        clock.observe(Number(seconds) * 1000 + Math.floor(Number(micros) / 1000), Date.now());
      },
      () => {
        if (closed) return;
        clockRetry = setTimeout(learnClock, OUTAGE_PROBE_MS);
        clockRetry.unref();
      },
    );
  };
  // A Cluster client tells no 'ready' of its own: it is asked until it answers.
  if (topology.kind === 'cluster') learnClock();
  else (command.client as RedisClient).on('ready', learnClock);
  const slotWatches: ClusterSlotWatch[] = [];
  const openClient = (routingKey: string, clientOptions: TopologyClientOptions = {}) => {
    if (topology.kind !== 'cluster') {
      const extra = open(clientOptions);
      opened.push(extra);
      return { client: extra.client as RedisClient, close: () => extra.close() };
    }
    const slotWatch = new ClusterSlotWatch(command.client as RedisClusterClient, routingKey);
    slotWatches.push(slotWatch);
    const following = openMasterClient(slotWatch, topology, clientOptions, { onError: (error) => outage.wentDown(error), onReady: () => outage.cameBack() });
    const entry: OpenedClient = { client: following.client, isReady: () => following.client.isReady, lookAgain: () => command.lookAgain(), close: () => following.close() };
    opened.push(entry);
    return following;
  };

  return {
    topology,
    outage,
    commandTimeoutMs,
    clock,
    commands: command.client,
    publisher: publisher.client,
    subscriber: subscriber.client,
    call: <T, R>(operation: () => Promise<T>, map?: (value: T) => R) => callWithin(operation, commandTimeoutMs, false, map),
    send: (routingKey, args) => sendTo(command.client, topology, routingKey, args),
    durableWrite,
    waitsForReplicas: replicaAcks.replicas > 0,
    isReady: () => command.isReady(),
    openClient,
    failed: (error) => {
      outage.wentDown(error);
      for (const connection of opened) connection.lookAgain();
    },
    close: async () => {
      closed = true;
      clearInterval(probe);
      clearTimeout(clockRetry);
      for (const slotWatch of slotWatches) slotWatch.close();
      await Promise.allSettled(opened.map((connection) => connection.close()));
      watch?.close();
    },
  };
}

/** One client of a topology, connecting (and for Sentinel and Cluster, following failovers) in the background. */
interface OpenedClient {
  readonly client: TopologyClient;
  isReady(): boolean;
  /** A call failed: the master may have been replaced; look again (sentinels, or the Cluster's slot map). */
  lookAgain(): void;
  close(): Promise<void>;
}

function connectInBackground(
  topology: RedisTopology,
  options: TopologyClientOptions,
  outage: RedisOutage,
  log: Logger,
  { watch, stationKey }: { watch: SentinelWatch | undefined; stationKey: string },
): OpenedClient {
  if (topology.kind === 'cluster') {
    // Errors are seen where calls fail (one log line per outage); these are the client's own retries.
    const opened = openTopologyClient(topology, options, { log, onError: (error) => log.debug({ reason: String(error) }, 'redis cluster client error') });
    const cluster = opened.client as RedisClusterClient;
    // Except the station shard's master lost: the outage, as a plain client's error is on one
    // server or Sentinel. Calls alone may not tell it: one sent after the socket closed fails with
    // "the client is offline", which proves nothing by itself (redis-outage.ts), and the node logged
    // no outage line at all. Other shards' masters hold none of the station's keys.
    const slot = calculateSlot(stationKey);
    cluster.on('node-error', (error: unknown, node: { host: string; port: number }) => {
      const master = cluster.slots[slot]?.master;
      if (master?.host === node.host && master.port === node.port) outage.wentDown(error);
    });
    return followClusterFailovers(cluster, () => opened.close());
  }
  // Errors repeat on every reconnect attempt; the outage is logged once. Never awaited: the
  // service starts (and /readyz says 503) while Redis is still out of reach.
  const opened = openTopologyClient(topology, options, { log, watch, onError: (error) => outage.wentDown(error), onReady: () => outage.cameBack() });
  const client = opened.client as RedisClient;
  return { client, isReady: () => client.isReady, lookAgain: () => watch?.lookAgain(), close: () => opened.close() };
}

/**
 * node-redis learns a Cluster's slot map at start and again only on a MOVED or ASK reply; a
 * master that died answers nothing, so it would be asked forever. Here every node error and
 * every failed call (`lookAgain`) asks for the map again (at most every 250 ms), until the
 * replica's promotion shows in it; sharded subscriptions that lived on the dead master are then
 * made again on the new one (making one again on a live master changes nothing).
 */
function followClusterFailovers(cluster: RedisClusterClient, close: () => Promise<void>): OpenedClient {
  let closed = false;
  let retry: NodeJS.Timeout | undefined;
  let pending: NodeJS.Timeout | undefined;
  const sharded: Array<[channels: string | string[], listener: unknown, bufferMode: unknown]> = [];
  const subscribe = cluster.sSubscribe.bind(cluster) as (...args: unknown[]) => Promise<void>;
  const resubscribe = () => {
    for (const [channels, listener, bufferMode] of sharded) void subscribe(channels, listener, bufferMode).catch(() => undefined);
  };
  const lookAgain = () => {
    if (closed || pending || !cluster.isOpen) return;
    pending = setTimeout(() => {
      const healthy = cluster.masters.find((master) => master.client?.isReady)?.client;
      const done = healthy ? cluster._slots.rediscover(healthy) : Promise.resolve();
      void done.then(resubscribe, () => undefined).finally(() => (pending = undefined));
    }, 250);
  };
  cluster.on('node-error', lookAgain);
  cluster.sSubscribe = (channels: string | string[], listener: unknown, bufferMode: unknown) => {
    sharded.push([channels, listener, bufferMode]);
    return subscribe(channels, listener, bufferMode);
  };
  // No root node answering at start: try again (node-redis lets a Cluster that failed to open be opened again).
  // Subscriptions asked for before the slot map was known failed: they are made once it is.
  const connect = () => {
    cluster.connect().then(resubscribe, () => {
      if (!closed) retry = setTimeout(connect, 1000);
    });
  };
  connect();
  return {
    client: cluster,
    isReady: () => cluster.isOpen && cluster.masters.length > 0,
    lookAgain,
    close: async () => {
      closed = true;
      clearTimeout(retry);
      clearTimeout(pending);
      await close();
    },
  };
}

/** A raw command to the master holding `routingKey`'s slot (any master for a single server or Sentinel). */
function sendTo(client: TopologyClient, topology: RedisTopology, routingKey: string, args: string[]): Promise<unknown> {
  switch (topology.kind) {
    case 'single':
    case 'sentinel':
      return (client as RedisClient).sendCommand(args);
    case 'cluster':
      return (client as RedisClusterClient).sendCommand(routingKey, false, args);
  }
}

/**
 * For a library that calls `methods` without awaiting them (the Socket.IO Redis adapter): their
 * failures are the outage, logged once, never unhandled rejections. The promise is returned as is.
 */
/**
 * node-redis (5.12) loses a subscriber whose first connection fails after a SUBSCRIBE was queued
 * on it (a connect timeout while this process was off the CPU at start): the client comes back
 * ready, Redis sends it every message, and it drops each one with a TypeError. A worker started
 * under load then never hears the other nodes' relays (the workers bench hung on it). So the
 * (un)subscriptions wait for a ready connection and go out in the order asked; a connection lost
 * after that is resubscribed by node-redis itself, which works.
 */
const SUBSCRIPTIONS = ['subscribe', 'pSubscribe', 'unsubscribe', 'pUnsubscribe'] as const;
function subscribeWhenReady(client: RedisClient): void {
  const target = client as unknown as Record<(typeof SUBSCRIPTIONS)[number], (...args: unknown[]) => Promise<unknown>>;
  let waiting: Array<() => void> = [];
  client.on('ready', () => {
    const queued = waiting;
    waiting = [];
    for (const send of queued) send();
  });
  for (const method of SUBSCRIPTIONS) {
    const original = target[method].bind(client);
    target[method] = (...args: unknown[]) =>
      client.isReady && waiting.length === 0 ? original(...args) : new Promise((resolve, reject) => waiting.push(() => void original(...args).then(resolve, reject)));
  }
}

function catchUnawaited(client: TopologyClient, methods: readonly string[], outage: RedisOutage): void {
  const target = client as unknown as Record<string, ((...args: unknown[]) => unknown) | undefined>;
  for (const method of methods) {
    const original = target[method];
    if (typeof original !== 'function') continue;
    target[method] = (...args: unknown[]) => {
      const result = original.apply(client, args);
      if (result instanceof Promise) result.catch((error: unknown) => outage.wentDown(error));
      return result;
    };
  }
}
