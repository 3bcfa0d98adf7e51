import { Type } from '@sinclair/typebox';
import { defineRoute, type RouteDefinition } from '../../http/route.js';
import type { Clock } from '../../station/clock.js';
import { CONDITIONAL_GET_HEADERS, STALE_HEADERS_DOC } from '../conditional-get.js';
import { stationStateHandler } from '../prepared-response.js';
import { currentSongAnswer, nowPlayingAnswer, streamStatsAnswer } from '../station-answers.js';
import type { RequestService } from '../../station/request-service.js';
import type { StationService } from '../../station/station-service.js';
import { songRequestPostRoute } from '../mobile/requests.js';
import { NowPlayingSchema, SongSchema, StreamStatsSchema } from '../response-schemas.js';

export const SONG_REQUEST_PHP = '/api/song-request.php';

/** The general `*.php` endpoints older station widgets and players call; same data as mobile. */
export function stationFeedRoutes(station: StationService, requests: RequestService, clock: Clock): RouteDefinition[] {
  return [
    defineRoute({
      method: 'GET',
      headers: CONDITIONAL_GET_HEADERS,
      answerHeaders: STALE_HEADERS_DOC,
      path: '/api/current-song.php',
      summary: 'The song on air with the time it started (and its duration, when the playout system or the reader says); null before any song is known',
      response: Type.Union([Type.Intersect([SongSchema, Type.Object({ played_at: Type.Integer(), duration: Type.Optional(Type.Integer({ description: 'seconds' })) })]), Type.Null()]),
      handler: stationStateHandler(station, clock, currentSongAnswer(station)),
    }),
    defineRoute({
      method: 'GET',
      headers: CONDITIONAL_GET_HEADERS,
      answerHeaders: STALE_HEADERS_DOC,
      path: '/api/stream-stats.php',
      summary: 'Current stream statistics',
      response: StreamStatsSchema,
      handler: stationStateHandler(station, clock, streamStatsAnswer(station)),
    }),
    defineRoute({
      method: 'GET',
      headers: CONDITIONAL_GET_HEADERS,
      answerHeaders: STALE_HEADERS_DOC,
      path: '/api/now-playing.php',
      summary: 'The now-playing object of the mobile API',
      response: NowPlayingSchema,
      handler: stationStateHandler(station, clock, nowPlayingAnswer(station)),
    }),
    songRequestPostRoute(SONG_REQUEST_PHP, requests),
  ];
}
