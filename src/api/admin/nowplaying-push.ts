import { Type, type Static } from '@sinclair/typebox';
import { defineRoute, ok, type RequestContext, type RouteDefinition } from '../../http/route.js';
import { Text } from '../../validation/text-rules.js';
import type { StationService } from '../../station/station-service.js';
import type { PushedTrack } from '../../station/track-push.js';
import type { LiveInfo, NextTrack } from '../../station/track-details.js';
import { toUnixSeconds, type Clock } from '../../station/clock.js';
import { NowPlayingSchema } from '../response-schemas.js';

// The playout system's push (issue 29): the track it starts, with what only it knows (album,
// duration, artwork, next up, who is live). JSON for what can send a body and a header
// (Liquidsoap), the same fields in the query for what can only call a URL (RadioDJ, mAirList,
// SAM Broadcaster: docs/polling.md gives their templates). The bounds are the song request's
// (200 characters a name) and a day for a duration: nothing a real track exceeds.

/** https, or a path on this hub ("/art/…"; never "//host", which is another origin). `javascript:` and `data:` are neither. */
// Playout systems fill a template from whatever tags a file has: an empty field is one not given.
const ARTWORK = Type.String({ maxLength: 2048, pattern: '^$|^(https://[^\\s/]+(/[^\\s]*)?|/([^/\\s][^\\s]*)?)$', description: 'an https URL, or a path on this hub' });
const NAME = (description: string) => Text({ minLength: 1, maxLength: 200, description });
const DURATION = Type.Integer({ minimum: 0, maximum: 86_400, description: 'whole seconds (0: not known)' });
const STARTED_AT = Type.Integer({ minimum: 0, maximum: 4_102_444_800, description: 'Unix seconds the track started (default: when the push arrives)' });
const ISRC = Type.String({ pattern: '^$|^[A-Za-z]{2}-?[A-Za-z0-9]{3}-?[0-9]{2}-?[0-9]{5}$', description: 'ISO 3901, with or without dashes' });
const OPTIONAL_NAME = (description: string) => Text({ maxLength: 200, description });

export const NowPlayingPushBody = Type.Object(
  {
    artist: Text({ maxLength: 200, description: 'may be empty (a jingle, a sermon)' }),
    title: NAME('the track'),
    album: Type.Optional(OPTIONAL_NAME('album')),
    label: Type.Optional(OPTIONAL_NAME('record label')),
    duration: Type.Optional(DURATION),
    artwork_url: Type.Optional(ARTWORK),
    isrc: Type.Optional(ISRC),
    started_at: Type.Optional(STARTED_AT),
    next: Type.Optional(
      Type.Array(
        Type.Object({ artist: Text({ maxLength: 200 }), title: NAME('the track'), duration: Type.Optional(DURATION), artwork_url: Type.Optional(ARTWORK) }, { additionalProperties: false }),
        { maxItems: 5, description: 'what plays next, first first (up to 5)' },
      ),
    ),
    live: Type.Optional(
      Type.Object(
        { is_live: Type.Boolean(), streamer_name: Type.Optional(OPTIONAL_NAME("the presenter's name")) },
        { additionalProperties: false, description: 'whether a presenter is live' },
      ),
    ),
  },
  { additionalProperties: false },
);

/** The same push as query parameters, for software that can only call a URL; `key` for software that cannot send a header. */
export const NowPlayingPushQuery = Type.Object({
  artist: Text({ maxLength: 200, description: 'the artist of the track that starts' }),
  title: NAME('the track'),
  album: Type.Optional(Text({ maxLength: 200, description: 'its album' })),
  label: Type.Optional(Text({ maxLength: 200, description: 'its record label' })),
  duration: Type.Optional(DURATION),
  artwork_url: Type.Optional(ARTWORK),
  isrc: Type.Optional(ISRC),
  started_at: Type.Optional(STARTED_AT),
  next_artist: Type.Optional(Text({ maxLength: 200, description: 'the artist of what plays next' })),
  next_title: Type.Optional(Text({ maxLength: 200, description: 'what plays next (one track in this form)' })),
  next_duration: Type.Optional(DURATION),
  streamer_name: Type.Optional(Text({ maxLength: 200, description: 'a presenter is live under this name' })),
  key: Type.Optional(
    Type.String({ maxLength: 200, description: 'the automation key, where the software cannot send an Authorization header (redacted from every log line; accepted on this route only)' }),
  ),
});

