import { Type, type Static, type TProperties } from '@sinclair/typebox';
import { Text } from '../validation/text-rules.js';
import { KEY_HASH_PATTERN, StaffRoleSchema } from './staff-identity.js';

// Every setting of the service. `config/default.json` fills each key, a RADIO_CONFIG file
// may override any of them, and the environment overrides the few listed in env-overrides.ts.

// Every key carries a `description`: docs/configuration.md's table is generated from them
// (`npm run docs:config`), and test/config/config-table.test.ts fails while it differs.
const HhMm = (description: string) => Type.String({ pattern: '^([01][0-9]|2[0-3]):[0-5][0-9]$', description });
const Weekday = Type.Union(['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((d) => Type.Literal(d)));
const Id = (description: string) => Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$', description });

// What a weekly show and a one-off event both have.
const ProgrammeFields = {
  id: Id('unique id (letters, digits, `_`, `-`)'),
  title: Text({ minLength: 1, maxLength: 200, description: 'title shown in the schedule' }),
  host: Type.Optional(Text({ maxLength: 200, description: 'who presents it (reserved as a chat nickname)' })),
  description: Type.Optional(Text({ maxLength: 2000, description: 'a line or two about it' })),
};

export const WeeklyShowSchema = Type.Object(
  {
    ...ProgrammeFields,
    days: Type.Array(Weekday, { minItems: 1, maxItems: 7, uniqueItems: true, description: 'the weekdays it airs' }),
    start: HhMm('start, local time HH:MM'),
    end: HhMm('end, local time HH:MM (earlier than start: it ends the next day)'),
  },
  { additionalProperties: false },
);

export const OneOffEventSchema = Type.Object(
  {
    ...ProgrammeFields,
    start: Type.String({ format: 'date-time', description: 'start, an ISO 8601 date-time with offset' }),
    end: Type.String({ format: 'date-time', description: 'end, an ISO 8601 date-time with offset' }),
  },
  { additionalProperties: false },
);

const HostPort = Type.String({ pattern: '^[^\\s:]+:[0-9]{1,5}$', description: 'host:port' });
const redisAuth = (who: string) => ({
  username: Type.Optional(Type.String({ minLength: 1, maxLength: 256, description: `ACL user name for ${who}` })),
  password: Type.Optional(Type.String({ minLength: 1, maxLength: 1024, description: `password for ${who}` })),
});

export const RedisSentinelSchema = Type.Object(
  {
    masterName: Type.String({ minLength: 1, maxLength: 128, description: 'the name the sentinels monitor the master under (`sentinel monitor <name> …`)' }),
    sentinels: Type.Array(HostPort, { minItems: 1, maxItems: 16, description: 'the sentinels, `host:port` each' }),
    ...redisAuth('the master and replicas'),
    sentinelUsername: Type.Optional(Type.String({ minLength: 1, maxLength: 256, description: 'ACL user name for the sentinels themselves, when they require one' })),
    sentinelPassword: Type.Optional(Type.String({ minLength: 1, maxLength: 1024, description: 'password for the sentinels themselves, when they require one' })),
  },
  { additionalProperties: false, description: 'Redis behind Sentinel, instead of `url`: every connection follows a failover ([operations.md](operations.md#redis-topologies))' },
);

export const RedisClusterSchema = Type.Object(
  {
    nodes: Type.Array(Type.String({ pattern: '^rediss?://' }), { minItems: 1, maxItems: 64, description: 'seed nodes (`redis://` or `rediss://` URLs); the others are discovered' }),
    ...redisAuth('every node, the discovered ones included'),
  },
  { additionalProperties: false, description: 'Redis Cluster, instead of `url` ([operations.md](operations.md#redis-topologies))' },
);

export const PlaylistSchema = Type.Object(
  {
    id: Id('unique id (letters, digits, `_`, `-`)'),
    name: Text({ minLength: 1, maxLength: 200, description: 'name shown to listeners' }),
    description: Type.Optional(Text({ maxLength: 2000, description: 'a line or two about it' })),
    genre: Type.Optional(Text({ maxLength: 100, description: 'its genre' })),
    song_count: Type.Optional(Type.Integer({ minimum: 0, description: 'how many songs it holds' })),
    url: Type.Optional(Type.String({ format: 'uri', description: 'where to hear or see it' })),
  },
  { additionalProperties: false },
);

const PositiveInt = (max: number, description: string) => Type.Integer({ minimum: 1, maximum: max, description });

const StreamKind = Type.Union([Type.Literal('icecast'), Type.Literal('shoutcast2'), Type.Literal('shoutcast1'), Type.Literal('azuracast'), Type.Literal('libretime')], {
  description:
    'the stream server: Icecast `status-json.xsl`, SHOUTcast v2 JSON stats, SHOUTcast `7.html`, AzuraCast `/api/nowplaying/{station}` (or `nowplaying_static`), or LibreTime `/api/live-info-v2`',
});
const StreamId = Type.Integer({ minimum: 1, maximum: 1000, description: "SHOUTcast stream id (`sid`); default the URL's `?sid=`, else 1" });
const AdminCredentialsSchema = Type.Object(
  {
    user: Type.Optional(Type.String({ minLength: 1, maxLength: 128, description: 'admin user name; default `admin`' })),
    password: Type.String({ minLength: 1, maxLength: 256, description: 'admin password (keep the config file private)' }),
  },
  { additionalProperties: false, description: "the stream server's admin login, to read its listener lists (unique listeners, listening time)" },
);

export const StreamSourceSchema = Type.Object(
  {
    name: Type.Optional(Type.String({ minLength: 1, maxLength: 64, description: 'for logs and per-source health; default `<statusUrl> <mount or sid>`' })),
    kind: StreamKind,
    statusUrl: Type.String({ format: 'uri', description: "the server's status page" }),
    mount: Type.Optional(Type.String({ pattern: '^/', description: 'Icecast: the mount, e.g. `/live.mp3` (required there)' })),
    streamId: Type.Optional(StreamId),
    admin: Type.Optional(AdminCredentialsSchema),
    primary: Type.Optional(Type.Boolean({ description: 'now playing, quality and uptime come from the primary (at most one; default the first)' })),
  },
  { additionalProperties: false },
);

/** What a webhook endpoint may subscribe to (docs/webhooks.md). */
export const WEBHOOK_EVENT_TYPES = ['song.changed', 'station.online', 'station.offline', 'request.queued', 'request.played'] as const;

export const WebhookEndpointSchema = Type.Object(
  {
    url: Type.String({ format: 'uri', pattern: '^https?://', description: 'where deliveries are POSTed (http or https)' }),
    events: Type.Array(Type.Union(WEBHOOK_EVENT_TYPES.map((t) => Type.Literal(t))), { minItems: 1, uniqueItems: true, description: 'the event types it receives' }),
    secret: Type.String({ pattern: '^whsec_[A-Za-z0-9+/]{22,}={0,2}$', description: 'Standard Webhooks secret: `whsec_` and the base64 key the receiver verifies with' }),
    format: Type.Optional(Type.Literal('discord', { description: '`discord`: a Discord channel webhook (a `content` message instead of the event JSON)' })),
  },
  { additionalProperties: false },
);

export const StaffKeySchema = Type.Object(
  {
    name: Type.String({
      minLength: 1,
      maxLength: 40,
      // One line the audit log and the console show as written: no control characters (C0, DEL,
      // C1), line or paragraph separators, or bidi overrides; look-alikes are refused by staffProblem.
      pattern: '^[^\\u0000-\\u001f\\u007f-\\u009f\\u2028\\u2029\\u202a-\\u202e\\u2066-\\u2069]+$',
      description: 'who the audit log names: one line, no control characters; unique as it looks (letter case and look-alike letters aside)',
    }),
    role: Type.Union(StaffRoleSchema.anyOf, {
      description: '`moderator`: the chat and the request queue; `admin`: everything; `automation`: a playout system, which may only push now playing',
    }),
    keyHash: Type.String({ pattern: KEY_HASH_PATTERN, description: '`sha256:` and the hex SHA-256 of the key (`npm run staff:key -- <name> <role>` makes both)' }),
  },
  { additionalProperties: false },
);

// A budget a route names (`budget: '<name>'` in its definition): limits/ builds its counter, its
// refusal (429, reason `budget` naming it) and its RateLimit headers from this entry alone.
export const BudgetEntrySchema = Type.Object(
  {
    limit: PositiveInt(1_000_000_000, 'requests per window'),
    windowSeconds: PositiveInt(86_400 * 7, 'window length in seconds'),
    per: Type.Union([Type.Literal('client'), Type.Literal('staff')], {
      description: '`client`: per address (IPv4, or IPv6 network); `staff`: per signed-in staff member, by name',
    }),
    about: Text({ minLength: 1, maxLength: 300, description: 'what it guards, for the settings table' }),
  },
  { additionalProperties: false },
);

const Section = <T extends TProperties>(description: string, properties: T) => Type.Object(properties, { additionalProperties: false, description });

export const ConfigSchema = Type.Object(
  {
    server: Section('the HTTP listener', {
      host: Type.String({ minLength: 1, description: 'listen address' }),
      port: Type.Integer({ minimum: 0, maximum: 65535, description: 'HTTP port (`0` picks a free one)' }),
      bodyLimitBytes: PositiveInt(1024 * 1024, 'largest request body; a larger one is refused with 413'),
      corsOrigins: Type.Array(Type.String({ minLength: 1 }), { minItems: 1, description: 'origins allowed to call the API from a browser (`*`: any)' }),
      shutdownGraceMs: Type.Integer({ minimum: 0, maximum: 120_000, description: 'on SIGTERM, how long requests in flight may finish before the process exits anyway' }),
      workers: Type.Union([Type.Integer({ minimum: 1, maximum: 256 }), Type.Literal('auto')], {
        description:
          'hub processes sharing the port, one per core (`"auto"`: as many as the machine has cores); above 1 needs Redis, and Socket.IO clients must use the websocket transport (docs/operations.md, "Every core")',
      }),
    }),
    station: Section('the station as listeners see it', {
      name: Type.String({ minLength: 1, description: 'station name (pages, API documents, webhooks)' }),
      genre: Type.String({ description: 'genre announced in the status' }),
      websiteUrl: Type.Optional(Type.String({ format: 'uri', pattern: '^https?://', description: 'the station\'s website (`website_url` in the status); absent: `""` there' })),
      streamUrl: Type.Optional(
        Type.String({
          format: 'uri',
          pattern: '^https?://',
          description: 'the address listeners play (`stream_url` in the status); absent: the stream is not set up, `stream_url` is `""` and the pages say so',
        }),
      ),
      timezone: Type.String({ minLength: 1, description: 'IANA time zone, e.g. `America/Chicago`; the schedule and "today" are in it' }),
      language: Type.Union([Type.Literal('en'), Type.Literal('es')], { description: 'language of the listener page, console and widgets (`web/src/i18n/<language>.ts`)' }),
      logo: Type.Union([Type.String({ minLength: 1 }), Type.Null()], {
        description: "the station's logo file (SVG, PNG, JPEG or WebP, at most 1 MiB), read at start-up; null: the logo shipped in `web/public/brand/`",
      }),
      accentColor: Type.String({ pattern: '^#[0-9a-fA-F]{6}$', description: "the pages' accent colour (`#rrggbb`); text on it is black or white, whichever reads better" }),
      artUrlTemplate: Type.Union([Type.String({ pattern: '^https?://' }), Type.Null()], {
        description: 'artwork of a song: a URL with `{artist}` and `{title}` (URL-encoded in); null: the logo stands in',
      }),
      inBandTitles: Type.Union([Type.Literal('same-origin'), Type.Literal('cors'), Type.Literal('off')], {
        description:
          "while playing, the listener page reads the song title from the stream itself (ICY or Ogg comments), so it changes when the listener hears the song: `same-origin` where `streamUrl` is on the page's own origin (nginx's `/stream/`), `cors` also on another origin whose server sends the CORS headers ([pages.md](pages.md#in-band-titles); its origin joins the pages' `connect-src`), `off`: the hub's feed alone",
      }),
      publicUrl: Type.Optional(
        Type.String({ format: 'uri', pattern: '^https?://', description: "where listeners reach this hub's pages (absolute links for sharing); default `websiteUrl`" }),
      ),
      donateUrl: Type.Union([Type.String({ format: 'uri', pattern: '^https://', maxLength: 2000 }), Type.Null()], {
        description: "the station's donation page (an https URL): the listener page shows a *Give* button to it; null: no button",
      }),
      streams: Type.Optional(
        Type.Array(
          Type.Object(
            {
              label: Type.String({ minLength: 1, maxLength: 40, description: 'what the listener chooses by, e.g. `High quality (128 kbps MP3)`' }),
              url: Type.String({ format: 'uri', pattern: '^https?://', description: 'the address to play' }),
              type: Type.Optional(
                Type.String({ pattern: '^audio/[a-z0-9.+-]+$', description: 'its MIME type, e.g. `audio/mpeg` or `audio/aac` (a browser that cannot play it is not offered it)' }),
              ),
            },
            { additionalProperties: false },
          ),
          {
            maxItems: 8,
            description: 'several mounts the listener chooses between on the listener page (remembered on the device); the first is the default. Absent or empty: `streamUrl` alone',
          },
        ),
      ),
    }),
    stream: Section('the stream server to poll ([polling.md](polling.md))', {
      // One source in these keys; `sources`, when not empty, replaces them (see stream-sources.ts).
      kind: StreamKind,
      statusUrl: Type.String({ format: 'uri', description: "the server's status page" }),
      mount: Type.String({ description: 'Icecast: the mount to read, e.g. `/live.mp3`' }),
      streamId: Type.Optional(StreamId),
      admin: Type.Optional(AdminCredentialsSchema),
      sources: Type.Optional(
        Type.Array(StreamSourceSchema, {
          maxItems: 32,
          description: 'several mounts, servers or relays; when not empty it replaces the single-source keys above ([polling.md](polling.md#sources))',
        }),
      ),
      // A divisor of 60, so polls fall evenly on the clock (node-cron "*/N" in the seconds field)
      // and every node computes the same tick times.
      pollSeconds: Type.Union(
        [1, 2, 3, 4, 5, 6, 10, 12, 15, 20, 30, 60].map((n) => Type.Literal(n)),
        { description: 'seconds between polls (a divisor of 60, so every node agrees on the ticks)' },
      ),
      enabled: Type.Boolean({ description: 'off: no polling at all (a station without a stream server, or tests that seed the state)' }),
      staleSongSeconds: Type.Integer({
        minimum: 0,
        maximum: 86_400,
        description:
          'a song the stream server has not named for this long (a source back without metadata) is no longer now playing (`now_playing` null, the song moves to the history); 0: never',
      }),
      pushGraceSeconds: Type.Integer({
        minimum: 0,
        maximum: 3600,
        description:
          "a song the playout system pushed holds this long past its duration against the stream server's other title (which lags); after that a different title wins ([polling.md](polling.md#pushed-now-playing))",
      }),
      liveMount: Type.Union([Type.String({ pattern: '^/', maxLength: 256 }), Type.Null()], {
        description:
          "Icecast: the presenter's mount (their encoder, e.g. `/studio`); while it is on air now playing says `live` with the host of the show on now ([polling.md](polling.md#who-is-live)); null: no live mount",
      }),
    }),
    redis: Section('shared state; without `url` everything lives in this process', {
      url: Type.Union([Type.String({ pattern: '^rediss?://' }), Type.Null()], { description: '`redis://…` or `rediss://…`; null: the in-memory store, one process' }),
      prefix: Type.String({ maxLength: 64, description: 'prefix of every Redis key (several stations or test runs per Redis)' }),
      commandTimeoutMs: Type.Integer({ minimum: 10, maximum: 60_000, description: 'a Redis command unanswered this long fails (503), so a hung Redis never stalls requests' }),
      dataDir: Type.Union([Type.String({ minLength: 1 }), Type.Null()], {
        description:
          "a folder of this node's own where it keeps a copy of the last programme it held, so that a start while Redis is away serves that (marked stale) rather than the config file's; null: no copy",
      }),
      sentinel: Type.Optional(RedisSentinelSchema),
      cluster: Type.Optional(RedisClusterSchema),
      replicaAcks: Type.Optional(
        Section('replicas that must hold a revenue event or song request before it is acknowledged (WAIT); default 1 replica with `sentinel` or `cluster`, 0 with `url`', {
          replicas: Type.Integer({ minimum: 0, maximum: 5, description: 'replicas to wait for' }),
          timeoutMs: Type.Integer({ minimum: 10, maximum: 60_000, description: 'how long to wait for them before answering 503' }),
        }),
      ),
    }),
    rateLimit: Section('request budgets per client ([limits.md](limits.md))', {
      mobile: Section('the public API budget: `/api/mobile/*` and the song request `.php`, shared by every node', {
        limit: PositiveInt(1_000_000_000, 'requests per window'),
        windowSeconds: PositiveInt(86_400 * 7, 'window length in seconds'),
      }),
      chat: Section('chat messages per client, through REST and sockets together, shared by every node', {
        limit: PositiveInt(1_000_000, 'messages per window'),
        windowSeconds: PositiveInt(86_400, 'window length in seconds'),
      }),
      sseOpens: Section('SSE streams a client may open per window, on every node together (each open may read the event history)', {
        limit: PositiveInt(1_000_000, 'opens per window'),
        windowSeconds: PositiveInt(86_400, 'window length in seconds'),
      }),
      adminSignIn: Section('wrong admin keys per client, shared by every node; past it every admin request of that client is 429 until the window ends, the right key included', {
        limit: PositiveInt(1_000_000, 'wrong keys per window'),
        windowSeconds: PositiveInt(86_400, 'window length in seconds'),
      }),
      artwork: Section('artwork images (`GET /art/{key}`) a client may fetch, shared by every node', {
        limit: PositiveInt(1_000_000, 'requests per window'),
        windowSeconds: PositiveInt(86_400, 'window length in seconds'),
      }),
      paymentWebhook: Section("requests a client may send to the payment provider's webhook endpoint, shared by every node (the provider sends from a few addresses: generous)", {
        limit: PositiveInt(1_000_000, 'requests per window'),
        windowSeconds: PositiveInt(86_400, 'window length in seconds'),
      }),
      staffActions: Section(
        'staff writes (every staff route but a GET: moderation, requests, staff keys, programme, revenue) per staff member, whatever address they come from, shared by every node; it also bounds the audit log (`audit.retentionDays` × this)',
        {
          limit: PositiveInt(1_000_000, 'writes per window'),
          windowSeconds: PositiveInt(86_400, 'window length in seconds'),
        },
      ),
      reports: Section(
        'heavy staff reads a client may ask for, shared by every node: listener and royalty reports (`/api/admin/reports/*`, each reads up to 400 days of aggregates), the chat search and the feedback inbox (each page reads a bounded slice)',
        {
          limit: PositiveInt(1_000_000, 'reports per window'),
          windowSeconds: PositiveInt(86_400, 'window length in seconds'),
        },
      ),
      nowPlayingPush: Section('now-playing pushes a playout system may send (`/api/admin/nowplaying`), per client, shared by every node: one per track start, with room for retries', {
        limit: PositiveInt(1_000_000, 'pushes per window'),
        windowSeconds: PositiveInt(86_400, 'window length in seconds'),
      }),
      ipv6PrefixLength: Type.Integer({ minimum: 32, maximum: 128, description: 'IPv6 clients are counted per network of this many bits (64: one home); IPv4 per address' }),
      maxTrackedClients: Type.Integer({ minimum: 1000, maximum: 10_000_000, description: 'clients each in-memory counter tracks at most; the oldest window gives way' }),
    }),
    budgets: Type.Record(Type.String({ pattern: '^[a-z][A-Za-z0-9]{1,31}$' }), BudgetEntrySchema, {
      maxProperties: 64,
      description:
        "budgets routes name (`budget: '<name>'`), by name: each counts on every node, refuses with 429 reason `budget` naming it, and writes RateLimit headers under its name ([limits.md](limits.md#declared-budgets)); the hub's own budgets keep their keys above",
    }),
    trustProxy: Type.Array(Type.String({ minLength: 1 }), { description: 'proxy addresses or CIDRs whose `X-Forwarded-For` is believed' }),
    chat: Section('the chat and its moderation', {
      historySize: PositiveInt(1_000_000, 'messages kept (older ones roll off)'),
      links: Type.Union([Type.Literal('block'), Type.Literal('allow')], { description: "`block` refuses messages with links (a family station's default); `allow` lets them through" }),
      blockedWords: Type.Array(Type.String({ minLength: 2, maxLength: 64 }), { description: 'words refused on top of the built-in English profanity list' }),
      allowedWords: Type.Array(Type.String({ minLength: 1, maxLength: 64 }), { description: 'words never refused even if the list would catch them (e.g. place names)' }),
      repeatWindowSeconds: Type.Integer({ minimum: 0, maximum: 86_400, description: 'the same message from the same sender within this window is refused' }),
      reservedNicknames: Type.Array(Type.String({ minLength: 1, maxLength: 200 }), {
        maxItems: 1000,
        description: "nobody may post as these (nor as a look-alike); the schedule's hosts are added to them",
      }),
      socketFlood: Section('chat messages one socket connection may send', {
        messages: PositiveInt(10_000, 'messages per window'),
        windowSeconds: PositiveInt(3600, 'window length in seconds'),
      }),
    }),
    live: Section('live events: Socket.IO `/live` and the SSE feed ([live.md](live.md))', {
      maxConnectionsPerClient: PositiveInt(100_000, 'live connections (Socket.IO and SSE) one client may hold on one node'),
      maxHttpBufferSize: PositiveInt(1024 * 1024, 'largest socket message in bytes; a larger one closes that connection'),
      transports: Type.Array(Type.Union([Type.Literal('websocket'), Type.Literal('polling')]), { minItems: 1, uniqueItems: true, description: 'Socket.IO transports offered' }),
      sse: Section('the SSE feed `/api/live/events` (its connections count against `maxConnectionsPerClient` too)', {
        heartbeatSeconds: PositiveInt(
          3600,
          'a comment this often, on each stream that carried no event since the last one, keeps proxies from closing a quiet stream (none is silent for twice this)',
        ),
        historySize: PositiveInt(100_000, 'events kept (in Redis with several nodes) for clients resuming with Last-Event-ID'),
        maxBufferedBytes: Type.Integer({ minimum: 4096, maximum: 64 * 1024 * 1024, description: 'a client whose unsent data exceeds this is dropped (it reconnects and resumes)' }),
        maxBacklogBytes: Type.Integer({
          minimum: 1024,
          maximum: 64 * 1024 * 1024,
          description: 'the most a resume writes of missed events; a client further behind gets a fresh now playing instead',
        }),
        retryMs: Type.Integer({ minimum: 100, maximum: 600_000, description: 'the reconnection delay told to clients' }),
      }),
    }),
    requests: Section('song requests', {
      thresholdSeconds: Type.Integer({ minimum: 0, maximum: 86_400 * 7, description: 'a song played within this window cannot be requested (409)' }),
      delaySeconds: Type.Integer({ minimum: 0, maximum: 86_400, description: 'one request per client per this many seconds' }),
      historySize: PositiveInt(1_000_000, 'requests kept (older ones roll off)'),
      listenerPriority: Type.Union([Type.Literal('shown'), Type.Literal('ordered')], {
        description: "a listener's `priority`: `shown` to staff only, the queue stays first come first served (fair); `ordered`: high goes first. Staff's priority always orders",
      }),
    }),
    feedback: Section('listener feedback', { historySize: PositiveInt(1_000_000, 'feedback kept (older ones roll off)') }),
    payments: Section('the payment provider', {
      webhookBodyLimitBytes: Type.Integer({
        minimum: 1024,
        maximum: 4 * 1024 * 1024,
        description: "largest payment-provider event accepted at `POST /api/payments/stripe/webhook` (413 beyond; Stripe's events are a few KiB)",
      }),
      stripe: Section('where the Stripe SDK sends its requests (tests point it at a local server); unset: Stripe itself', {
        host: Type.Optional(Type.String({ description: 'API host' })),
        port: Type.Optional(Type.Integer({ minimum: 1, maximum: 65535, description: 'API port' })),
        protocol: Type.Optional(Type.Union([Type.Literal('http'), Type.Literal('https')], { description: 'API protocol' })),
      }),
    }),
    metrics: Section('Prometheus metrics, apart from the public port ([operations.md](operations.md))', {
      port: Type.Union([Type.Integer({ minimum: 0, maximum: 65535 }), Type.Null()], { description: 'port of `GET /metrics`; null: no metrics listener' }),
      host: Type.String({ minLength: 1, description: 'its listen address (`0.0.0.0` in a container network)' }),
    }),
    adminApiKey: Type.Union([Type.String({ minLength: 16 }), Type.Null()], {
      description: 'admin Bearer key (16+ characters) for the admin endpoints and the console; null: administration is switched off (503)',
    }),
    staff: Type.Array(StaffKeySchema, {
      description:
        'named staff keys, each with its role (`moderator`: chat and requests; `admin`: everything; `automation`: the now-playing push only) and the hash of its key ([api.md](api.md#staff-and-roles)); `ADMIN_API_KEY` is the first admin beside them',
    }),
    audit: Section('the audit log of staff actions (`GET /api/admin/audit`)', {
      retentionDays: PositiveInt(3650, 'days an entry is kept (older ones are dropped); its size is bounded by this × `rateLimit.staffActions` per staff member ([limits.md](limits.md))'),
    }),
    analytics: Section("listener sessions and the reports built from them ([api.md](api.md#reports)); needs the stream server's admin login (`stream.admin`)", {
      level: Type.Union([Type.Literal('full'), Type.Literal('no_ip'), Type.Literal('none')], {
        description:
          '`no_ip`: sessions with player and country, never the address (distinct listeners counted by a keyed hash whose secret changes daily and is never stored); `full`: the address too; `none`: no sessions, no reports',
      }),
      retentionDays: PositiveInt(3660, 'days of daily aggregates and plays kept'),
      transmissionCategory: Type.String({
        pattern: '^[A-Z0-9]{1,4}$',
        description: "TRANSMISSION_CATEGORY of the SoundExchange report of use (the service's category as SoundExchange assigned it)",
      }),
    }),
    stripeSecretKey: Type.Union([Type.String({ minLength: 1 }), Type.Null()], { description: 'Stripe secret key; null: plan creation answers 503' }),
    stripeWebhookSecret: Type.Union([Type.String({ minLength: 1 }), Type.Null()], {
      description: 'the signing secret of the Stripe webhook endpoint (`whsec_…`); null: `POST /api/payments/stripe/webhook` answers 503',
    }),
    logLevel: Type.Union(
      ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'].map((l) => Type.Literal(l)),
      { description: 'log level; request lines are logged at `debug`' },
    ),
    schedule: Section('programming ([api.md](api.md)); the times are in `station.timezone`', {
      shows: Type.Array(WeeklyShowSchema, { description: 'weekly shows' }),
      events: Type.Array(OneOffEventSchema, { description: 'one-off events' }),
    }),
    playlists: Type.Array(PlaylistSchema, { description: 'the station playlists (`GET /api/mobile/playlists`)' }),
    artwork: Section("artwork for songs that come without any: MusicBrainz, then the Cover Art Archive, served from this hub's origin ([polling.md](polling.md#artwork))", {
      contact: Type.Union([Type.String({ minLength: 3, maxLength: 200, pattern: '^[\\x21-\\x7e][\\x20-\\x7e]*$' }), Type.Null()], {
        description:
          "how MusicBrainz can reach the station's operator (an e-mail address or a URL), sent in the User-Agent as their rules ask; null (the default): no lookups at all, the logo stands in",
      }),
      appName: Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9._-]+$', description: 'the application name in the User-Agent' }),
      appVersion: Type.String({ minLength: 1, maxLength: 32, pattern: '^[A-Za-z0-9._-]+$', description: 'the application version in the User-Agent' }),
      musicBrainzUrl: Type.String({ format: 'uri', pattern: '^https?://', description: 'the MusicBrainz web service (tests point it at a local stand-in)' }),
      coverArtUrl: Type.String({ format: 'uri', pattern: '^https?://', description: 'the Cover Art Archive (tests point it at a local stand-in)' }),
      allowPrivateAddresses: Type.Boolean({ description: 'off (the default): a lookup or redirect to a loopback, private or link-local address is refused (SSRF), as for webhooks' }),
      timeoutMs: Type.Integer({ minimum: 100, maximum: 60_000, description: 'one request, every redirect and the body included' }),
      maxImageBytes: Type.Integer({ minimum: 1024, maximum: 4 * 1024 * 1024, description: 'a larger image is not fetched (the song gets no artwork)' }),
      foundDays: PositiveInt(365, 'days a found image and its lookup are kept'),
      missHours: PositiveInt(24 * 90, 'hours a song without artwork is not looked up again'),
      lookups: PositiveInt(1_000_000, 'songs whose lookup is kept at most (in Redis with several nodes)'),
      images: PositiveInt(100_000, 'images kept at most (each at most `maxImageBytes`)'),
    }),
    webhooks: Section('signed webhooks ([webhooks.md](webhooks.md))', {
      endpoints: Type.Array(WebhookEndpointSchema, { description: 'the receivers' }),
      allowPrivateAddresses: Type.Boolean({ description: 'off (the default), deliveries to loopback, private and link-local addresses are refused (SSRF)' }),
      timeoutMs: Type.Integer({
        minimum: 100,
        maximum: 60_000,
        description: "one attempt: DNS lookup, connect, send, and the answer's status line within this time; must be below `server.shutdownGraceMs` when there are endpoints",
      }),
      concurrency: PositiveInt(64, 'attempts at once per endpoint on each node; the rest wait their turn, so a slow receiver delays only its own deliveries'),
      retry: Section('a failed attempt is retried with exponential backoff: the n-th retry about `firstRetryMs × 2^(n−1)` later (up to half of it less, at random)', {
        attempts: PositiveInt(20, 'attempts in all, the first included; then the delivery failed'),
        firstRetryMs: Type.Integer({ minimum: 1, maximum: 600_000, description: 'milliseconds before the first retry' }),
      }),
      historySize: PositiveInt(10_000, 'deliveries kept for the admin listing'),
    }),
  },
  { additionalProperties: false },
);

export type Config = Static<typeof ConfigSchema>;
export type WeeklyShow = Static<typeof WeeklyShowSchema>;
export type OneOffEvent = Static<typeof OneOffEventSchema>;
export type Playlist = Static<typeof PlaylistSchema>;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];
