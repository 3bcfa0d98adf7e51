import { Type } from '@sinclair/typebox';
import { OneOffEventSchema, PlaylistSchema, WeeklyShowSchema } from '../../config/schema.js';
import { AppError } from '../../errors.js';
import { defineRoute, ok, type RequestContext, type RouteDefinition } from '../../http/route.js';
import type { AuditTrail } from '../../station/audit-trail.js';
import type { ProgrammeChange, ProgrammeService } from '../../station/programme-service.js';
import type { Programme } from '../../station/programme.js';
import { actorOf } from './staff.js';

const ProgrammeSchema = Type.Object({
  generation: Type.String({ description: "the programme's lineage: a new one when a store that lost its data is seeded again; revisions compare within one" }),
  revision: Type.Integer({ description: 'raised by every edit' }),
  updated_at: Type.Integer({ description: 'Unix seconds of the last change' }),
  shows: Type.Array(WeeklyShowSchema),
  events: Type.Array(OneOffEventSchema),
  playlists: Type.Array(PlaylistSchema),
});

/** The programme as staff see it (which generations it superseded is the nodes' business). */
const shown = (p: Programme) => ({ generation: p.generation, revision: p.revision, updated_at: p.updated_at, shows: p.shows, events: p.events, playlists: p.playlists });

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
 * audit log under its author once it succeeded.
 */
export function programmeAdminRoutes(programme: ProgrammeService, audit: AuditTrail): RouteDefinition[] {
  const edit = async (change: ProgrammeChange, ctx: RequestContext) => {
    const next = await programme.change(change);
    const id = change.action === 'put' ? change.item.id : change.id;
    await audit.record(actorOf(ctx), 'schedule.change', `${change.kind} ${id}`, `${change.action}, revision ${next.revision}`);
    return ok(shown(next));
  };
  return [
    defineRoute({
      method: 'GET',
      path: '/api/admin/programme',
      summary: 'The programme as staff edit it: weekly shows, one-off events and playlists, with its revision',
      auth: 'admin',
      response: ProgrammeSchema,
      handler: async () => {
        await programme.refresh();
        return ok(shown(programme.programme()));
      },
    }),
    ...KINDS.flatMap(({ kind, schema, noun }) => [
      defineRoute({
        method: 'PUT',
        path: `/api/admin/programme/${kind}/:id`,
        summary: `Add or replace a ${noun}; every node and live client gets schedule:updated`,
        auth: 'admin',
        body: schema,
        response: ProgrammeSchema,
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
        errors: ['NOT_FOUND'],
        response: ProgrammeSchema,
        handler: (ctx) => edit({ action: 'delete', kind, id: ctx.params.id ?? '' }, ctx),
      }),
    ]),
  ];
}
