import { PlaylistsSchema, ScheduleSchema } from '../response-schemas.js';
import { defineRoute, ok, type RouteDefinition } from '../../http/route.js';
import type { Playlist } from '../../config/schema.js';
import type { ScheduleService } from '../../station/schedule-service.js';

export function programmingRoutes(schedule: ScheduleService, playlists: readonly Playlist[]): RouteDefinition[] {
  const playlistData = { playlists };
  return [
    defineRoute({
      method: 'GET',
      path: '/api/mobile/schedule',
      summary: 'The show on air now, the weekly shows, and what comes in the next 7 days',
      response: ScheduleSchema,
      handler: () => ok(schedule.schedule()),
    }),
    defineRoute({
      method: 'GET',
      path: '/api/mobile/playlists',
      summary: 'The station playlists',
      response: PlaylistsSchema,
      handler: () => ok(playlistData),
    }),
  ];
}
