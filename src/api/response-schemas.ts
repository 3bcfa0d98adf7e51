import { Type, type TSchema } from '@sinclair/typebox';
import { WeeklyShowSchema } from '../config/schema.js';

// The shapes of what the API answers (API.md), for the OpenAPI document. Request schemas live
// next to their routes; these describe `data` of each success envelope.

const UnixSeconds = Type.Integer({ description: 'Unix time in seconds' });
const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

export const SongSchema = Type.Object({
  id: Type.String({ description: 'stable hash of artist and title' }),
  title: Type.String(),
  artist: Type.String(),
  album: Type.Optional(Type.String()),
  text: Type.String({ description: '"Artist - Title"' }),
  art: Type.Optional(Type.String()),
});

export const PlayedSongSchema = Type.Object({ song: SongSchema, played_at: UnixSeconds });

export const UptimeSchema = Type.Object({
  seconds: Type.Integer(),
  human: Type.String({ description: '<days>d <hours>h <minutes>m' }),
});

export const StatusSchema = Type.Object({
  online: Type.Boolean(),
  listeners: Type.Integer(),
  server_status: Type.Union([Type.Literal('online'), Type.Literal('offline'), Type.Literal('unknown')]),
  stream_url: Type.String(),
  website_url: Type.String(),
  uptime: UptimeSchema,
  quality: Type.String({ description: '<bitrate>kbps <codec>, or "unknown" before the first poll' }),
  genre: Type.String(),
});

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

export const ListenersSchema = Type.Object({ current: Type.Integer(), peak_today: Type.Integer() });

export const NowPlayingSchema = Type.Object({
  now_playing: Type.Union(
    [Type.Object({ song: SongSchema, played_at: UnixSeconds, elapsed: Type.Optional(Type.Integer()), duration: Type.Optional(Type.Integer()) }), Type.Null()],
    // The stale-song rule (docs/api.md): null while on air means live with no known title.
    { description: 'null before any song, and once the song is older than stream.staleSongSeconds with no newer title (online true: live, title unknown)' },
  ),
  song_history: Type.Array(PlayedSongSchema),
  listeners: ListenersSchema,
  online: Type.Boolean(),
});

export const ChatMessageSchema = Type.Object({
  id: Type.String({ description: '"<ms>-<seq>", increasing' }),
  nickname: Type.String(),
  message: Type.String(),
  timestamp: UnixSeconds,
});

export const ChatListSchema = Type.Object({ messages: Type.Array(ChatMessageSchema), count: Type.Integer() });

export const SongRequestSchema = Type.Object({
  id: Type.String(),
  song_title: Type.String(),
  artist: Type.String(),
  requester_name: Type.String(),
  message: Nullable(Type.String()),
  priority: Type.Union([Type.Literal('low'), Type.Literal('normal'), Type.Literal('high')]),
  status: Type.Union([Type.Literal('pending'), Type.Literal('played'), Type.Literal('rejected')]),
  created_at: UnixSeconds,
});

export const SongRequestListSchema = Type.Object({ requests: Type.Array(SongRequestSchema), count: Type.Integer() });

export const FeedbackSchema = Type.Object({
  id: Type.String(),
  type: Type.String(),
  content: Nullable(Type.String()),
  rating: Nullable(Type.Integer()),
  song: Nullable(SongSchema),
  created_at: UnixSeconds,
});

const OccurrenceSchema = Type.Object({
  id: Type.String(),
  title: Type.String(),
  host: Type.Optional(Type.String()),
  description: Type.Optional(Type.String()),
  starts_at: UnixSeconds,
  ends_at: UnixSeconds,
  type: Type.Union([Type.Literal('show'), Type.Literal('event')]),
});

export const ScheduleSchema = Type.Object({
  timezone: Type.String(),
  current: Nullable(OccurrenceSchema),
  shows: Type.Array(WeeklyShowSchema),
  upcoming: Type.Array(OccurrenceSchema),
});

export const PlaylistsSchema = Type.Object({
  playlists: Type.Array(
    Type.Object({
      id: Type.String(),
      name: Type.String(),
      description: Type.Optional(Type.String()),
      genre: Type.Optional(Type.String()),
      song_count: Type.Optional(Type.Integer()),
      url: Type.Optional(Type.String()),
    }),
  ),
});

export const HealthSchema = Type.Object({ status: Type.String(), store: Type.Optional(Type.String()) });

export const ErrorEnvelopeSchema = Type.Object({
  success: Type.Literal(false),
  error: Type.Object({
    code: Type.String(),
    message: Type.String(),
    details: Type.Optional(Type.Array(Type.Object({ field: Type.String(), message: Type.String() }))),
  }),
});
