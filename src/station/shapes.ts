import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { PlaylistSchema, WeeklyShowSchema } from '../config/schema.js';
import { StaffRoleSchema } from '../config/staff-identity.js';

// The shapes clients see (API.md): REST `data`, live payloads, webhook `data`. These TypeBox
// schemas are the one source: the model's types are `Static<…>` of them, the OpenAPI and AsyncAPI
// documents print them, and the web pages import the types. Adding a field is one line here.
// Only TypeBox is imported: the web pages type-check this file (no Node modules behind it).

const UnixSeconds = Type.Integer({ description: 'Unix time in seconds' });
const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

export const SongSchema = Type.Object({
  id: Type.String({ description: 'stable hash of artist and title' }),
  title: Type.String(),
  artist: Type.String(),
  album: Type.Optional(Type.String()),
  text: Type.String({ description: '"Artist - Title"' }),
  art: Type.Optional(Type.String({ description: "artwork URL (https, or a path on this hub); in now playing never empty: the station's logo when none is known" })),
});
/** `id` is stable across polls and nodes (a hash of artist and title); `text` is "Artist - Title". */
export type Song = Static<typeof SongSchema>;

export const PlayedSongSchema = Type.Object({ song: SongSchema, played_at: UnixSeconds });
export type PlayedSong = Static<typeof PlayedSongSchema>;

export const UptimeSchema = Type.Object({
  seconds: Type.Integer(),
  human: Type.String({ description: '<days>d <hours>h <minutes>m' }),
});
export type Uptime = Static<typeof UptimeSchema>;

/** The `data` of GET /api/mobile/status, and the live `status` event (spec 2.2). */
export const StatusSchema = Type.Object({
  online: Type.Boolean(),
  listeners: Type.Integer(),
  server_status: Type.Union([Type.Literal('online'), Type.Literal('offline'), Type.Literal('unknown')]),
  stream_url: Type.String({ description: 'the address to play; `""` while the station has not set up its stream (`station.streamUrl`)' }),
  website_url: Type.String({ description: 'the station\'s website; `""` when it has none configured' }),
  uptime: UptimeSchema,
  quality: Type.String({ description: '<bitrate>kbps <codec>, or "unknown" before the first poll' }),
  genre: Type.String(),
});
export type StationStatus = Static<typeof StatusSchema>;

export const StatsSchema = Type.Object({
  current_listeners: Type.Integer(),
  peak_listeners_today: Type.Integer(),
  total_listener_hours: Type.Number(),
  average_listening_time: Type.Number({ description: 'seconds' }),
  unique_listeners: Type.Optional(Type.Integer({ description: 'distinct listener addresses; present when the stream servers tell' })),
  listener_history: Type.Array(Type.Object({ timestamp: UnixSeconds, listeners: Type.Integer() })),
  server_uptime: UptimeSchema,
  total_songs_played: Type.Integer(),
  most_popular_songs: Type.Array(Type.Object({ song: SongSchema, plays: Type.Integer(), requests: Type.Integer(), average_rating: Nullable(Type.Number()) })),
});
export type Stats = Static<typeof StatsSchema>;

/** GET /api/stream-stats.php. */
export const StreamStatsSchema = Type.Object({
  online: Type.Boolean(),
  listeners: Type.Integer(),
  peak_today: Type.Integer(),
  bitrate: Type.Union([Type.Integer({ description: 'kbps' }), Type.Null()]),
  codec: Type.Union([Type.String(), Type.Null()]),
  uptime: UptimeSchema,
});
export type StreamStats = Static<typeof StreamStatsSchema>;

export const ListenersSchema = Type.Object({ current: Type.Integer(), peak_today: Type.Integer() });
export type Listeners = Static<typeof ListenersSchema>;

/** What plays next, when the playout system (or a reader that knows) says. */
export const PlayingNextSchema = Type.Object({
  song: SongSchema,
  duration: Nullable(Type.Integer({ description: 'seconds, when known' })),
});

