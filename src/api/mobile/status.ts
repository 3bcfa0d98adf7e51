import { Type } from '@sinclair/typebox';
import { NowPlayingSchema, StatsSchema, StatusSchema } from '../response-schemas.js';
import { defineRoute, type RouteDefinition } from '../../http/route.js';
import { stationStateHandler } from '../prepared-response.js';
import { MOBILE_API_VERSION, nowPlayingAnswer, statsAnswer, statusAnswer } from '../station-answers.js';
import { CONDITIONAL_GET_HEADERS, STALE_HEADERS_DOC } from '../conditional-get.js';
import type { Clock } from '../../station/clock.js';
import type { StationService } from '../../station/station-service.js';

export { MOBILE_API_VERSION };

export function statusRoutes(station: StationService, clock: Clock): RouteDefinition[] {
  return [
    defineRoute({
      method: 'GET',
      path: '/api/mobile/status',
      budget: 'public',
      summary: 'Radio status: on air, listeners, stream address, uptime, quality',
      headers: CONDITIONAL_GET_HEADERS,
      answerHeaders: STALE_HEADERS_DOC,
      response: StatusSchema,
      envelope: { timestamp: Type.Integer(), api_version: Type.Literal(MOBILE_API_VERSION) },
      handler: stationStateHandler(station, clock, statusAnswer(station)),
    }),
    defineRoute({
      method: 'GET',
      path: '/api/mobile/stats',
      budget: 'public',
      summary: 'Listener statistics',
      headers: CONDITIONAL_GET_HEADERS,
      answerHeaders: STALE_HEADERS_DOC,
      response: StatsSchema,
      handler: stationStateHandler(station, clock, statsAnswer(station)),
    }),
    defineRoute({
      method: 'GET',
      path: '/api/mobile/nowplaying',
      budget: 'public',
      summary: 'The song on air and the recently played ones',
      headers: CONDITIONAL_GET_HEADERS,
      answerHeaders: STALE_HEADERS_DOC,
      response: NowPlayingSchema,
      handler: stationStateHandler(station, clock, nowPlayingAnswer(station)),
    }),
  ];
}
