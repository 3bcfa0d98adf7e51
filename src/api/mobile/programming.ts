import { PlaylistsSchema, ScheduleSchema } from '../response-schemas.js';
import { defineRoute, type RouteDefinition } from '../../http/route.js';
import type { Clock } from '../../station/clock.js';
import type { ProgrammeService } from '../../station/programme-service.js';
import type { Programme } from '../../station/programme.js';
import { serializeSuccess } from '../../http/reply.js';
import { CONDITIONAL_GET_HEADERS, conditionalAnswer, PLAYLISTS_CACHE, SCHEDULE_CACHE, STALE_HEADERS_DOC, type PreparedBody } from '../conditional-get.js';
import { prepareBody, PreparedResponse } from '../prepared-response.js';

export function programmingRoutes(programme: ProgrammeService, clock: Clock): RouteDefinition[] {
  const { schedule } = programme;
  // Playlists change only with the programme: one body and one ETag per programme revision.
  // While the store has not confirmed the programme (it is away), both answers say how old it is.
  let playlists: { of: Programme; stale: number | null; answer: PreparedBody } | null = null;
  const playlistAnswer = () => {
    const current = programme.programme();
    const stale = programme.staleSeconds();
    if (playlists?.of !== current || playlists.stale !== stale)
      playlists = { of: current, stale, answer: prepareBody(serializeSuccess({ playlists: current.playlists }), PLAYLISTS_CACHE, undefined, stale) };
    return playlists.answer;
  };
  // The schedule depends on the programme and the time: built at most once a second per revision.
  const scheduleAnswer = new PreparedResponse(SCHEDULE_CACHE, clock, (_: Programme) => ({ body: serializeSuccess(schedule.schedule()) }));
  return [
    defineRoute({
      method: 'GET',
      headers: CONDITIONAL_GET_HEADERS,
      path: '/api/mobile/schedule',
      budget: 'public',
      summary: 'The show on air now, the weekly shows, and what comes in the next 7 days',
      response: ScheduleSchema,
      answerHeaders: STALE_HEADERS_DOC,
      handler: (ctx) => scheduleAnswer.answer(ctx.headers['if-none-match'], programme.programme(), programme.staleSeconds()),
    }),
    defineRoute({
      method: 'GET',
      headers: CONDITIONAL_GET_HEADERS,
      path: '/api/mobile/playlists',
      budget: 'public',
      summary: 'The station playlists',
      response: PlaylistsSchema,
      answerHeaders: STALE_HEADERS_DOC,
      handler: (ctx) => conditionalAnswer(ctx.headers['if-none-match'], playlistAnswer()),
    }),
  ];
}