type PushBody = Static<typeof NowPlayingPushBody>;
type PushQuery = Static<typeof NowPlayingPushQuery>;

/** Empty text from a template whose variable was blank counts as not given. */
const given = (text: string | undefined) => (text === undefined || text === '' ? null : text);
/** 0 is what a template gives for a duration it does not know. */
const known = (seconds: number | undefined) => (seconds === undefined || seconds === 0 ? null : seconds);

function fromBody(body: PushBody, now: number): PushedTrack {
  const next: NextTrack[] = (body.next ?? []).map((track) => ({ artist: track.artist, title: track.title, duration: known(track.duration), artworkUrl: given(track.artwork_url) }));
  const live: LiveInfo | null = body.live ? { isLive: body.live.is_live, streamerName: given(body.live.streamer_name), since: null } : null;
  return {
    artist: body.artist,
    title: body.title,
    details: { album: given(body.album), label: given(body.label), duration: known(body.duration), artworkUrl: given(body.artwork_url), isrc: given(body.isrc) },
    startedAt: body.started_at ?? now,
    next,
    live,
  };
}

function fromQuery(query: PushQuery, now: number): PushedTrack {
  return fromBody(
    {
      ...query,
      next: query.next_title ? [{ artist: query.next_artist ?? '', title: query.next_title, ...(query.next_duration === undefined ? {} : { duration: query.next_duration }) }] : undefined,
      live: query.streamer_name ? { is_live: true, streamer_name: query.streamer_name } : undefined,
    },
    now,
  );
}

export interface NowPlayingPushOptions {
  station: StationService;
  clock: Clock;
}

/** POST /api/admin/nowplaying (JSON) and POST /api/admin/nowplaying/url (the query form). */
export function nowPlayingPushRoutes({ station, clock }: NowPlayingPushOptions): RouteDefinition[] {
  const push = async (ctx: RequestContext, track: (now: number) => PushedTrack) => {
    return ok(await station.applyPush(track(toUnixSeconds(clock()))));
  };
  return [
    defineRoute({
      method: 'POST',
      path: '/api/admin/nowplaying',
      summary:
        "A playout system's push of the track it starts (album, duration, artwork, next up, who is live): answers the resulting now playing, which live clients, SSE and webhooks get too",
      auth: 'automation',
      // Its own per-client budget: a playout system is no listener, and spends no staff writes.
      budget: 'nowPlayingPush',
      errors: ['RATE_LIMITED'],
      body: NowPlayingPushBody,
      response: NowPlayingSchema,
      handler: (ctx) => push(ctx, (now) => fromBody(ctx.body, now)),
    }),
    // A POST, never a GET: a push changes the station, and a GET (or its HEAD) may be prefetched or repeated.
    defineRoute({
      method: 'POST',
      path: '/api/admin/nowplaying/url',
      summary:
        'The now-playing push as query parameters or the same fields as an application/x-www-form-urlencoded body, for playout software that can only call a URL or post a form (RadioDJ, mAirList, SAM Broadcaster; docs/polling.md); the key may travel as `key` in the query here, and only here',
      auth: 'automation',
      keyInQuery: true,
      budget: 'nowPlayingPush',
      errors: ['RATE_LIMITED'],
      query: NowPlayingPushQuery,
      formBody: true,
      response: NowPlayingSchema,
      handler: (ctx) => push(ctx, (now) => fromQuery(ctx.query, now)),
    }),
  ];
}
