import type { Logger } from 'pino';
import { chatModerationRoutes } from './api/admin/chat-moderation.js';
import { chatSearchRoutes } from './api/admin/chat-search.js';
import { staffRoutes } from './api/admin/staff.js';
import { feedbackAdminRoutes } from './api/admin/feedback.js';
import { revenueRoutes } from './api/general/revenue.js';
import { paymentWebhookRoutes } from './api/general/payment-webhook.js';
import { stationFeedRoutes } from './api/general/station-feeds.js';
import { subscriptionPlanRoutes } from './api/general/subscription-plans.js';
import { asyncApiRoute } from './api/asyncapi.js';
import { requestQueueAdminRoutes } from './api/admin/request-queue.js';
import { stationOverviewRoutes } from './api/admin/station-overview.js';
import { reportRoutes } from './api/admin/reports.js';
import { revenueExportRoutes } from './api/admin/revenue-export.js';
import { ListenerReports } from './station/listener-reports.js';
import { programmeAdminRoutes } from './api/admin/programme.js';
import { WEB_ROOT, webPageRoutes } from './api/web/web-pages.js';
import { stationBrand } from './api/web/station-brand.js';
import { nowPlayingPushRoutes } from './api/admin/nowplaying-push.js';
import { artworkRoutes } from './api/web/artwork-route.js';
import { artworkFinderFromConfig } from './artwork/artwork-from-config.js';
import type { ArtworkFinder } from './station/track-details.js';
import { chatRoutes } from './api/mobile/chat.js';
import { feedbackRoutes } from './api/mobile/feedback.js';
import { programmingRoutes } from './api/mobile/programming.js';
import { requestRoutes } from './api/mobile/requests.js';
import { MOBILE_API_VERSION, statusRoutes } from './api/mobile/status.js';
import { openApiRoute } from './api/openapi.js';
import { healthRoutes } from './api/ops/health.js';
import { createBackends, type Backends, type InjectedBackends } from './app-backends.js';
import type { Config } from './config/schema.js';
import { webhookDeliveryRoutes } from './api/admin/webhook-deliveries.js';
import { WebhookDispatcher } from './webhooks/webhook-dispatcher.js';
import { allLiveHubs } from './live/all-live-hubs.js';
import { AdminAuth } from './http/admin-auth.js';
import { FIRST_ADMIN_NAME } from './config/staff-identity.js';
import { CorsPolicy } from './http/cors.js';
import type { Exchange } from './http/exchange.js';
import { HttpServer } from './http/http-server.js';
import { Limits } from './limits/limits.js';
import { declaredBudgets } from './limits/budget-declarations.js';
import { LiveBroadcaster } from './live/live-broadcaster.js';
import { serveLiveClients } from './live/live-clients.js';
import { StaffChannel } from './live/staff-channel.js';
import { createLiveServer, type LiveGate } from './live/live-server.js';
import { SseFeed } from './live/sse-feed.js';
import en from './messages/en.js';
import { SERVER_LANGUAGES } from './messages/languages.js';
import { Metrics } from './metrics/metrics.js';
import { sseRoutes } from './live/sse-route.js';
import { MetricsServer } from './metrics/metrics-server.js';
import { StripeEvents } from './payments/stripe-events.js';
import { createStreamReader } from './poller/create-reader.js';
import { AudienceRecorder } from './station/audience-recorder.js';
import { schedulePolling } from './poller/poll-schedule.js';
import { StationPoller } from './poller/station-poller.js';
import { AuditTrail } from './station/audit-trail.js';
import { ChatModeration } from './station/chat-moderation.js';
import { ChatService } from './station/chat-service.js';
import { StaffDirectory } from './station/staff-directory.js';
import { StaffFeedRelay } from './station/staff-events.js';
import { systemClock, type Clock } from './station/clock.js';
import { ContentFilter } from './station/content-filter.js';
import { ReservedNicknames } from './station/nickname-skeleton.js';
import { FeedbackService } from './station/feedback-service.js';
import type { LiveHub } from './station/live-hub.js';
import { NO_PROGRAMME_SNAPSHOT, type Store } from './station/ports.js';
import { RequestService } from './station/request-service.js';
import { RevenueService } from './station/revenue-service.js';
import { ProgrammeService } from './station/programme-service.js';
import { FileProgrammeSnapshot } from './store/file/file-programme-snapshot.js';
import { StationService } from './station/station-service.js';
import { announceStoreAvailability } from './station/store-notice.js';
import { MemoryWindowCounter } from './store/memory/memory-window-counter.js';

