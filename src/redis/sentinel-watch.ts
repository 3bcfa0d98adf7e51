import { createClient, type RedisClientOptions } from 'redis';
import type { Logger } from 'pino';
import { WatchedMaster, type MasterAddress, type MasterWatch } from './master-watch.js';

export type RedisClient = ReturnType<typeof createClient>;

export interface SentinelSet {
  masterName: string;
  sentinels: Array<{ host: string; port: number }>;
  sentinelUsername?: string;
  sentinelPassword?: string;
}

/** How often the sentinels are asked where the master is, besides right after a failed call. */
const ASK_EVERY_MS = 1000;
/** A failed call asks again at once, but not more often than this. */
const ASK_AGAIN_AFTER_MS = 250;

/**
 * Where the master of a Sentinel set is now: asks one sentinel (`SENTINEL
 * GET-MASTER-ADDR-BY-NAME`) every second and right after a failed call, moving to the next
 * sentinel when one does not answer. Plain node-redis clients then follow it (`followMaster`).
 * Written here rather than node-redis's `createSentinel`, which retries commands after a
 * failover behind the caller's back (a write answered 503 could still land later), waits on
 * rediscovery instead of failing fast, and prints errors to stdout (breaking JSON logs).
 */
export class SentinelWatch extends WatchedMaster {
  private asker: RedisClient | null = null;
  private sentinelIndex = 0;
  private timer: NodeJS.Timeout | undefined;
  private asking: Promise<void> | null = null;
  private lastAskedAt = 0;
  private closed = false;

  constructor(
    private readonly set: SentinelSet,
    private readonly log: Logger,
  ) {
    super();
    void this.ask();
    this.timer = setInterval(() => void this.ask(), ASK_EVERY_MS);
    this.timer.unref();
  }

  /** A call failed: the master may have changed; ask now (at most every 250 ms). */
  lookAgain(): void {
    if (performance.now() - this.lastAskedAt >= ASK_AGAIN_AFTER_MS) void this.ask();
  }

  private ask(): Promise<void> {
    this.asking ??= this.askOnce().finally(() => (this.asking = null));
    return this.asking;
  }

  private async askOnce(): Promise<void> {
    if (this.closed) return;
    this.lastAskedAt = performance.now();
    try {
      this.asker ??= await this.connectAsker();
      const reply = await this.asker.sendCommand<[string, string] | null>(['SENTINEL', 'GET-MASTER-ADDR-BY-NAME', this.set.masterName]);
      if (!reply) throw new Error(`the sentinels do not know a master named ${this.set.masterName}`);
      const previous = this.master;
      if (this.seen({ host: reply[0], port: Number(reply[1]) })) {
        this.log.info({ master: `${reply[0]}:${reply[1]}`, previous: previous && `${previous.host}:${previous.port}` }, 'redis master (from sentinel)');
      }
    } catch (error) {
      // Try the next sentinel on the next round; the outage itself is logged where calls fail.
      this.log.debug({ reason: String(error) }, 'sentinel did not answer');
      this.asker?.destroy();
      this.asker = null;
      this.sentinelIndex = (this.sentinelIndex + 1) % this.set.sentinels.length;
    }
  }

  private async connectAsker(): Promise<RedisClient> {
    const { host, port } = this.set.sentinels[this.sentinelIndex]!;
    const client = createClient({
      socket: { host, port, connectTimeout: 1000, socketTimeout: 2000, reconnectStrategy: false },
      username: this.set.sentinelUsername,
      password: this.set.sentinelPassword,
      disableOfflineQueue: true,
    });
    client.on('error', () => undefined); // seen by the failing command
    await client.connect();
    return client;
  }

  close(): void {
    this.closed = true;
    clearInterval(this.timer);
    this.asker?.destroy();
    this.asker = null;
    this.forgetListeners();
  }
}

let shapeClient: RedisClient | undefined;
/** A client never connected, to tell methods from properties before any master is known. */
const shape = () => (shapeClient ??= createClient());

const SUBSCRIBING = new Set(['subscribe', 'SUBSCRIBE', 'pSubscribe', 'PSUBSCRIBE', 'sSubscribe', 'SSUBSCRIBE']);
const LIFECYCLE = new Set(['connect', 'close', 'destroy', 'quit', 'disconnect']);

/**
 * A node-redis client that is always connected to the master the watch names (the sentinels',
 * or a Cluster slot's): when the master
 * changes, a fresh client to the new one takes its place (its listeners and subscriptions made
 * again on it) and the old one is dropped, failing what it still had in flight. Until a master is
 * known, commands fail at once. It looks like one `RedisClient` to whoever holds it.
 */
export function followMaster(watch: MasterWatch, options: RedisClientOptions, onClient: (client: RedisClient) => void): { client: RedisClient; close(): Promise<void> } {
  let current: RedisClient | null = null;
  let closed = false;
  const listeners: Array<[event: string, listener: (...args: unknown[]) => void]> = [];
  const subscriptions: Array<[method: string, args: unknown[]]> = [];

  const open = (address: MasterAddress) => {
    const client: RedisClient = createClient({ ...options, socket: { ...options.socket, host: address.host, port: address.port } });
    for (const [event, listener] of listeners) client.on(event, listener);
    onClient(client);
    client.connect().catch(() => undefined); // its 'error' listener reports it; it keeps reconnecting
    for (const [method, args] of subscriptions) void (Reflect.get(client, method) as (...a: unknown[]) => Promise<unknown>).apply(client, args).catch(() => undefined);
    const previous = current;
    current = client;
    if (previous?.isOpen) previous.destroy();
  };
  const stopWatching = watch.onChange((address) => {
    if (!closed) open(address);
  });
  if (watch.master) open(watch.master);

  const noMaster = () => Promise.reject(new Error('no Redis master known yet (asking the sentinels)'));
  const standIn: object = {};
  const client = new Proxy(standIn, {
    get: (overrides, property) => {
      // What a caller wraps (catchUnawaited) is set on the stand-in itself.
      if (Object.hasOwn(overrides, property)) return Reflect.get(overrides, property) as unknown;
      const name = String(property);
      if (name === 'on' || name === 'addListener') {
        return (event: string, listener: (...args: unknown[]) => void) => {
          listeners.push([event, listener]);
          current?.on(event, listener);
          return client;
        };
      }
      if (SUBSCRIBING.has(name)) {
        return (...args: unknown[]) => {
          subscriptions.push([name, args]);
          return current ? (Reflect.get(current, name) as (...a: unknown[]) => Promise<unknown>).apply(current, args) : Promise.resolve();
        };
      }
      if (LIFECYCLE.has(name)) throw new Error(`a client that follows the sentinel master is opened and closed by its owner, not by ${name}()`);
      if (typeof Reflect.get(shape(), property) !== 'function') return current ? (Reflect.get(current, property) as unknown) : undefined;
      // Looked up at call time: a caller that keeps the method (catchUnawaited) reaches the client of the moment.
      return (...args: unknown[]) => {
        const target = current;
        if (!target) return noMaster();
        return (Reflect.get(target, property) as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  }) as RedisClient;

  return {
    client,
    close: async () => {
      closed = true;
      stopWatching();
      const last = current;
      current = null;
      if (last?.isOpen) {
        if (last.isReady) await Promise.race([last.close().catch(() => undefined), new Promise((resolve) => setTimeout(resolve, 1000))]);
        // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- close() may have finished meanwhile
        if (last.isOpen) last.destroy();
      }
    },
  };
}
