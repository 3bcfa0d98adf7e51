import { createAdapter } from '@socket.io/redis-adapter';
import type { Logger } from 'pino';
import { RateLimiterMemory } from 'rate-limiter-flexible';
import { Server, type Namespace } from 'socket.io';
import type { TemplatedApp } from 'uWebSockets.js';
import type { Config } from '../config/schema.js';
import { normalizeIp } from '../net/ip-address.js';
import type { TrustedProxies } from '../limits/trusted-proxies.js';
import type { ChatService } from '../station/chat-service.js';
import type { LiveEvents, LiveHub } from '../station/live-hub.js';
import type { StationService } from '../station/station-service.js';
import { createRedisClient, type RedisClient } from '../redis/redis-connection.js';
import { countPublished, liveClientConnected, liveClientDisconnected } from '../metrics/metrics.js';
import { ConnectionsPerIp } from './connections-per-ip.js';
import { NativeFanout, POLLING_ROOM } from './native-fanout.js';
import { serveLiveConnection } from './live-connection.js';

export const LIVE_NAMESPACE = '/live';
/** Server-to-server event carrying a broadcast to the other nodes (through the Redis adapter). */
const RELAY = 'live:relay';

export interface SocketIoHubOptions {
  config: Readonly<Config>;
  trustedProxies: TrustedProxies;
  log: Logger;
}

/**
 * The live hub: Socket.IO on the same uWS app as the REST API (attachApp), namespace /live.
 * With Redis configured, @socket.io/redis-adapter relays every emit to the other nodes, so a
 * change published on one node reaches every client of every node, once.
 */
export class SocketIoHub implements LiveHub {
  private readonly io: Server;
  private readonly live: Namespace;
  private readonly redisClients: RedisClient[] = [];
  private readonly fanout = new NativeFanout(LIVE_NAMESPACE);
  private relaying = false;

  constructor(private readonly options: SocketIoHubOptions) {
    const { config } = options;
    this.io = new Server({
      cors: { origin: config.server.corsOrigins.includes('*') ? '*' : [...config.server.corsOrigins] },
      transports: [...config.live.transports],
      // Chat messages are at most 500 characters; anything near this size is abuse. A larger
      // frame closes that one connection, never the others.
      maxHttpBufferSize: config.live.maxHttpBufferSize,
      serveClient: false,
    });
    if (config.redis.url) this.useRedisAdapter(config.redis.url, config.redis.prefix);
    this.live = this.io.of(LIVE_NAMESPACE);
  }

  /**
   * Delivers to this node's clients, and through the Redis adapter (serverSideEmit) to the other
   * nodes, which deliver to theirs: each client gets each event once.
   */
  publish<E extends keyof LiveEvents>(event: E, payload: LiveEvents[E]): void {
    countPublished(event);
    this.deliverHere(event, payload);
    if (this.relaying) this.io.serverSideEmit(RELAY, event, payload);
  }

  private deliverHere(event: string, payload: unknown): void {
    this.fanout.publish(event, payload);
    this.live.local.to(POLLING_ROOM).emit(event, payload);
  }

  /** Serves /socket.io on `app` and starts accepting live clients. */
  attach(app: TemplatedApp, services: { chat: ChatService; station: StationService }): void {
    const { config, trustedProxies, log } = this.options;
    const perIp = new ConnectionsPerIp(config.live.maxConnectionsPerIp);
    const flood = new RateLimiterMemory({ points: config.chat.socketFlood.messages, duration: config.chat.socketFlood.windowSeconds });
    const ipOf = new WeakMap<object, string>();

    this.live.use((socket, next) => {
      const forwarded = socket.handshake.headers['x-forwarded-for'];
      const ip = trustedProxies.clientIp(normalizeIp(socket.handshake.address), typeof forwarded === 'string' ? forwarded : '');
      if (!perIp.tryAdd(ip)) {
        next(new Error('too many live connections from this address'));
        return;
      }
      ipOf.set(socket, ip);
      socket.once('disconnect', () => perIp.remove(ip));
      next();
    });
    this.live.on('connection', (socket) => {
      this.fanout.enroll(socket);
      liveClientConnected();
      socket.once('disconnect', liveClientDisconnected);
      serveLiveConnection(socket, ipOf.get(socket) ?? 'unknown', { ...services, flood, log });
      socket.once('disconnect', () => void flood.delete(socket.id));
    });
    this.io.attachApp(app);
    this.fanout.attach(app);
  }

  /** Disconnects every live client of this node (they reconnect elsewhere) and stops relaying. */
  async close(): Promise<void> {
    await this.io.close();
    await Promise.allSettled(this.redisClients.map((client) => (client.isOpen ? client.close() : client.destroy())));
  }

  private useRedisAdapter(url: string, prefix: string): void {
    const log = this.options.log.child({ component: 'live-redis' });
    const pub = createRedisClient(url, log);
    const sub = createRedisClient(url, log, { queueWhileOffline: true });
    // The adapter does not await its PUBLISH calls; while Redis is away they fail, and that
    // failure is logged here instead of surfacing as an unhandled rejection.
    const publish = pub.publish.bind(pub);
    (pub as { publish: unknown }).publish = (...args: Parameters<typeof publish>) => {
      const sent = publish(...args);
      sent.catch((error: unknown) => log.warn({ err: error }, 'live event not relayed to other nodes'));
      return sent;
    };
    this.redisClients.push(pub, sub);
    this.io.adapter(createAdapter(pub, sub, { key: `${prefix}socket.io` }));
    this.io.on(RELAY, (event: string, payload: unknown) => this.deliverHere(event, payload));
    this.relaying = true;
  }
}
