import { Type } from '@sinclair/typebox';
import { NowPlayingSchema, StatsSchema, StatusSchema } from '../response-schemas.js';
import { serializeSuccess } from '../../http/reply.js';
import { defineRoute, type RequestContext, type RouteDefinition, type RouteResult } from '../../http/route.js';
import type { StationState } from '../../station/model.js';
import { PreparedResponse } from '../prepared-response.js';
import { CONDITIONAL_GET_HEADERS, conditionalAnswer, STATION_STATE_CACHE } from '../conditional-get.js';
import { toUnixSeconds, type Clock } from '../../station/clock.js';
import type { StationService } from '../../station/station-service.js';

export const MOBILE_API_VERSION = '1.0.0';

export function statusRoutes(station: StationService, clock: Clock): RouteDefinition[] {
  const caches = {
    status: new PreparedResponse(STATION_STATE_CACHE),
    stats: new PreparedResponse(STATION_STATE_CACHE),
    nowPlaying: new PreparedResponse(STATION_STATE_CACHE),
  };
  const answer = (ctx: RequestContext, cache: PreparedResponse, render: (state: StationState, second: number) => Buffer) => {
    const ifNoneMatch = ctx.headers['if-none-match'];
    const build = (state: StationState): RouteResult => {
      const second = toUnixSeconds(clock());
      return conditionalAnswer(
        ifNoneMatch,
        cache.get(state, second, () => render(state, second)),
      );
    };
    // Synchronous when the state is at hand: the edge then answers inside the uWS callback.
    const state = station.peek();
    return state ? build(state) : station.state().then(build);
  };
  return [
    defineRoute({
      method: 'GET',
      path: '/api/mobile/status',
      summary: 'Radio status: on air, listeners, stream address, uptime, quality',
      headers: CONDITIONAL_GET_HEADERS,
      response: StatusSchema,
      envelope: { timestamp: Type.Integer(), api_version: Type.Literal(MOBILE_API_VERSION) },
      handler: (ctx) => answer(ctx, caches.status, (state, second) => serializeSuccess(station.statusOf(state), { timestamp: second, api_version: MOBILE_API_VERSION })),
    }),
    defineRoute({
      method: 'GET',
      path: '/api/mobile/stats',
      summary: 'Listener statistics',
      headers: CONDITIONAL_GET_HEADERS,
      response: StatsSchema,
      handler: (ctx) => answer(ctx, caches.stats, (state) => serializeSuccess(station.statsOf(state))),
    }),
    defineRoute({
      method: 'GET',
      path: '/api/mobile/nowplaying',
      summary: 'The song on air and the recently played ones',
      headers: CONDITIONAL_GET_HEADERS,
      response: NowPlayingSchema,
      handler: (ctx) => answer(ctx, caches.nowPlaying, (state) => serializeSuccess(station.nowPlayingOf(state))),
    }),
  ];
}
