import { Type } from '@sinclair/typebox';
import { defineRoute, ok, type RouteDefinition } from '../../http/route.js';
import type { StationService } from '../../station/station-service.js';
import { NowPlayingSchema, StatsSchema, StatusSchema } from '../response-schemas.js';

/**
 * Everything the staff console's dashboard shows in one answer (source health, listeners over
 * 24 hours, now playing), outside the mobile rate limit that listeners share.
 */
export function stationOverviewRoutes(station: StationService): RouteDefinition[] {
  return [
    defineRoute({
      method: 'GET',
      path: '/api/admin/station',
      summary: 'Status (source health), statistics (listeners over 24 hours) and now playing, for staff',
      auth: 'moderator',
      response: Type.Object({ status: StatusSchema, stats: StatsSchema, now_playing: NowPlayingSchema }),
      handler: async () => {
        const state = await station.state();
        return ok({ status: station.statusOf(state), stats: station.statsOf(state), now_playing: station.nowPlayingOf(state) });
      },
    }),
  ];
}
