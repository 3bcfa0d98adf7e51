import { Type } from '@sinclair/typebox';
import { defineRoute, ok, type RouteDefinition } from '../../http/route.js';
import type { RequestService } from '../../station/request-service.js';
import { SongRequestSchema } from '../response-schemas.js';

export const ResolveRequestBody = Type.Object({
  status: Type.Union([Type.Literal('played'), Type.Literal('rejected')], { description: 'what became of the request' }),
});

/** Staff actions on the song request queue (the console's played / rejected buttons). */
export function requestQueueAdminRoutes(requests: RequestService): RouteDefinition[] {
  return [
    defineRoute({
      method: 'PATCH',
      errors: ['NOT_FOUND'],
      path: '/api/admin/requests/:id',
      summary: 'Mark a pending song request played or rejected; live clients get request:updated',
      auth: 'admin',
      params: { id: Type.String({ minLength: 1, description: 'the id of the song request' }) },
      body: ResolveRequestBody,
      response: SongRequestSchema,
      handler: async ({ params, body, log }) => {
        const resolved = await requests.resolve(params.id ?? '', body.status);
        log.info({ requestId: resolved.id, status: resolved.status }, 'song request resolved by staff');
        return ok(resolved);
      },
    }),
  ];
}
