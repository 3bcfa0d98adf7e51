import { Type } from '@sinclair/typebox';
import { defineRoute, ok, type RouteDefinition } from '../../http/route.js';
import type { StationService } from '../../station/station-service.js';
import { NowPlayingSchema, StatsSchema, StatusSchema } from '../response-schemas.js';

const SourceStatusSchema = Type.Object({
  name: Type.String({ description: 'the source as configured (`stream` for the single-source keys)' }),
  primary: Type.Boolean(),
  reachable: Type.Boolean({ description: 'its status page answered at the last poll' }),
  online: Type.Boolean({ description: 'a source is connected on it' }),
  listeners: Type.Integer(),
  last_good_poll: Type.Union([Type.Integer(), Type.Null()], { description: 'Unix seconds of the last poll it answered' }),
  error: Type.Union([Type.String(), Type.Null()], { description: 'why the last poll of it failed' }),
});

/**
 * Everything the staff console's dashboard shows in one answer (each source's health, listeners
 * over 24 hours, now playing), outside the mobile rate limit that listeners share.
 */
export function stationOverviewRoutes(station: StationService): RouteDefinition[] {
  return [
    defineRoute({
      method: 'GET',
      path: '/api/admin/station',
      summary: "Status, each stream source's health (up or down, listeners, last good poll), statistics (listeners over 24 hours) and now playing, for staff",
      auth: 'moderator',
      response: Type.Object({ status: StatusSchema, stats: StatsSchema, now_playing: NowPlayingSchema, sources: Type.Array(SourceStatusSchema) }),
      handler: async () => {
        const state = await station.state();
        return ok({ status: station.statusOf(state), stats: station.statsOf(state), now_playing: station.nowPlayingOf(state), sources: state.sources ?? [] });
      },
    }),
  ];
}