/** How often a node checks the stored programme's revision, behind the live relay (an edit whose relay was lost). */
const PROGRAMME_CHECK_MS = 5000;

/** With backends injected instead of the ones config picks (a given store is the caller's to close; a given webhook queue the app's). */
export interface AppOptions extends InjectedBackends {
  log: Logger;
  clock?: Clock;
  /** The node cannot go on (a newer build migrated its store); main exits non-zero. Logged when absent. */
  onFatal?: (error: Error) => void;
  /** Finds artwork for a song that came without (MusicBrainz and the Cover Art Archive); none: such a song shows the logo. */
  artwork?: ArtworkFinder;
}

export interface App {
  readonly config: Readonly<Config>;
  readonly store: Store;
  readonly limits: Limits;
  /** What the services publish through (tests publish here to stand in for a change). */
  readonly live: LiveHub;
  readonly http: HttpServer;
  readonly sse: SseFeed;
  /** Polls the stream server once (what the schedule does every `stream.pollSeconds`). */
  readonly poller: StationPoller;
  /** Artwork for songs that come without any (`artwork.*`; finds nothing without `artwork.contact`), served at /art/{key}. */
  readonly artwork: ArtworkFinder;
  listen(): Promise<number>;
  /**
   * Stops accepting, ends the SSE streams, lets requests in flight finish (up to
   * server.shutdownGraceMs) and closes the backends. `exiting`: the process exits right after, and
   * the live WebSocket connections are left for that exit to close (see close below).
   */
  close(options?: { exiting?: boolean }): Promise<void>;
}

