import { Type } from '@sinclair/typebox';
import { defineRoute, type RequestContext, type RouteDefinition, type RouteResult } from '../../http/route.js';
import { toUnixSeconds, type Clock } from '../../station/clock.js';
import type { StationState } from '../../station/model.js';
import { serializeSuccess } from '../../http/reply.js';
import { CONDITIONAL_GET_HEADERS, conditionalAnswer, STATION_STATE_CACHE } from '../conditional-get.js';
import { PreparedResponse } from '../prepared-response.js';
import type { RequestService } from '../../station/request-service.js';
import type { StationService } from '../../station/station-service.js';
import { songRequestPostRoute } from '../mobile/requests.js';
import { NowPlayingSchema, SongSchema, StreamStatsSchema } from '../response-schemas.js';

export const SONG_REQUEST_PHP = '/api/song-request.php';

/** The general `*.php` endpoints older station widgets and players call; same data as mobile. */
export function stationFeedRoutes(station: StationService, requests: RequestService, clock: Clock): RouteDefinition[] {
  const prepared = {
    currentSong: new PreparedResponse(STATION_STATE_CACHE),
    streamStats: new PreparedResponse(STATION_STATE_CACHE),
    nowPlaying: new PreparedResponse(STATION_STATE_CACHE),
  };
  // Like the mobile status routes: one body (and ETag) per state and second, 304 when unchanged.
  const answer = (ctx: RequestContext, cache: PreparedResponse, render: (state: StationState) => unknown) => {
    const ifNoneMatch = ctx.headers['if-none-match'];
    const build = (state: StationState): RouteResult =>
      conditionalAnswer(
        ifNoneMatch,
        cache.get(state, toUnixSeconds(clock()), () => serializeSuccess(render(state))),
      );
    const state = station.peek();
    return state ? build(state) : station.state().then(build);
  };
  return [
    defineRoute({
      method: 'GET',
      headers: CONDITIONAL_GET_HEADERS,
      path: '/api/current-song.php',
      summary: 'The song on air with the time it started; null before any song is known',
      response: Type.Union([Type.Intersect([SongSchema, Type.Object({ played_at: Type.Integer() })]), Type.Null()]),
      handler: (ctx) =>
        answer(ctx, prepared.currentSong, (state) => {
          const { now_playing } = station.nowPlayingOf(state);
          return now_playing ? { ...now_playing.song, played_at: now_playing.played_at } : null;
        }),
    }),
    defineRoute({
      method: 'GET',
      headers: CONDITIONAL_GET_HEADERS,
      path: '/api/stream-stats.php',
      summary: 'Current stream statistics',
      response: StreamStatsSchema,
      handler: (ctx) => answer(ctx, prepared.streamStats, (state) => station.streamStatsOf(state)),
    }),
    defineRoute({
      method: 'GET',
      headers: CONDITIONAL_GET_HEADERS,
      path: '/api/now-playing.php',
      summary: 'The now-playing object of the mobile API',
      response: NowPlayingSchema,
      handler: (ctx) => answer(ctx, prepared.nowPlaying, (state) => station.nowPlayingOf(state)),
    }),
    songRequestPostRoute(SONG_REQUEST_PHP, requests),
  ];
}
