import { Type } from '@sinclair/typebox';
import { defineRoute, ok, type RouteDefinition } from '../../http/route.js';
import { quoted, type AuditTrail } from '../../station/audit-trail.js';
import type { RequestService } from '../../station/request-service.js';
import { requestListing } from '../mobile/requests.js';
import { RequestsQuery, ResolveRequestBody } from '../../station/input/request-input.js';
import { SongRequestListSchema, SongRequestSchema } from '../response-schemas.js';
import { actorOf } from './staff.js';

/** Staff actions on the song request queue (the console's played / rejected buttons), and the queue itself outside the public budget. */
export function requestQueueAdminRoutes(requests: RequestService, audit: AuditTrail): RouteDefinition[] {
  return [
    defineRoute({
      method: 'GET',
      path: '/api/admin/requests',
      summary: 'Song requests for staff, as the mobile listing gives them (pending: high priority first, then oldest), without spending the public budget',
      auth: 'moderator',
      query: RequestsQuery,
      response: SongRequestListSchema,
      handler: ({ query, strings }) => requestListing(requests, query, strings),
    }),
    defineRoute({
      method: 'PATCH',
      errors: ['NOT_FOUND'],
      path: '/api/admin/requests/:id',
      summary: "Set a pending song request's priority, or mark it played or rejected; live clients get request:updated (and request:played)",
      auth: 'moderator',
      params: { id: Type.String({ minLength: 1, description: 'the id of the song request' }) },
      body: ResolveRequestBody,
      response: SongRequestSchema,
      handler: async (ctx) => {
        const id = ctx.params.id ?? '';
        const { priority, status } = ctx.body;
        // The body has at least one of them (minProperties), so one of these runs.
        let request = priority ? await requests.setPriority(id, priority, ctx.strings) : null;
        if (request && priority) await audit.record(actorOf(ctx), 'request.priority', `request ${request.id}: ${quoted(request.song_title)} by ${quoted(request.artist)} → ${priority}`);
        if (status) {
          request = await requests.resolve(id, status, ctx.strings);
          await audit.record(actorOf(ctx), status === 'played' ? 'request.played' : 'request.rejected', `request ${request.id}: ${quoted(request.song_title)} by ${quoted(request.artist)}`);
        }
        return ok(request);
      },
    }),
  ];
}