/** Whether a presenter is live: from the playout system's push, a reader that knows, or the live mount on air. */
export const LiveSchema = Type.Object({
  is_live: Type.Boolean(),
  streamer_name: Nullable(Type.String({ description: "the presenter's name, when known" })),
  since: Nullable(UnixSeconds),
});

/** The now-playing object: GET /api/mobile/nowplaying, now-playing.php and the live `nowplaying` event. */
export const NowPlayingSchema = Type.Object({
  now_playing: Type.Union(
    [
      Type.Object({
        song: SongSchema,
        played_at: UnixSeconds,
        elapsed: Type.Optional(Type.Integer({ description: 'seconds since played_at when answered (an app computes it from played_at and the Date header instead)' })),
        duration: Type.Optional(Type.Integer({ description: 'seconds, when the playout system or the reader says: with played_at, the progress bar' })),
      }),
      Type.Null(),
    ],
    // The stale-song rule (docs/api.md): null while on air means live with no known title.
    { description: 'null before any song, and once the song is older than stream.staleSongSeconds with no newer title (online true: live, title unknown)' },
  ),
  song_history: Type.Array(PlayedSongSchema),
  listeners: ListenersSchema,
  online: Type.Boolean(),
  playing_next: Nullable(PlayingNextSchema),
  live: LiveSchema,
});
export type NowPlaying = Static<typeof NowPlayingSchema>;

export const ChatMessageSchema = Type.Object({
  id: Type.String({ description: '"<ms>-<seq>", increasing' }),
  nickname: Type.String(),
  message: Type.String(),
  timestamp: UnixSeconds,
});
/** `id` is "<milliseconds>-<sequence>": it increases with time, so ids order messages and de-duplicate polls. */
export type ChatMessage = Static<typeof ChatMessageSchema>;

/** A page of chat: `next` is the cursor to send as `after` for what follows (null: none yet, keep your `since`). */
export const ChatPageSchema = Type.Object({
  messages: Type.Array(ChatMessageSchema),
  count: Type.Integer({ minimum: 0 }),
  next: Type.Union([Type.String({ description: 'the id of the last message here (or the `after` you sent, when nothing is new): send it as `after` next time' }), Type.Null()]),
  has_more: Type.Boolean({ description: 'more messages wait after `next`: ask again at once' }),
});
export type ChatPage = Static<typeof ChatPageSchema>;

export const ChatDeletedSchema = Type.Object({ id: Type.String() });

/** The live `store:away` event: this node lost its store (Redis); what it answers meanwhile is its last known state. */
export const StoreAwaySchema = Type.Object({
  since: Type.Integer({ description: 'Unix time in seconds this node found its store away' }),
  retry_after: Type.Integer({ description: 'seconds a client should wait before retrying a refused write (503)' }),
});
export type StoreAway = Static<typeof StoreAwaySchema>;
/** The live `store:back` event: the store answers again; reads are fresh and writes accepted. */
export const StoreBackSchema = Type.Object({
  away_seconds: Type.Integer({ description: 'how long this node was without its store' }),
});

// The roles' one home is below every layer (the configuration's schema and the edge read them too).
export { StaffRoleSchema };

/**
 * A chat ban in force as staff see it. A `sender` ban holds the client that sent a message (its
 * IPv4 address or IPv6 /64) but never shows it: its `value` is an opaque reference to lift it by.
 */
export const ChatBanSchema = Type.Object({
  kind: Type.Union([Type.Literal('nickname'), Type.Literal('ip'), Type.Literal('sender')]),
  value: Type.String({ description: 'what to lift the ban by: the nickname skeleton, the client (address bans), or an opaque reference (sender bans)' }),
  label: Type.String({ description: 'the nickname or address as staff wrote it; for a sender ban the nickname of the message' }),
  until: UnixSeconds,
  by: Nullable(Type.String({ description: 'the staff member who set it' })),
  reason: Nullable(Type.String()),
  since: Nullable(UnixSeconds),
});
export type ChatBan = Static<typeof ChatBanSchema>;

