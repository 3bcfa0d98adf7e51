import createClient from 'openapi-fetch';
import type { components, paths } from './generated/radio-hub-api.js';

// A small mobile app written against nothing but the OpenAPI document: its types come from
// openapi-typescript (generated/radio-hub-api.d.ts, kept equal to /api/openapi.json by
// generated-client.test.ts) and its calls go through openapi-fetch. If the document drifts from
// what the app relies on, this file stops type-checking.

type ErrorCode = components['schemas']['Error']['error']['code'];

export interface AppRun {
  online: boolean;
  apiVersion: string;
  budgetLeft: string | null;
  notModified: boolean;
  postedId: string;
  chatCount: number;
  refusedWith: ErrorCode | null;
  requestStatus: number;
  banLifted: boolean;
  sseEvents: readonly string[];
}

export async function runExampleApp(baseUrl: string, adminKey: string): Promise<AppRun> {
  const api = createClient<paths>({ baseUrl });

  const status = await api.GET('/api/mobile/status');
  if (!status.data) throw new Error(`status failed: ${status.response.status}`);
  const online: boolean = status.data.data.online;
  const apiVersion: string = status.data.api_version;

  // Fetch the playlists, then again with their ETag: the second answer is a 304 while nothing changed.
  const playlists = await api.GET('/api/mobile/playlists');
  const etag = playlists.response.headers.get('ETag') ?? '';
  const again = await api.GET('/api/mobile/playlists', { params: { header: { 'If-None-Match': etag } } });

  // Chat: post, then read the history back.
  const posted = await api.POST('/api/mobile/chat', { body: { nickname: 'Ana', message: 'Hola desde la app' } });
  if (!posted.data) throw new Error(`chat post failed: ${posted.response.status}`);
  const postedId: string = posted.data.data.id;
  const history = await api.GET('/api/mobile/chat', { params: { query: { limit: 10 } } });
  const chatCount: number = history.data?.data.count ?? 0;

  // A refusal a client can act on: an empty message is 400 with a code from the catalog.
  const refused = await api.POST('/api/mobile/chat', { body: { nickname: 'Ana', message: '' } });
  const refusedWith: ErrorCode | null = refused.error ? refused.error.error.code : null;

  // A song request, and the staff lifting a ban (the path parameter is typed: nickname or ip).
  const request = await api.POST('/api/mobile/requests', { body: { song_title: 'Oceans', artist: 'Hillsong United', requester_name: 'Ana' } });
  const admin = { Authorization: `Bearer ${adminKey}` };
  await api.POST('/api/admin/chat/bans', { body: { nickname: 'Troll', seconds: 60 }, headers: admin });
  const lifted = await api.DELETE('/api/admin/chat/bans/{kind}/{value}', { params: { path: { kind: 'nickname', value: 'troll' } }, headers: admin });

  // The SSE events the document lists, as the app would ask for them.
  const sseEvents: ReadonlyArray<NonNullable<paths['/api/live/events']['get']['parameters']['query']>['events']> = [['chat:message'], ['nowplaying', 'listeners']];

  return {
    online,
    apiVersion,
    budgetLeft: again.response.headers.get('RateLimit'),
    notModified: again.response.status === 304,
    postedId,
    chatCount,
    refusedWith,
    requestStatus: request.response.status,
    banLifted: lifted.data?.data.lifted ?? false,
    sseEvents: sseEvents.flatMap((events) => events ?? []),
  };
}
