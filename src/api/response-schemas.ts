import { Type } from '@sinclair/typebox';
import { ERROR_CATALOG, ERROR_REASONS, type ErrorCode, type ErrorReason } from '../errors.js';
import { ChatPageSchema, SongRequestSchema } from '../station/shapes.js';

// The shapes of what the API answers (API.md), for the OpenAPI document. What the domain hands
// out (songs, now playing, requests, …) is declared once in station/shapes.ts and re-exported here;
// the envelopes and lists below belong to the REST door. Request schemas live next to their routes.

export {
  ChatMessageSchema,
  FeedbackSchema,
  ListenersSchema,
  NowPlayingSchema,
  PlayedSongSchema,
  ScheduleSchema,
  SongRequestSchema,
  SongSchema,
  StatsSchema,
  StatusSchema,
  StreamStatsSchema,
  UptimeSchema,
} from '../station/shapes.js';

export const ChatListSchema = ChatPageSchema;

export const SongRequestListSchema = Type.Object({ requests: Type.Array(SongRequestSchema), count: Type.Integer() });

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

/** The error envelope, exact: a code of the catalog, why (when a client can act on it), its message, and the broken rules when there are any. */
export const ErrorEnvelopeSchema = Type.Object(
  {
    success: Type.Literal(false),
    error: Type.Object(
      {
        code: Type.Unsafe<ErrorCode>({ type: 'string', enum: Object.keys(ERROR_CATALOG), description: 'what kind of failure (docs/api.md, "API at a glance")' }),
        reason: Type.Optional(
          Type.Unsafe<ErrorReason>({
            type: 'string',
            enum: Object.keys(ERROR_REASONS),
            description:
              'why, beside the code, for a client to act on without reading `message`: ' +
              Object.entries(ERROR_REASONS)
                .map(([reason, code]) => `\`${reason}\` (${code})`)
                .join(', '),
          }),
        ),
        message: Type.String({ description: "in the language of `Accept-Language` among en and es, else the station's" }),
        details: Type.Optional(Type.Array(Type.Object({ field: Type.String(), message: Type.String() }, { additionalProperties: false }))),
      },
      { additionalProperties: false },
    ),
  },
  { additionalProperties: false },
);
