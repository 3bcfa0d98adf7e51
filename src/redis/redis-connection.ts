import { createClient, ErrorReply } from 'redis';
import type { Logger } from 'pino';
import { AppError, isAppError } from '../errors.js';

export type RedisClient = ReturnType<typeof createClient>;

/**
 * A node-redis client tuned to fail fast instead of queueing: while Redis is away, commands are
 * refused at once (disableOfflineQueue) so requests answer 503 instead of hanging, and the client
 * keeps reconnecting in the background with capped backoff. A PING every second and a socket
 * timeout turn a hung (not closed) Redis into a reconnect too.
 */
export function createRedisClient(url: string, log: Logger, options: { queueWhileOffline?: boolean } = {}): RedisClient {
  const client = createClient({
    url,
    // A subscriber must queue its SUBSCRIBE until the first connect; everything else fails fast.
    disableOfflineQueue: !options.queueWhileOffline,
    pingInterval: 1000,
    socket: {
      connectTimeout: 2000,
      socketTimeout: 5000,
      reconnectStrategy: (retries) => Math.min(50 * 2 ** retries, 2000),
    },
  });
  // Without an 'error' listener node-redis errors would crash the process. Log an outage once,
  // not on every reconnect attempt.
  let down = false;
  client.on('error', (error: Error) => {
    if (!down) log.error({ err: error }, 'redis connection lost; reconnecting');
    down = true;
  });
  client.on('ready', () => {
    if (down) log.info('redis connection restored');
    down = false;
  });
  // Never awaited: the service starts (and /readyz says 503) while Redis is still out of reach.
  client.connect().catch((error: unknown) => log.error({ err: error }, 'redis connect failed'));
  return client;
}

/** The clients of one node: commands, and the publish/subscribe pair of the live relay. */
export interface RedisConnections {
  command: RedisClient;
  publisher: RedisClient;
  subscriber: RedisClient;
  close(): Promise<void>;
}

/** Opens every Redis connection a node needs, in one place. */
export function openRedis(url: string, log: Logger): RedisConnections {
  const command = createRedisClient(url, log);
  const publisher = createRedisClient(url, log.child({ connection: 'live-publish' }));
  const subscriber = createRedisClient(url, log.child({ connection: 'live-subscribe' }), { queueWhileOffline: true });
  // The adapter does not await its PUBLISH calls; while Redis is away they fail, and that failure
  // is logged here instead of surfacing as an unhandled rejection.
  const publish = publisher.publish.bind(publisher);
  (publisher as { publish: unknown }).publish = (...args: Parameters<typeof publish>) => {
    const sent = publish(...args);
    sent.catch((error: unknown) => log.warn({ err: error }, 'live event not relayed to other nodes'));
    return sent;
  };
  const clients = [command, publisher, subscriber];
  return {
    command,
    publisher,
    subscriber,
    close: async () => {
      await Promise.allSettled(clients.map((client) => (client.isOpen ? client.close() : Promise.resolve(client.destroy()))));
    },
  };
}

/**
 * Runs Redis calls so that a connection failure becomes 503 UNAVAILABLE. An ErrorReply is Redis
 * refusing a command (a bug on our side), so it stays a 500.
 */
export async function redisCall<T>(operation: () => Promise<T>): Promise<T> {
  try {
    return await operation();
  } catch (error) {
    if (isAppError(error)) throw error;
    if (error instanceof ErrorReply && !error.message.startsWith('LOADING') && !error.message.startsWith('BUSY')) throw error;
    throw new AppError('UNAVAILABLE', { retryAfterSeconds: 5, cause: error });
  }
}
