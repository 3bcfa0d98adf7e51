import { SongRequestListSchema, SongRequestSchema } from '../response-schemas.js';
import { created, defineRoute, ok, type RouteDefinition, type RouteResult } from '../../http/route.js';
import { splicedSuccess } from '../spliced-answer.js';
import type { RequestService } from '../../station/request-service.js';
import type { RequesterWords } from '../../station/requester-name.js';
import { DEFAULT_REQUEST_LISTING, RequestsQuery, SongRequestBody, type RequestsListing } from '../../station/input/request-input.js';

/** The song-request POST route at any path (the mobile one, and later the general song-request.php). */
export function songRequestPostRoute(path: string, requests: RequestService): RouteDefinition {
  return defineRoute({
    method: 'POST',
    path,
    budget: 'public',
    // Counted by the request's own store step: on Redis one script with the delay and the queue, one round trip.
    budgetInHandler: true,
    summary: 'Request a song (200 with the existing request when that song is already pending)',
    body: SongRequestBody,
    response: SongRequestSchema,
    successStatus: 201,
    alsoSucceeds: { status: 200, description: 'That song is already pending: the existing request; nothing queued, the delay not used up' },
    errors: ['RECENTLY_PLAYED'],
    handler: async ({ body, client, strings, budget }) => {
      const result = await requests.submit(body, client, strings, budget ?? undefined);
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
      // A plain read: on Redis it goes out with the budget's script, one round trip.
      readAhead: true,
      summary: 'Song requests: pending ones first come first served (by priority when requests.listenerPriority is `ordered`, or as staff set it)',
      query: RequestsQuery,
      response: SongRequestListSchema,
      handler: ({ query, strings }) => requestListing(requests, query, strings),
    }),
    songRequestPostRoute('/api/mobile/requests', requests),
  ];
}

/**
 * A listing of song requests as both listings answer it (the public one and the staff one): the
 * stored texts spliced in as they are (SongRequestListSchema's `requests` and `count`).
 */
export function requestListing(requests: RequestService, query: RequestsListing, words: RequesterWords): Promise<RouteResult> {
  return requests
    .listText(query.status ?? DEFAULT_REQUEST_LISTING.status, query.limit ?? DEFAULT_REQUEST_LISTING.limit, words)
    .then((rows) => splicedSuccess(`{"requests":[${rows.join(',')}],"count":${rows.length}}`));
}
