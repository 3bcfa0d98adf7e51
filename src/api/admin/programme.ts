import { Type, type Static } from '@sinclair/typebox';
import { OneOffEventSchema, PlaylistSchema, WeeklyShowSchema } from '../../config/schema.js';
import { AppError } from '../../errors.js';
import { defineRoute, ok, type RequestContext, type RouteDefinition, type RouteResult } from '../../http/route.js';
import type { AuditTrail } from '../../station/audit-trail.js';
import type { ProgrammeChange, ProgrammeService } from '../../station/programme-service.js';
import { programmeTag, type Programme } from '../../station/programme.js';
import { CONDITIONAL_GET_HEADERS, noneMatchHits } from '../conditional-get.js';
import { IF_MATCH_HEADERS, startedFrom } from '../if-match.js';
import { actorOf } from './staff.js';

const ProgrammeSchema = Type.Object({
  generation: Type.String({ description: "the programme's lineage: a new one when a store that lost its data is seeded again; revisions compare within one" }),
  revision: Type.Integer({ description: 'raised by every edit' }),
  updated_at: Type.Integer({ description: 'Unix seconds of the last change' }),
  updated_by: Type.Union([Type.String(), Type.Null()], {
    description: 'the staff member whose edit made this revision; null when none did (the config file, or a node writing its copy back)',
  }),
  timezone: Type.String({ description: "station.timezone: the zone the shows' times are in, and the console's date and time fields" }),
  shows: Type.Array(WeeklyShowSchema),
  events: Type.Array(OneOffEventSchema),
  playlists: Type.Array(PlaylistSchema),
});
/** The programme as staff read it (the console imports this type). */
export type ProgrammeAnswer = Static<typeof ProgrammeSchema>;

/** The programme as staff see it (which generations it superseded is the nodes' business). */
const shown = (p: Programme, timezone: string) => ({
  generation: p.generation,
  revision: p.revision,
  updated_at: p.updated_at,
  updated_by: p.updated_by ?? null,
  timezone,
  shows: p.shows,
  events: p.events,
  playlists: p.playlists,
});

/** Staff read it and edit it: a browser keeps its copy but asks again each time (304 while it is current). */
const PROGRAMME_CACHE = 'private, no-cache';
/** The programme's answers, with its revision as their validator: an edit sends it back in If-Match. */
const answered = (p: Programme, timezone: string) => ({ ...ok(shown(p, timezone)), headers: { ETag: programmeTag(p), 'Cache-Control': PROGRAMME_CACHE } }) as RouteResult;
const ETAG_ANSWER = { ETag: 'the revision this answer holds: send it in If-Match with the next edit', 'Cache-Control': '`private, no-cache`' };

/** Each editable kind: its path segment (the programme's field) and the schema the config file validates it with. */
const KINDS = [
  { kind: 'shows', schema: WeeklyShowSchema, noun: 'weekly show (times local to station.timezone)' },
  { kind: 'events', schema: OneOffEventSchema, noun: 'one-off event' },
  { kind: 'playlists', schema: PlaylistSchema, noun: 'playlist' },
] as const;

/**
 * The programme, edited live by staff: a show, event or playlist put (added or replaced) or
 * deleted by id, validated with the config file's schemas and rules, published to every node and
 * client as `schedule:updated`. Each edit is one call of ProgrammeService.change, written to the
 * audit log under its author once it succeeded. The programme's ETag is its revision: an edit
 * that sends it in If-Match is refused (412, naming who saved since) when the programme moved on;
 * an edit without If-Match is applied to whatever is stored (the last write wins), as before.
 */
export function programmeAdminRoutes(programme: ProgrammeService, audit: AuditTrail): RouteDefinition[] {
  const edit = async (change: ProgrammeChange, ctx: RequestContext) => {
    const actor = actorOf(ctx);
    const next = await programme.change(change, { name: actor.name, startedFrom: startedFrom(ctx.headers['if-match'], programmeTag) });
    const id = change.action === 'put' ? change.item.id : change.id;
    await audit.record(actor, 'schedule.change', `${change.kind} ${id}`, `${change.action}, revision ${next.revision}`);
    return answered(next, programme.timezone);
  };
  return [
    defineRoute({
      method: 'GET',
      path: '/api/admin/programme',
      summary: 'The programme as staff edit it: weekly shows, one-off events and playlists, with its revision',
      auth: 'admin',
      headers: CONDITIONAL_GET_HEADERS,
      response: ProgrammeSchema,
      handler: async (ctx) => {
        await programme.refresh();
        const current = programme.programme();
        const tag = programmeTag(current);
        if (noneMatchHits(ctx.headers['if-none-match'], tag)) return { kind: 'not-modified', status: 304, headers: { ETag: tag, 'Cache-Control': PROGRAMME_CACHE } };
        return answered(current, programme.timezone);
      },
    }),
    ...KINDS.flatMap(({ kind, schema, noun }) => [
      defineRoute({
        method: 'PUT',
        path: `/api/admin/programme/${kind}/:id`,
        summary: `Add or replace a ${noun}; every node and live client gets schedule:updated`,
        auth: 'admin',
        headers: IF_MATCH_HEADERS,
        body: schema,
        response: ProgrammeSchema,
        answerHeaders: ETAG_ANSWER,
        errors: ['PRECONDITION_FAILED'],
        handler: (ctx) => {
          const item = ctx.body as { id: string };
          if (item.id !== ctx.params.id) throw new AppError('VALIDATION_FAILED', { details: [{ field: 'id', message: 'must be the id in the path' }] });
          return edit({ action: 'put', kind, item } as ProgrammeChange, ctx);
        },
      }),
      defineRoute({
        method: 'DELETE',
        path: `/api/admin/programme/${kind}/:id`,
        summary: `Delete a ${noun}; every node and live client gets schedule:updated`,
        auth: 'admin',
        headers: IF_MATCH_HEADERS,
        errors: ['NOT_FOUND', 'PRECONDITION_FAILED'],
        response: ProgrammeSchema,
        answerHeaders: ETAG_ANSWER,
        handler: (ctx) => edit({ action: 'delete', kind, id: ctx.params.id ?? '' }, ctx),
      }),
    ]),
  ];
}