/** The composition root: backends from config (or injected), the limits policy, services, doors. */
export function createApp(config: Readonly<Config>, options: AppOptions): App {
  const { log } = options;
  const clock = options.clock ?? systemClock;
  const onFatal = options.onFatal ?? ((error: Error) => log.fatal({ err: error }, 'cannot go on'));
  // The server's words for a client that asks for no language we speak: the station's.
  const stationLanguage = SERVER_LANGUAGES[config.station.language] ?? en;
  const backends: Backends = createBackends(config, log, clock, { onStoreTooNew: onFatal }, options);
  const { store } = backends;
  // This app's own registry: another app in the same process counts apart (ARCHITECTURE.md).
  const metrics = new Metrics({ clock, processMetrics: config.metrics.port !== null });

  const limits = new Limits(
    { trustProxy: config.trustProxy, ipv6PrefixLength: config.rateLimit.ipv6PrefixLength, budgets: declaredBudgets(config) },
    {
      shared: store.counter,
      local: (_name, windowSeconds) => new MemoryWindowCounter(windowSeconds, config.rateLimit.maxTrackedClients, clock),
      storeAway: () => store.availability.awaySince() !== null,
    },
    { log: log.child({ component: 'admin-auth' }), clock },
  );
  const cors = new CorsPolicy(config.server.corsOrigins);

  const gate: LiveGate = {
    clientOf: (peer, forwardedFor) => limits.identity.of(peer, forwardedFor),
    admission: limits.liveAdmission,
    allowsOrigin: (origin) => cors.allows(origin),
  };
  const liveServer = createLiveServer({
    corsOrigins: config.server.corsOrigins,
    transports: config.live.transports,
    // Several workers on one port: the kernel, not the session, picks the worker of each request,
    // so a long-polling session cannot stay on one (docs/operations.md, "Every core").
    refusePolling: config.server.workers !== 1,
    maxHttpBufferSize: config.live.maxHttpBufferSize,
    adapter: backends.liveRelay,
    gate,
    language: stationLanguage,
  });
  const { io } = liveServer;
  const sseLog = log.child({ component: 'sse' });
  const sse = new SseFeed(config.live.sse, sseLog);
  metrics.countSseStreams(() => sse.connections);
  const live = new LiveBroadcaster(io, backends.liveRelay !== undefined, store.liveEvents, sse, log.child({ component: 'live' }), metrics);
  // Webhooks hear every domain event the live clients hear (docs/webhooks.md).
  const webhooks = new WebhookDispatcher(config, backends.webhookQueue, log.child({ component: 'webhooks' }), clock);
  const events = allLiveHubs(live, webhooks);
  // How the chat post's and song request's one store step record and relay their live event themselves (null: the hub does).
  const liveStep = live.storeStep();

  // The station's look, read once: the pages serve it, and its logo is the artwork of a song without any.
  const brand = stationBrand(config, WEB_ROOT);
  // Artwork for a song that came without any (MusicBrainz and the Cover Art Archive, served from /art/{key}), through its port.
  const artwork = options.artwork ?? artworkFinderFromConfig(config, store.artwork, log.child({ component: 'artwork' }));
  const programmeLog = log.child({ component: 'programme' });
  const programme = new ProgrammeService({
    store: store.programme,
    seedItems: { ...config.schedule, playlists: config.playlists },
    timezone: config.station.timezone,
    live: events,
    clock,
    availability: store.availability,
    snapshot: store.kind === 'redis' && config.redis.dataDir !== null ? new FileProgrammeSnapshot(config.redis.dataDir, backends.keyPrefix) : NO_PROGRAMME_SNAPSHOT,
    onWriteBack: (written, found) =>
      programmeLog.warn(
        { generation: written.generation, revision: written.revision, found: found && { generation: found.generation, revision: found.revision } },
        'programme written back into a store that lost it',
      ),
  });
  const { schedule } = programme;
  // Another node's edit: this node serves it as soon as the relay brings the event.
  live.onRelayed('schedule:updated', () => void programme.refresh().catch(() => undefined));
  const station = new StationService(
    store,
    { ...config.station, logoUrl: brand.logoUrl, words: stationLanguage },
    {
      pollSeconds: config.stream.pollSeconds,
      recentlyPlayedSeconds: config.requests.thresholdSeconds,
      staleSongSeconds: config.stream.staleSongSeconds,
      pushGraceSeconds: config.stream.pushGraceSeconds,
    },
    clock,
    events,
    log.child({ component: 'station' }),
    config.analytics.level === 'none'
      ? null
      : new AudienceRecorder(store.audience, { timezone: config.station.timezone, pollSeconds: config.stream.pollSeconds, retentionDays: config.analytics.retentionDays }),
    artwork,
    // The station reads the programme's host through this function, never the programme service itself.
    () => schedule.schedule().current?.host ?? null,
  );
  const chat = new ChatService({
    log: store.chat,
    moderation: store.moderation,
    filter: new ContentFilter(config.chat),
    budget: limits,
    live: events,
    clock,
    repeatWindowSeconds: config.chat.repeatWindowSeconds,
    atOnce: store.chatPost,
    // The post's one step records and relays its live event too, where the relay allows it.
    liveStep,
    // The station's hosts are reserved too: nobody posts as (a look-alike of) the voice on air.
    reserved: new ReservedNicknames([...config.chat.reservedNicknames, ...[...config.schedule.shows, ...config.schedule.events].flatMap((item) => item.host ?? [])]),
  });
  // Staff actions, from any door, are written down here (who, what, when, on what).
  const staffFeed = new StaffFeedRelay();
  const audit = new AuditTrail(store.audit, clock, log.child({ component: 'audit' }), config.audit.retentionDays, staffFeed);
  const moderation = new ChatModeration({ log: store.chat, moderation: store.moderation, live: events, audit, clock });
  const configuredStaff = [...(config.adminApiKey ? [{ name: FIRST_ADMIN_NAME, role: 'admin' as const }] : []), ...config.staff.map(({ name, role }) => ({ name, role }))];
  const staff = new StaffDirectory(store.staffKeys, configuredStaff, audit, clock);
  const adminAuth = new AdminAuth(config.adminApiKey, config.staff, limits.adminSignIn, staff);
  // Staff events (the audit trail's entries, ban changes) go to signed-in staff on /staff, never on /live.
  staffFeed.deliverTo(
    new StaffChannel(io, adminAuth, { maxSocketsPerClient: config.live.maxConnectionsPerClient, clientKeyOf: liveServer.clientKeyOf }, log.child({ component: 'staff-channel' })),
  );
  const requests = new RequestService(store, events, config.requests, clock, limits, stationLanguage, liveStep);
  const feedback = new FeedbackService(store, clock, limits);
  // Another node's poll or push changed the station: this node's REST answers follow at once, not within its second of cache.
  live.onRelayed('nowplaying', () => store.station.forgetCached());
  live.onRelayed('status', () => store.station.forgetCached());
  const revenue = new RevenueService(store.revenue, config.station.timezone, clock);
  const { payments } = backends;

  const http: HttpServer = new HttpServer({
    routes: [
      ...statusRoutes(station, clock),
      ...chatRoutes(chat),
      ...requestRoutes(requests),
      ...feedbackRoutes(feedback),
      ...programmingRoutes(programme, clock),
      ...stationFeedRoutes(station, requests, clock),
      ...subscriptionPlanRoutes(payments, audit, clock),
      ...revenueRoutes(revenue, audit),
      ...paymentWebhookRoutes({
        events: config.stripeWebhookSecret ? new StripeEvents(config.stripeWebhookSecret, clock) : null,
        revenue,
        audit,
        bodyLimitBytes: config.payments.webhookBodyLimitBytes,
      }),
      ...chatModerationRoutes(moderation, limits.identity),
      ...chatSearchRoutes(store.chat),
      ...staffRoutes(audit, staff),
      ...feedbackAdminRoutes(feedback),
      ...webhookDeliveryRoutes(webhooks),
      ...requestQueueAdminRoutes(requests, audit),
      ...stationOverviewRoutes(station),
      ...reportRoutes(
        new ListenerReports(
          store.audience,
          { timezone: config.station.timezone, level: config.analytics.level, serviceName: config.station.name, transmissionCategory: config.analytics.transmissionCategory },
          clock,
        ),
      ),
      ...revenueExportRoutes(revenue),
      ...programmeAdminRoutes(programme, audit),
      ...nowPlayingPushRoutes({ station, clock }),
      ...webPageRoutes(config, { station, schedule, requests, chat, liveEvents: store.liveEvents, log: log.child({ component: 'pages' }) }, WEB_ROOT, brand),
      ...artworkRoutes(store.artwork),
      ...healthRoutes(store),
      ...sseRoutes({
        feed: sse,
        admission: limits.liveAdmission,
        eventLog: store.liveEvents,
        station,
        // The backlog a resume writes counts in the stream's byte bound too.
        maxBacklogBytes: Math.min(config.live.sse.maxBacklogBytes, config.live.sse.maxBufferedBytes),
        log: sseLog,
      }),
      asyncApiRoute({ title: `${config.station.name} live API`, version: MOBILE_API_VERSION }),
      openApiRoute(() => http.routes, {
        title: `${config.station.name} radio hub`,
        version: MOBILE_API_VERSION,
        contact: { name: config.station.name, ...(config.station.websiteUrl ? { url: config.station.websiteUrl } : {}) },
        budgetOf: (route) => http.table.budgetOf(route),
      }),
    ],
    bodyLimitBytes: config.server.bodyLimitBytes,
    cors,
    clients: limits.identity,
    budgets: {
      book: limits,
      // Every staff write (a staff route but a GET) spends the staff member's writes unless it names its own budget.
      staffWrites: 'staffActions',
      // The not-found answer's own declaration: probing unknown public paths costs like any request.
      unmatched: [{ under: '/api/mobile/', budget: 'public' }],
    },
    adminAuth,
    log,
    language: stationLanguage,
    // Counted only when metrics are served: label hashing costs on the hot path (bench/RESULTS.md).
    ...(config.metrics.port === null
      ? {}
      : { onRequestFinished: (ex: Exchange, status: number) => metrics.observeRequest(ex.route, ex.method, status === 0 ? 499 : status, (performance.now() - ex.startedAt) / 1000) }),
  });
  announceStoreAvailability(store.availability, live, clock);
  serveLiveClients(io, { chat, station, fanout: live.fanout, log: log.child({ component: 'live' }), metrics, language: stationLanguage, clientKeyOf: liveServer.clientKeyOf });
  liveServer.attach(http.app, log.child({ component: 'live' }));
  live.fanout.attach(http.app);
  sse.startHeartbeat();

  const pollLog = log.child({ component: 'poller' });
  const poller = new StationPoller(createStreamReader(config.stream, clock, { level: config.analytics.level, timezone: config.station.timezone }), station, pollLog, metrics, clock);
  let polling: { stop(): Promise<void> } | null = null;
  let stopProgrammeWatch: (() => void) | null = null;
  const metricsServer = config.metrics.port === null ? null : new MetricsServer(metrics, log.child({ component: 'metrics' }));
  if (store.kind === 'redis') metrics.watchRedis(() => store.ping());

  return {
    config,
    store,
    limits,
    live,
    http,
    sse,
    poller,
    artwork,
    listen: async () => {
      await backends.open();
      // The programme from the store (seeded from the config file on the first start); until the
      // store answers, this node's own copy of the last one it held, else the config file's
      // (never waits on Redis to start).
      await programme.restore().catch((error: unknown) => programmeLog.warn({ err: error }, "this node's copy of the programme not read; serving the config file's until the store answers"));
      stopProgrammeWatch = programme.watch(PROGRAMME_CHECK_MS, (error) => programmeLog.debug({ err: error }, 'programme not read from the store; retrying'));
      const port = await http.listen(config.server.host, config.server.port, config.server.workers !== 1);
      if (metricsServer && config.metrics.port !== null) log.info({ port: await metricsServer.listen(config.metrics.host, config.metrics.port) }, 'metrics on GET /metrics');
      if (config.stream.enabled) {
        polling = schedulePolling(poller, { pollSeconds: config.stream.pollSeconds, store, log: pollLog });
      }
      return port;
    },
    close: async ({ exiting = false } = {}) => {
      await polling?.stop();
      stopProgrammeWatch?.();
      limits.adminSignIn.close();
      // Stop taking new connections first, so live clients reconnect to another node.
      http.stopAccepting();
      sse.close();
      // A process about to exit leaves its live WebSocket connections to the exit: the kernel
      // closes every socket at once and each client, seeing its connection close, reconnects.
      // Closing them here first runs Socket.IO's teardown and a close frame plus a shutdown per
      // connection, ~5x the CPU of the exit at 10,000 clients (bench/RESULTS.md, "SIGTERM under
      // live clients"), and none of it is seen outside this process: a connection's state lives
      // here only (the caps are per node, the Redis adapter keeps its rooms locally).
      if (!exiting) await io.close();
      await webhooks.close();
      await http.close(config.server.shutdownGraceMs, { closeConnections: !exiting });
      await backends.close();
      await metricsServer?.close();
    },
  };
}
