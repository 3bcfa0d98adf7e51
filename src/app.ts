import type { Logger } from 'pino';
import type { Config } from './config/schema.js';
import { chatModerationRoutes } from './api/admin/chat-moderation.js';
import { revenueRoutes } from './api/general/revenue.js';
import { SONG_REQUEST_PHP, stationFeedRoutes } from './api/general/station-feeds.js';
import { subscriptionPlanRoutes } from './api/general/subscription-plans.js';
import { MOBILE_API_VERSION } from './api/mobile/status.js';
import { openApiRoute } from './api/openapi.js';
import { chatRoutes } from './api/mobile/chat.js';
import { feedbackRoutes } from './api/mobile/feedback.js';
import { programmingRoutes } from './api/mobile/programming.js';
import { requestRoutes } from './api/mobile/requests.js';
import { statusRoutes } from './api/mobile/status.js';
import { healthRoutes } from './api/ops/health.js';
import { AdminAuth } from './http/admin-auth.js';
import { CorsPolicy } from './http/cors.js';
import { HttpServer } from './http/http-server.js';
import { TrustedProxies } from './limits/trusted-proxies.js';
import { SocketIoHub } from './live/socket-io-hub.js';
import { watchRedis } from './metrics/metrics.js';
import { MetricsServer } from './metrics/metrics-server.js';
import { createStreamReader } from './poller/create-reader.js';
import { schedulePolling } from './poller/poll-schedule.js';
import { StationPoller } from './poller/station-poller.js';
import { ChatService } from './station/chat-service.js';
import { systemClock, type Clock } from './station/clock.js';
import { ContentFilter } from './station/content-filter.js';
import { FeedbackService } from './station/feedback-service.js';
import { RequestService } from './station/request-service.js';
import { ScheduleService } from './station/schedule-service.js';
import { StationService } from './station/station-service.js';
import { StripeProvider } from './payments/stripe-provider.js';
import { RevenueService } from './station/revenue-service.js';
import { createMemoryStore } from './store/memory/memory-store.js';
import { createRedisStore } from './store/redis/redis-store.js';
import type { Store, StoreLimits } from './station/ports.js';

export interface AppOptions {
  log: Logger;
  clock?: Clock;
}

export interface App {
  readonly config: Readonly<Config>;
  readonly store: Store;
  readonly http: HttpServer;
  readonly live: SocketIoHub;
  /** Polls the stream server once (what the schedule does every `stream.pollSeconds`). */
  readonly poller: StationPoller;
  /** GET /metrics on `metrics.port`, or null when that is unset. */
  readonly metrics: MetricsServer | null;
  listen(): Promise<number>;
  close(): Promise<void>;
}

function createStore(config: Readonly<Config>, log: Logger, clock: Clock): Store {
  const limits: StoreLimits = {
    chatHistory: config.chat.historySize,
    requestHistory: config.requests.historySize,
    feedbackHistory: config.feedback.historySize,
  };
  if (config.redis.url) return createRedisStore({ url: config.redis.url, prefix: config.redis.prefix, limits, log: log.child({ component: 'redis' }) });
  return createMemoryStore(limits, clock);
}

/** The composition root: picks the store from config, builds the services, declares the routes. */
export function createApp(config: Readonly<Config>, options: AppOptions): App {
  const { log } = options;
  const clock = options.clock ?? systemClock;
  const store = createStore(config, log, clock);
  const trustedProxies = new TrustedProxies(config.trustProxy);
  const live = new SocketIoHub({ config, trustedProxies, log: log.child({ component: 'live' }) });

  const station = new StationService(store.station, config.station, clock);
  const chat = new ChatService({
    log: store.chat,
    moderation: store.moderation,
    filter: new ContentFilter(config.chat),
    live,
    clock,
    repeatWindowSeconds: config.chat.repeatWindowSeconds,
  });
  const requests = new RequestService(store, live, config.requests, clock);
  const feedback = new FeedbackService(store, clock);
  const schedule = new ScheduleService({ timezone: config.station.timezone, ...config.schedule }, clock);

  const revenue = new RevenueService(store.revenue, config.station.timezone, clock);
  const payments = config.stripeSecretKey ? new StripeProvider({ secretKey: config.stripeSecretKey, ...config.payments.stripe }) : null;

  const mobileLimit = config.rateLimit.mobile;
  // The general song-request.php shares the mobile budget (API.md: same rules, same limit).
  const rateLimitedPrefixes = ['/api/mobile/', SONG_REQUEST_PHP];
  const http: HttpServer = new HttpServer({
    routes: [
      ...statusRoutes(station, clock),
      ...chatRoutes(chat),
      ...requestRoutes(requests),
      ...feedbackRoutes(feedback),
      ...programmingRoutes(schedule, config.playlists),
      ...stationFeedRoutes(station, requests),
      ...subscriptionPlanRoutes(payments, clock),
      ...revenueRoutes(revenue),
      ...chatModerationRoutes(chat),
      ...healthRoutes(store),
      openApiRoute(() => http.routes, { title: `${config.station.name} radio hub`, version: MOBILE_API_VERSION, rateLimitedPrefixes }),
    ],
    bodyLimitBytes: config.server.bodyLimitBytes,
    cors: new CorsPolicy(config.server.corsOrigins),
    trustedProxies,
    rateLimits: [
      {
        pathPrefixes: rateLimitedPrefixes,
        name: mobileLimit.windowSeconds === 3600 ? 'hourly' : 'mobile',
        limiter: store.rateLimiter('mobile', mobileLimit),
      },
    ],
    adminAuth: new AdminAuth(config.adminApiKey),
    log,
  });
  live.attach(http.app, { chat, station });

  const poller = new StationPoller(
    createStreamReader(config.stream),
    store,
    station,
    live,
    { timezone: config.station.timezone, pollSeconds: config.stream.pollSeconds },
    clock,
    log.child({ component: 'poller' }),
  );
  let polling: { stop(): Promise<void> } | null = null;
  const metrics = config.metrics.port === null ? null : new MetricsServer(log.child({ component: 'metrics' }));
  if (store.kind === 'redis') watchRedis(() => store.ping());

  return {
    config,
    store,
    http,
    live,
    poller,
    metrics,
    listen: async () => {
      const port = await http.listen(config.server.host, config.server.port);
      if (metrics && config.metrics.port !== null) log.info({ port: await metrics.listen(config.metrics.host, config.metrics.port) }, 'metrics on GET /metrics');
      if (config.stream.enabled) {
        polling = schedulePolling(poller, { pollSeconds: config.stream.pollSeconds, store, log: log.child({ component: 'poller' }) });
      }
      return port;
    },
    close: async () => {
      await polling?.stop();
      // Stop taking new connections first, so live clients reconnect to another node.
      http.stopAccepting();
      await live.close();
      await http.close(config.server.shutdownGraceMs);
      await store.close();
      await metrics?.close();
    },
  };
}
