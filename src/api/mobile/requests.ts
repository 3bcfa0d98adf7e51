import { SongRequestListSchema, SongRequestSchema } from '../response-schemas.js';
import { Type } from '@sinclair/typebox';
import { created, defineRoute, ok, type RouteDefinition } from '../../http/route.js';
import type { RequestService } from '../../station/request-service.js';
import { LimitParam, Text } from '../../validation/text-rules.js';

export const RequestsQuery = Type.Object({
  status: Type.Optional(
    Type.Union([Type.Literal('pending'), Type.Literal('played'), Type.Literal('rejected'), Type.Literal('all')], {
      description: 'default pending',
    }),
  ),
  limit: Type.Optional(LimitParam(50)),
});

export const SongRequestBody = Type.Object({
  song_title: Text({ minLength: 1, maxLength: 200 }),
  artist: Text({ minLength: 1, maxLength: 200 }),
  requester_name: Type.Optional(Text({ maxLength: 50, description: 'default Anonymous' })),
  message: Type.Optional(Text({ maxLength: 500 })),
  priority: Type.Optional(Type.Union([Type.Literal('low'), Type.Literal('normal'), Type.Literal('high')], { description: 'default normal' })),
});

/** The song-request POST route at any path (the mobile one, and later the general song-request.php). */
export function songRequestPostRoute(path: string, requests: RequestService): RouteDefinition {
  return defineRoute({
    method: 'POST',
    path,
    budget: 'public',
    summary: 'Request a song (200 with the existing request when that song is already pending)',
    body: SongRequestBody,
    response: SongRequestSchema,
    successStatus: 201,
    alsoSucceeds: { status: 200, description: 'That song is already pending: the existing request; nothing queued, the delay not used up' },
    errors: ['RECENTLY_PLAYED'],
    handler: async ({ body, client, strings }) => {
      const result = await requests.submit(body, client, strings);
      return result.created ? created(result.request) : ok(result.request);
    },
  });
}

export function requestRoutes(requests: RequestService): RouteDefinition[] {
  return [
    defineRoute({
      method: 'GET',
      path: '/api/mobile/requests',
      budget: 'public',
      summary: 'Song requests: pending ones first come first served (by priority when requests.listenerPriority is `ordered`, or as staff set it)',
      query: RequestsQuery,
      response: SongRequestListSchema,
      handler: async ({ query }) => {
        const list = await requests.list(query.status ?? 'pending', query.limit ?? 20);
        return ok({ requests: list, count: list.length });
      },
    }),
    songRequestPostRoute('/api/mobile/requests', requests),
  ];
}