export const AuditEntrySchema = Type.Object({
  id: Type.String(),
  at: UnixSeconds,
  actor: Type.String({ description: 'the staff member (their configured name; `admin` for ADMIN_API_KEY), or the payment provider (`stripe`)' }),
  role: Type.Union([StaffRoleSchema, Type.Literal('payment-provider')], { description: "the staff member's role; `payment-provider` for what a provider's signed event recorded" }),
  action: Type.String({ description: 'chat.delete, chat.ban, chat.unban, chat.undo, request.played, request.rejected, schedule.change, revenue.entry, …' }),
  target: Type.String({ description: 'what it was done to: a message, a ban, a request, a show, a revenue event' }),
  detail: Nullable(Type.String()),
});
export type AuditEntry = Static<typeof AuditEntrySchema>;

const RequestPrioritySchema = Type.Union([Type.Literal('low'), Type.Literal('normal'), Type.Literal('high')]);
const RequestStatusSchema = Type.Union([Type.Literal('pending'), Type.Literal('played'), Type.Literal('rejected')]);
export type RequestPriority = Static<typeof RequestPrioritySchema>;
export type RequestStatus = Static<typeof RequestStatusSchema>;

export const SongRequestSchema = Type.Object({
  id: Type.String(),
  song_title: Type.String(),
  artist: Type.String(),
  requester_name: Type.String(),
  message: Nullable(Type.String()),
  priority: RequestPrioritySchema,
  status: RequestStatusSchema,
  created_at: UnixSeconds,
});
export type SongRequest = Static<typeof SongRequestSchema>;

export const FeedbackSchema = Type.Object({
  id: Type.String(),
  type: Type.String(),
  content: Nullable(Type.String()),
  rating: Nullable(Type.Integer()),
  song: Nullable(SongSchema),
  created_at: UnixSeconds,
});
export type Feedback = Static<typeof FeedbackSchema>;

export const OccurrenceSchema = Type.Object({
  id: Type.String(),
  title: Type.String(),
  host: Type.Optional(Type.String()),
  description: Type.Optional(Type.String({ description: "an event's own; a weekly show's is in `shows`, not on each occurrence" })),
  starts_at: UnixSeconds,
  ends_at: UnixSeconds,
  type: Type.Union([Type.Literal('show'), Type.Literal('event')]),
});
/** A show or one-off event, dated. */
export type Occurrence = Static<typeof OccurrenceSchema>;

export const ScheduleSchema = Type.Object({
  timezone: Type.String(),
  current: Nullable(OccurrenceSchema),
  shows: Type.Array(WeeklyShowSchema),
  upcoming: Type.Array(OccurrenceSchema),
});

/** The programme changed (staff edited a show, event or playlist): the new schedule and playlists, as the REST answers give them. */
export const ScheduleUpdatedSchema = Type.Object({
  revision: Type.Integer({ description: 'raised by every edit: a client holding this revision or a later one is current' }),
  updated_at: UnixSeconds,
  schedule: ScheduleSchema,
  playlists: Type.Array(PlaylistSchema),
});

export const RevenueTypeSchema = Type.Union([Type.Literal('donation'), Type.Literal('subscription'), Type.Literal('advertising'), Type.Literal('merchandise'), Type.Literal('other')]);
export type RevenueType = Static<typeof RevenueTypeSchema>;

export const RevenueEventSchema = Type.Object({
  id: Type.String(),
  type: RevenueTypeSchema,
  amount: Type.Integer(),
  currency: Type.String(),
  occurred_at: Type.Integer(),
  source: Type.Union([Type.String(), Type.Null()]),
  metadata: Type.Record(Type.String(), Type.Union([Type.String(), Type.Number(), Type.Boolean()])),
  recorded_at: Type.Integer(),
});
/** `amount` is in integer minor units. */
export type RevenueEvent = Static<typeof RevenueEventSchema>;
