import { Type, type Static } from '@sinclair/typebox';

// Every setting of the service. `config/default.json` fills each key, a RADIO_CONFIG file
// may override any of them, and the environment overrides the few listed in env-overrides.ts.

const HhMm = Type.String({ pattern: '^([01][0-9]|2[0-3]):[0-5][0-9]$', description: 'local time HH:MM' });
const Weekday = Type.Union(['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((d) => Type.Literal(d)));
const Id = Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' });

export const WeeklyShowSchema = Type.Object(
  {
    id: Id,
    title: Type.String({ minLength: 1, maxLength: 200 }),
    host: Type.Optional(Type.String({ maxLength: 200 })),
    description: Type.Optional(Type.String({ maxLength: 2000 })),
    days: Type.Array(Weekday, { minItems: 1, maxItems: 7, uniqueItems: true }),
    start: HhMm,
    end: HhMm,
  },
  { additionalProperties: false },
);

export const OneOffEventSchema = Type.Object(
  {
    id: Id,
    title: Type.String({ minLength: 1, maxLength: 200 }),
    host: Type.Optional(Type.String({ maxLength: 200 })),
    description: Type.Optional(Type.String({ maxLength: 2000 })),
    start: Type.String({ format: 'date-time' }),
    end: Type.String({ format: 'date-time' }),
  },
  { additionalProperties: false },
);

export const PlaylistSchema = Type.Object(
  {
    id: Id,
    name: Type.String({ minLength: 1, maxLength: 200 }),
    description: Type.Optional(Type.String({ maxLength: 2000 })),
    genre: Type.Optional(Type.String({ maxLength: 100 })),
    song_count: Type.Optional(Type.Integer({ minimum: 0 })),
    url: Type.Optional(Type.String({ format: 'uri' })),
  },
  { additionalProperties: false },
);

const PositiveInt = (max: number) => Type.Integer({ minimum: 1, maximum: max });

const StreamKind = Type.Union([Type.Literal('icecast'), Type.Literal('shoutcast2'), Type.Literal('shoutcast1')]);
/** SHOUTcast DNAS v2 stream id (`sid`). */
const StreamId = Type.Integer({ minimum: 1, maximum: 1000 });
/** The stream server's admin login, for its listener lists (unique listeners, session lengths). */
const AdminCredentialsSchema = Type.Object(
  {
    user: Type.Optional(Type.String({ minLength: 1, maxLength: 128, description: 'default "admin"' })),
    password: Type.String({ minLength: 1, maxLength: 256 }),
  },
  { additionalProperties: false },
);

/** One mount or stream the station is heard on: its own server, a second mount, a relay. */
export const StreamSourceSchema = Type.Object(
  {
    /** For logs and per-source health; default "<statusUrl> <mount or sid>". */
    name: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
    kind: StreamKind,
    statusUrl: Type.String({ format: 'uri' }),
    /** Icecast: the mount, e.g. "/live.mp3". */
    mount: Type.Optional(Type.String({ pattern: '^/' })),
    streamId: Type.Optional(StreamId),
    admin: Type.Optional(AdminCredentialsSchema),
    /** Now playing, quality and uptime come from the primary (at most one; default the first). */
    primary: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);

/** What a webhook endpoint may subscribe to (docs/webhooks.md). */
export const WEBHOOK_EVENT_TYPES = ['song.changed', 'station.online', 'station.offline', 'request.queued', 'request.played'] as const;

export const WebhookEndpointSchema = Type.Object(
  {
    url: Type.String({ format: 'uri', pattern: '^https?://' }),
    events: Type.Array(Type.Union(WEBHOOK_EVENT_TYPES.map((t) => Type.Literal(t))), { minItems: 1, uniqueItems: true }),
    /** Standard Webhooks secret: `whsec_` and the base64 key the receiver verifies with. */
    secret: Type.String({ pattern: '^whsec_[A-Za-z0-9+/]{22,}={0,2}$' }),
    /** `discord`: a Discord channel webhook (a `content` message instead of the event JSON). */
    format: Type.Optional(Type.Literal('discord')),
  },
  { additionalProperties: false },
);

export const ConfigSchema = Type.Object(
  {
    server: Type.Object(
      {
        host: Type.String({ minLength: 1 }),
        port: Type.Integer({ minimum: 0, maximum: 65535 }),
        bodyLimitBytes: PositiveInt(1024 * 1024),
        corsOrigins: Type.Array(Type.String({ minLength: 1 }), { minItems: 1 }),
        shutdownGraceMs: Type.Integer({ minimum: 0, maximum: 120_000 }),
      },
      { additionalProperties: false },
    ),
    station: Type.Object(
      {
        name: Type.String({ minLength: 1 }),
        genre: Type.String(),
        websiteUrl: Type.String({ format: 'uri' }),
        streamUrl: Type.String({ format: 'uri' }),
        timezone: Type.String({ minLength: 1, description: 'IANA time zone, e.g. America/Chicago' }),
        /** Language of the listener page, console and widgets (web/src/i18n/<language>.ts). */
        language: Type.Union([Type.Literal('en'), Type.Literal('es')]),
      },
      { additionalProperties: false },
    ),
    stream: Type.Object(
      {
        // One source in these keys; `sources`, when not empty, replaces them (see stream-sources.ts).
        kind: StreamKind,
        statusUrl: Type.String({ format: 'uri' }),
        mount: Type.String(),
        streamId: Type.Optional(StreamId),
        admin: Type.Optional(AdminCredentialsSchema),
        sources: Type.Optional(Type.Array(StreamSourceSchema, { maxItems: 32 })),
        // A divisor of 60, so polls fall evenly on the clock (node-cron "*/N" in the seconds field)
        // and every node computes the same tick times.
        pollSeconds: Type.Union([1, 2, 3, 4, 5, 6, 10, 12, 15, 20, 30, 60].map((n) => Type.Literal(n))),
        /** Off: no polling at all (tests that seed the state, or a station without a stream server). */
        enabled: Type.Boolean(),
      },
      { additionalProperties: false },
    ),
    redis: Type.Object(
      {
        url: Type.Union([Type.String({ pattern: '^rediss?://' }), Type.Null()]),
        prefix: Type.String({ maxLength: 64 }),
        /** A Redis command unanswered after this long fails, so a hung Redis gives fast 503s. */
        commandTimeoutMs: Type.Integer({ minimum: 10, maximum: 60_000 }),
      },
      { additionalProperties: false },
    ),
    rateLimit: Type.Object(
      {
        mobile: Type.Object({ limit: PositiveInt(1_000_000_000), windowSeconds: PositiveInt(86_400 * 7) }, { additionalProperties: false }),
        /** Chat messages per client, through REST and sockets together, shared by every node. */
        chat: Type.Object({ limit: PositiveInt(1_000_000), windowSeconds: PositiveInt(86_400) }, { additionalProperties: false }),
        /** Wrong admin keys per client, shared by every node; past it every sign-in of that client is 429 until the window ends. */
        adminSignIn: Type.Object({ limit: PositiveInt(1_000_000), windowSeconds: PositiveInt(86_400) }, { additionalProperties: false }),
        /** IPv6 clients are counted per network of this many bits (64: one home); IPv4 per address. */
        ipv6PrefixLength: Type.Integer({ minimum: 32, maximum: 128 }),
        /** Clients the in-memory counters track at most (each counter); the oldest window gives way. */
        maxTrackedClients: Type.Integer({ minimum: 1000, maximum: 10_000_000 }),
      },
      { additionalProperties: false },
    ),
    trustProxy: Type.Array(Type.String({ minLength: 1 })),
    chat: Type.Object(
      {
        historySize: PositiveInt(1_000_000),
        /** `block` refuses messages with links (a family station's default); `allow` lets them through. */
        links: Type.Union([Type.Literal('block'), Type.Literal('allow')]),
        /** Words refused on top of the built-in English profanity list. */
        blockedWords: Type.Array(Type.String({ minLength: 2, maxLength: 64 })),
        /** Words never refused even if the list would catch them (e.g. place names). */
        allowedWords: Type.Array(Type.String({ minLength: 1, maxLength: 64 })),
        /** The same message from the same sender within this window is refused. */
        repeatWindowSeconds: Type.Integer({ minimum: 0, maximum: 86_400 }),
        /** Nobody may post as these (nor as a look-alike); the schedule's hosts are added to them. */
        reservedNicknames: Type.Array(Type.String({ minLength: 1, maxLength: 200 }), { maxItems: 1000 }),
        /** Chat messages one socket connection may send per window. */
        socketFlood: Type.Object({ messages: PositiveInt(10_000), windowSeconds: PositiveInt(3600) }, { additionalProperties: false }),
      },
      { additionalProperties: false },
    ),
    live: Type.Object(
      {
        /** Live connections (Socket.IO, every namespace and transport) one client may hold on one node. */
        maxConnectionsPerClient: PositiveInt(100_000),
        /** Largest socket message in bytes; larger ones close that one connection. */
        maxHttpBufferSize: PositiveInt(1024 * 1024),
        transports: Type.Array(Type.Union([Type.Literal('websocket'), Type.Literal('polling')]), { minItems: 1, uniqueItems: true }),
        /** The SSE feed /api/live/events (its connections count against maxConnectionsPerClient too). */
        sse: Type.Object(
          {
            /** A comment this often keeps proxies from closing a quiet stream. */
            heartbeatSeconds: PositiveInt(3600),
            /** Events kept (in Redis with several nodes) for clients resuming with Last-Event-ID. */
            historySize: PositiveInt(100_000),
            /** A client whose unsent data exceeds this is dropped (it reconnects and resumes). */
            maxBufferedBytes: Type.Integer({ minimum: 4096, maximum: 64 * 1024 * 1024 }),
            /** The reconnection delay told to clients. */
            retryMs: Type.Integer({ minimum: 100, maximum: 600_000 }),
          },
          { additionalProperties: false },
        ),
      },
      { additionalProperties: false },
    ),
    requests: Type.Object(
      {
        thresholdSeconds: Type.Integer({ minimum: 0, maximum: 86_400 * 7 }),
        delaySeconds: Type.Integer({ minimum: 0, maximum: 86_400 }),
        historySize: PositiveInt(1_000_000),
      },
      { additionalProperties: false },
    ),
    feedback: Type.Object({ historySize: PositiveInt(1_000_000) }, { additionalProperties: false }),
    payments: Type.Object(
      {
        stripe: Type.Object(
          {
            host: Type.Optional(Type.String()),
            port: Type.Optional(Type.Integer({ minimum: 1, maximum: 65535 })),
            protocol: Type.Optional(Type.Union([Type.Literal('http'), Type.Literal('https')])),
          },
          { additionalProperties: false },
        ),
      },
      { additionalProperties: false },
    ),
    metrics: Type.Object(
      {
        // null: no metrics listener. Prometheus scrapes GET /metrics here, apart from the public port.
        port: Type.Union([Type.Integer({ minimum: 0, maximum: 65535 }), Type.Null()]),
        host: Type.String({ minLength: 1 }),
      },
      { additionalProperties: false },
    ),
    adminApiKey: Type.Union([Type.String({ minLength: 16 }), Type.Null()]),
    stripeSecretKey: Type.Union([Type.String({ minLength: 1 }), Type.Null()]),
    logLevel: Type.Union(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'].map((l) => Type.Literal(l))),
    schedule: Type.Object(
      {
        shows: Type.Array(WeeklyShowSchema),
        events: Type.Array(OneOffEventSchema),
      },
      { additionalProperties: false },
    ),
    playlists: Type.Array(PlaylistSchema),
    webhooks: Type.Object(
      {
        endpoints: Type.Array(WebhookEndpointSchema),
        /** Off (the default), deliveries to loopback, private and link-local addresses are refused (SSRF). */
        allowPrivateAddresses: Type.Boolean(),
        /** One attempt: connect, send, and the answer's status line within this time. */
        timeoutMs: Type.Integer({ minimum: 100, maximum: 60_000 }),
        /** Retries after a failure: the n-th waits about firstRetryMs × 2^n (with jitter); then the delivery failed. */
        retry: Type.Object({ attempts: PositiveInt(20), firstRetryMs: Type.Integer({ minimum: 1, maximum: 600_000 }) }, { additionalProperties: false }),
        /** Deliveries kept for the admin listing. */
        historySize: PositiveInt(10_000),
      },
      { additionalProperties: false },
    ),
  },
  { additionalProperties: false },
);

export type Config = Static<typeof ConfigSchema>;
export type WeeklyShow = Static<typeof WeeklyShowSchema>;
export type OneOffEvent = Static<typeof OneOffEventSchema>;
export type Playlist = Static<typeof PlaylistSchema>;
export type StreamSourceConfig = Static<typeof StreamSourceSchema>;
export type WebhookEndpoint = Static<typeof WebhookEndpointSchema>;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];
