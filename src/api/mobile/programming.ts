import { PlaylistsSchema, ScheduleSchema } from '../response-schemas.js';
import { defineRoute, type RouteDefinition } from '../../http/route.js';
import type { Playlist } from '../../config/schema.js';
import type { Clock } from '../../station/clock.js';
import type { ScheduleService } from '../../station/schedule-service.js';
import { serializeSuccess } from '../../http/reply.js';
import { CONDITIONAL_GET_HEADERS, conditionalAnswer, PLAYLISTS_CACHE, SCHEDULE_CACHE } from '../conditional-get.js';
import { prepareBody, PreparedResponse } from '../prepared-response.js';

export function programmingRoutes(schedule: ScheduleService, playlists: readonly Playlist[], clock: Clock): RouteDefinition[] {
  // Playlists come from the configuration: one body and one ETag for the life of the process.
  const playlistAnswer = prepareBody(serializeSuccess({ playlists }), PLAYLISTS_CACHE);
  // The schedule depends only on the time: built at most once a second.
  const scheduleAnswer = new PreparedResponse(SCHEDULE_CACHE, clock, (_: ScheduleService) => ({ body: serializeSuccess(schedule.schedule()) }));
  return [
    defineRoute({
      method: 'GET',
      headers: CONDITIONAL_GET_HEADERS,
      path: '/api/mobile/schedule',
      summary: 'The show on air now, the weekly shows, and what comes in the next 7 days',
      response: ScheduleSchema,
      handler: (ctx) => scheduleAnswer.answer(ctx.headers['if-none-match'], schedule),
    }),
    defineRoute({
      method: 'GET',
      headers: CONDITIONAL_GET_HEADERS,
      path: '/api/mobile/playlists',
      summary: 'The station playlists',
      response: PlaylistsSchema,
      handler: (ctx) => conditionalAnswer(ctx.headers['if-none-match'], playlistAnswer),
    }),
  ];
}
