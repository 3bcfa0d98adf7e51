import { PlaylistsSchema, ScheduleSchema } from '../response-schemas.js';
import { defineRoute, type RouteDefinition } from '../../http/route.js';
import type { Clock } from '../../station/clock.js';
import type { ProgrammeService } from '../../station/programme-service.js';
import type { Programme } from '../../station/programme.js';
import { serializeSuccess } from '../../http/reply.js';
import { CONDITIONAL_GET_HEADERS, conditionalAnswer, PLAYLISTS_CACHE, SCHEDULE_CACHE, type PreparedBody } from '../conditional-get.js';
import { prepareBody, PreparedResponse } from '../prepared-response.js';

export function programmingRoutes(programme: ProgrammeService, clock: Clock): RouteDefinition[] {
  const { schedule } = programme;
  // Playlists change only with the programme: one body and one ETag per programme revision.
  let playlists: { of: Programme; answer: PreparedBody } | null = null;
  const playlistAnswer = () => {
    const current = programme.programme();
    if (playlists?.of !== current) playlists = { of: current, answer: prepareBody(serializeSuccess({ playlists: current.playlists }), PLAYLISTS_CACHE) };
    return playlists.answer;
  };
  // The schedule depends on the programme and the time: built at most once a second per revision.
  const scheduleAnswer = new PreparedResponse(SCHEDULE_CACHE, clock, (_: Programme) => ({ body: serializeSuccess(schedule.schedule()) }));
  return [
    defineRoute({
      method: 'GET',
      headers: CONDITIONAL_GET_HEADERS,
      path: '/api/mobile/schedule',
      summary: 'The show on air now, the weekly shows, and what comes in the next 7 days',
      response: ScheduleSchema,
      handler: (ctx) => scheduleAnswer.answer(ctx.headers['if-none-match'], programme.programme()),
    }),
    defineRoute({
      method: 'GET',
      headers: CONDITIONAL_GET_HEADERS,
      path: '/api/mobile/playlists',
      summary: 'The station playlists',
      response: PlaylistsSchema,
      handler: (ctx) => conditionalAnswer(ctx.headers['if-none-match'], playlistAnswer()),
    }),
  ];
}
