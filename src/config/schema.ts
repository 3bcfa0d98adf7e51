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
      },
      { additionalProperties: false },
    ),
    stream: Type.Object(
      {
        kind: Type.Union([Type.Literal('icecast'), Type.Literal('shoutcast2'), Type.Literal('shoutcast1')]),
        statusUrl: Type.String({ format: 'uri' }),
        mount: Type.String(),
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
      },
      { additionalProperties: false },
    ),
    rateLimit: Type.Object(
      {
        mobile: Type.Object(
          { limit: PositiveInt(1_000_000_000), windowSeconds: PositiveInt(86_400 * 7) },
          { additionalProperties: false },
        ),
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
        /** Chat messages one socket connection may send per window. */
        socketFlood: Type.Object(
          { messages: PositiveInt(10_000), windowSeconds: PositiveInt(3600) },
          { additionalProperties: false },
        ),
      },
      { additionalProperties: false },
    ),
    live: Type.Object(
      {
        /** Socket.IO connections one client IP may hold on one node. */
        maxConnectionsPerIp: PositiveInt(100_000),
        /** Largest socket message in bytes; larger ones close that one connection. */
        maxHttpBufferSize: PositiveInt(1024 * 1024),
        transports: Type.Array(Type.Union([Type.Literal('websocket'), Type.Literal('polling')]), { minItems: 1, uniqueItems: true }),
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
    feedback: Type.Object(
      { historySize: PositiveInt(1_000_000) },
      { additionalProperties: false },
    ),
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
    logLevel: Type.Union(
      ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'].map((l) => Type.Literal(l)),
    ),
    schedule: Type.Object(
      {
        shows: Type.Array(WeeklyShowSchema),
        events: Type.Array(OneOffEventSchema),
      },
      { additionalProperties: false },
    ),
    playlists: Type.Array(PlaylistSchema),
  },
  { additionalProperties: false },
);

export type Config = Static<typeof ConfigSchema>;
export type WeeklyShow = Static<typeof WeeklyShowSchema>;
export type OneOffEvent = Static<typeof OneOffEventSchema>;
export type Playlist = Static<typeof PlaylistSchema>;
