import { Type } from '@sinclair/typebox';
import { defineRoute, ok, type RouteDefinition } from '../../http/route.js';
import type { RequestService } from '../../station/request-service.js';
import { SongRequestSchema } from '../response-schemas.js';

export const ResolveRequestBody = Type.Object(
  {
    status: Type.Optional(Type.Union([Type.Literal('played'), Type.Literal('rejected')], { description: 'what became of the request' })),
    priority: Type.Optional(
      Type.Union([Type.Literal('low'), Type.Literal('normal'), Type.Literal('high')], {
        description: "staff's priority: shown, and it ranks the pending queue (a listener's ranks only with requests.listenerPriority `ordered`)",
      }),
    ),
  },
  { minProperties: 1 },
);

/** Staff actions on the song request queue (the console's played / rejected buttons). */
export function requestQueueAdminRoutes(requests: RequestService): RouteDefinition[] {
  return [
    defineRoute({
      method: 'PATCH',
      errors: ['NOT_FOUND'],
      path: '/api/admin/requests/:id',
      summary: "Set a pending song request's priority, or mark it played or rejected; live clients get request:updated (and request:played)",
      auth: 'admin',
      body: ResolveRequestBody,
      response: SongRequestSchema,
      handler: async ({ params, body, log }) => {
        let request = body.priority ? await requests.setPriority(params.id ?? '', body.priority) : undefined;
        if (body.status) request = await requests.resolve(params.id ?? '', body.status);
        log.info({ requestId: request!.id, status: request!.status, priority: request!.priority }, 'song request changed by staff');
        return ok(request);
      },
    }),
  ];
}
