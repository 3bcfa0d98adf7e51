import { createClient, ErrorReply } from 'redis';
import type { Logger } from 'pino';
import { AppError, isAppError } from '../errors.js';

export type RedisClient = ReturnType<typeof createClient>;

export interface RedisClientOptions {
  /** A subscriber must queue its SUBSCRIBE until the first connect; everything else fails fast. */
  queueWhileOffline?: boolean;
  /** A command without an answer after this long fails (a hung Redis gives 503s, not stalls). */
  commandTimeoutMs?: number;
}

export const DEFAULT_COMMAND_TIMEOUT_MS = 500;
/** What a client is told to wait before retrying while Redis is away (Retry-After). */
export const REDIS_RETRY_AFTER_SECONDS = 5;

/**
 * Whether Redis is usable, as one fact for the process (the store and the live adapter talk to
 * the same Redis): logged once when it goes away and once when it is back, never per request.
 */
class RedisOutage {
  private down = false;
  private log: Logger | undefined;

  useLogger(log: Logger): void {
    this.log ??= log;
  }

  wentDown(error: unknown): void {
    if (this.down) return;
    this.down = true;
    const reason = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    this.log?.error({ reason }, 'redis unavailable: answering 503 until it is back');
  }

  cameBack(): void {
    if (!this.down) return;
    this.down = false;
    this.log?.info('redis available again');
  }
}

const outage = new RedisOutage();

/**
 * A node-redis client tuned to fail fast instead of queueing: while Redis is away, commands are
 * refused at once (disableOfflineQueue) so requests answer 503 instead of hanging, and the client
 * keeps reconnecting in the background with capped backoff. Every command times out after
 * `commandTimeoutMs`, so a Redis that accepts but never answers (hung, stopped) costs a request at
 * most that long. A PING every second notices such a Redis even when nobody asks.
 */
export function createRedisClient(url: string, log: Logger, options: RedisClientOptions = {}): RedisClient {
  const client = createClient({
    url,
    disableOfflineQueue: !options.queueWhileOffline,
    pingInterval: 1000,
    socket: {
      connectTimeout: 2000,
      socketTimeout: 5000,
      reconnectStrategy: (retries) => Math.min(50 * 2 ** retries, 2000),
    },
  });
  outage.useLogger(log);
  limitCommandTime(client, options.commandTimeoutMs ?? DEFAULT_COMMAND_TIMEOUT_MS);
  // Without an 'error' listener node-redis errors would crash the process. Errors repeat on every
  // reconnect attempt; the outage is logged once.
  client.on('error', (error: Error) => outage.wentDown(error));
  client.on('ready', () => outage.cameBack());
  // Never awaited: the service starts (and /readyz says 503) while Redis is still out of reach.
  client.connect().catch((error: unknown) => outage.wentDown(error));
  return client;
}

export class RedisCommandTimeoutError extends Error {
  override readonly name = 'RedisCommandTimeoutError';
}

/**
 * Fails every command that has no answer after `timeoutMs`. node-redis's own `timeout` command
 * option stops counting once the command is written to the socket, and a frozen Redis (SIGSTOP,
 * a hung host) takes the write into the kernel's buffer and never answers: the wait would then
 * last until the socket timeout, seconds later, for every request. Every command (the typed
 * ones, scripts, PING) goes through the client's `sendCommand`, so the bound is set there once.
 * A late reply still arrives in order and resolves the abandoned promise, which nobody reads.
 */
function limitCommandTime(client: RedisClient, timeoutMs: number): void {
  const self = (client as unknown as { _self: { sendCommand: (...args: unknown[]) => Promise<unknown> } })._self;
  const send = self.sendCommand;
  self.sendCommand = function (this: unknown, ...args: unknown[]) {
    const reply = send.apply(this, args);
    let timer: NodeJS.Timeout | undefined;
    const expired = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new RedisCommandTimeoutError(`no answer from Redis within ${timeoutMs} ms`)), timeoutMs);
    });
    return Promise.race([reply, expired]).finally(() => clearTimeout(timer));
  };
}

/**
 * Closes a client without ever waiting on an absent Redis: a client that is not connected is
 * dropped at once, a connected one gets `graceMs` to finish its commands and is dropped after.
 */
export async function closeRedisClient(client: RedisClient, graceMs = 1000): Promise<void> {
  if (!client.isOpen) return;
  if (!client.isReady) {
    client.destroy();
    return;
  }
  let timer: NodeJS.Timeout | undefined;
  const gaveUp = new Promise<'gave up'>((resolve) => (timer = setTimeout(() => resolve('gave up'), graceMs)));
  const closed = client.close().then(
    () => 'closed' as const,
    () => 'failed' as const,
  );
  const outcome = await Promise.race([closed, gaveUp]);
  clearTimeout(timer);
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- isOpen changes while close() runs
  if (outcome !== 'closed' && client.isOpen) client.destroy();
}

/**
 * For a library that calls `methods` without awaiting them (the Socket.IO Redis adapter): their
 * failures are the outage, logged once, never unhandled rejections. The promise is returned as is.
 */
export function catchUnawaited(client: RedisClient, methods: readonly string[]): void {
  const target = client as unknown as Record<string, (...args: unknown[]) => unknown>;
  for (const method of methods) {
    const original = target[method]!.bind(client);
    target[method] = (...args: unknown[]) => {
      const result = original(...args);
      if (result instanceof Promise) result.catch((error: unknown) => outage.wentDown(error));
      return result;
    };
  }
}

/** The clients of one node: commands, and the publish/subscribe pair of the live relay. */
export interface RedisConnections {
  command: RedisClient;
  publisher: RedisClient;
  subscriber: RedisClient;
  /** Closes every client, never waiting on an absent Redis. */
  close(): Promise<void>;
}

/** Opens every Redis connection a node needs, in one place. */
export function openRedis(url: string, log: Logger, commandTimeoutMs = DEFAULT_COMMAND_TIMEOUT_MS): RedisConnections {
  const command = createRedisClient(url, log, { commandTimeoutMs });
  const publisher = createRedisClient(url, log, { commandTimeoutMs });
  const subscriber = createRedisClient(url, log, { queueWhileOffline: true });
  // The Socket.IO adapter awaits none of these calls: while Redis is away (or when a client is
  // dropped at shutdown) they fail, and each would be an unhandled rejection. The outage is logged once.
  catchUnawaited(publisher, ['publish']);
  catchUnawaited(subscriber, ['subscribe', 'pSubscribe', 'unsubscribe', 'pUnsubscribe']);
  const clients = [command, publisher, subscriber];
  return {
    command,
    publisher,
    subscriber,
    close: async () => {
      await Promise.allSettled(clients.map((client) => closeRedisClient(client)));
    },
  };
}

/**
 * Runs Redis calls so that a connection failure or a timeout becomes 503 UNAVAILABLE (logged once
 * per outage, not per request). An ErrorReply is Redis refusing a command (a bug on our side), so
 * it stays a 500.
 */
export async function redisCall<T>(operation: () => Promise<T>): Promise<T> {
  try {
    const result = await operation();
    outage.cameBack();
    return result;
  } catch (error) {
    if (isAppError(error)) throw error;
    if (error instanceof ErrorReply && !error.message.startsWith('LOADING') && !error.message.startsWith('BUSY')) throw error;
    outage.wentDown(error);
    throw new AppError('UNAVAILABLE', { retryAfterSeconds: REDIS_RETRY_AFTER_SECONDS, cause: error, alreadyLogged: true });
  }
}
