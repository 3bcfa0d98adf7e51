import { Type } from '@sinclair/typebox';
import { defineRoute, ok, type RouteDefinition } from '../../http/route.js';
import type { AuditTrail } from '../../station/audit-trail.js';
import type { RequestService } from '../../station/request-service.js';
import { RequestsQuery } from '../mobile/requests.js';
import { SongRequestListSchema, SongRequestSchema } from '../response-schemas.js';
import { actorOf } from './staff.js';

export const ResolveRequestBody = Type.Object({
  status: Type.Union([Type.Literal('played'), Type.Literal('rejected')], { description: 'what became of the request' }),
});

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
      handler: async ({ query }) => {
        const list = await requests.list(query.status ?? 'pending', query.limit ?? 20);
        return ok({ requests: list, count: list.length });
      },
    }),
    defineRoute({
      method: 'PATCH',
      errors: ['NOT_FOUND'],
      path: '/api/admin/requests/:id',
      summary: 'Mark a pending song request played or rejected; live clients get request:updated',
      auth: 'moderator',
      params: { id: Type.String({ minLength: 1, description: 'the id of the song request' }) },
      body: ResolveRequestBody,
      response: SongRequestSchema,
      handler: async (ctx) => {
        const resolved = await requests.resolve(ctx.params.id ?? '', ctx.body.status);
        await audit.record(actorOf(ctx), resolved.status === 'played' ? 'request.played' : 'request.rejected', `request ${resolved.id}: “${resolved.song_title}” by ${resolved.artist}`);
        return ok(resolved);
      },
    }),
  ];
}
