import { Type } from '@sinclair/typebox';
import { NowPlayingSchema, StatsSchema, StatusSchema } from '../response-schemas.js';
import { defineRoute, ok, type RouteDefinition } from '../../http/route.js';
import { toUnixSeconds, type Clock } from '../../station/clock.js';
import type { StationService } from '../../station/station-service.js';

export const MOBILE_API_VERSION = '1.0.0';

export function statusRoutes(station: StationService, clock: Clock): RouteDefinition[] {
  return [
    defineRoute({
      method: 'GET',
      path: '/api/mobile/status',
      summary: 'Radio status: on air, listeners, stream address, uptime, quality',
      response: StatusSchema,
      envelope: { timestamp: Type.Integer(), api_version: Type.Literal(MOBILE_API_VERSION) },
      handler: async () => ok(await station.status(), { timestamp: toUnixSeconds(clock()), api_version: MOBILE_API_VERSION }),
    }),
    defineRoute({
      method: 'GET',
      path: '/api/mobile/stats',
      summary: 'Listener statistics',
      response: StatsSchema,
      handler: async () => ok(await station.stats()),
    }),
    defineRoute({
      method: 'GET',
      path: '/api/mobile/nowplaying',
      summary: 'The song on air and the recently played ones',
      response: NowPlayingSchema,
      handler: async () => ok(await station.nowPlaying()),
    }),
  ];
}
