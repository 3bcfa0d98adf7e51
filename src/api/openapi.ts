import { Type, type TSchema } from '@sinclair/typebox';
import { defineRoute, documentAnswer, type RouteDefinition } from '../http/route.js';
import { ERROR_CATALOG, type ErrorCode } from '../errors.js';
// The SSE feed's path as the AsyncAPI document names it: a door does not import another door (live/).
import { ASYNCAPI_PATH, SSE_PATH } from './asyncapi.js';
import { ErrorEnvelopeSchema } from './response-schemas.js';

export const OPENAPI_PATH = '/api/openapi.json';

interface DocumentInfo {
  title: string;
  version: string;
  /** Paths whose requests count against a rate limit (they may answer 429). */
  rateLimitedPrefixes: readonly string[];
}

// TypeBox schemas carry symbol keys; a JSON round trip leaves the plain JSON Schema.
const plain = (schema: TSchema): Record<string, unknown> => JSON.parse(JSON.stringify(schema)) as Record<string, unknown>;

const errorResponse = (description: string) => ({ description, content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } });

/** One response per status for the route's own errors: "RECENTLY_PLAYED: That song was played recently." */
function routeErrors(codes: readonly ErrorCode[]): Record<string, unknown> {
  const byStatus = new Map<number, string[]>();
  for (const code of codes) {
    const { status, message } = ERROR_CATALOG[code];
    byStatus.set(status, [...(byStatus.get(status) ?? []), `${code}: ${message}`]);
  }
  return Object.fromEntries([...byStatus].map(([status, lines]) => [String(status), errorResponse(lines.join(' Or '))]));
}

function operationId(route: RouteDefinition): string {
  const words = route.path.split(/[^A-Za-z0-9]+/).filter(Boolean);
  return route.method.toLowerCase() + words.map((w) => w[0]!.toUpperCase() + w.slice(1)).join('');
}

function tagOf(path: string): string {
  if (path.startsWith('/api/mobile/')) return 'mobile';
  if (path.startsWith('/api/admin/')) return 'admin';
  if (path.startsWith('/api/')) return 'general';
  return 'operations';
}

const CACHE_HEADERS = {
  ETag: { description: 'strong validator of exactly these bytes', schema: { type: 'string' } },
  'Cache-Control': { description: 'public, with a max-age suited to the resource', schema: { type: 'string' } },
};
const IF_NONE_MATCH = { name: 'If-None-Match', in: 'header', required: false, description: 'an ETag from an earlier answer: 304 when still current', schema: { type: 'string' } };

/** The SSE feed is served beside the route table (a stream, not a JSON answer); documented here. */
const SSE_OPERATION = {
  operationId: 'getApiLiveEvents',
  summary: 'Server-Sent Events: nowplaying, listeners, status, request:new (and chat:message/chat:deleted when asked); payloads in the AsyncAPI document',
  tags: ['mobile'],
  parameters: [
    { name: 'events', in: 'query', required: false, description: 'comma-separated event names', schema: { type: 'string' } },
    { name: 'lastEventId', in: 'query', required: false, description: 'resume after this event id (or the Last-Event-ID header)', schema: { type: 'string' } },
    { name: 'Last-Event-ID', in: 'header', required: false, schema: { type: 'string' } },
  ],
  responses: {
    '200': { description: 'an open text/event-stream', content: { 'text/event-stream': { schema: { type: 'string' } } } },
    '400': errorResponse('VALIDATION_FAILED: an unknown event name'),
    '429': errorResponse('RATE_LIMITED: too many live connections from this client, or streams opened too often (Retry-After)'),
    '503': errorResponse('UNAVAILABLE: the event history or station state cannot be read now (Redis away); Retry-After says when to try again'),
    default: errorResponse('INTERNAL (500): a fault on our side, in the same envelope'),
  },
  security: [],
};

function operation(route: RouteDefinition, info: DocumentInfo) {
  const pathParameters = [...route.path.matchAll(/:(\w+)/g)].map((m) => ({ name: m[1]!, in: 'path', required: true, schema: { type: 'string' } }));
  const query = route.query ? plain(route.query) : null;
  const queryProperties = (query?.properties ?? {}) as Record<string, Record<string, unknown>>;
  const required = new Set((query?.required as string[] | undefined) ?? []);
  const queryParameters = Object.entries(queryProperties).map(([name, schema]) => ({
    name,
    in: 'query',
    required: required.has(name),
    ...(schema.description ? { description: schema.description } : {}),
    schema,
  }));
  const success = route.bare ? (route.response ?? Type.Object({})) : Type.Object({ success: Type.Literal(true), ...(route.envelope ?? {}), data: route.response ?? Type.Unknown() });
  const successContent = { 'application/json': { schema: plain(success) } };
  const cacheable = route.headers?.includes('if-none-match') ?? false;
  const responses: Record<string, unknown> = {
    [String(route.successStatus ?? 200)]: { description: 'Success', content: successContent, ...(cacheable ? { headers: CACHE_HEADERS } : {}) },
  };
  if (cacheable) responses['304'] = { description: 'Not Modified: the ETag sent in If-None-Match is current (no body; counts against the budget)', headers: CACHE_HEADERS };
  if (route.alsoSucceeds) responses[String(route.alsoSucceeds.status)] = { description: route.alsoSucceeds.description, content: successContent };
  if (route.query || route.body || route.rawBody) responses['400'] = errorResponse('VALIDATION_FAILED or INVALID_JSON: `details` names each broken rule');
  if (route.auth === 'admin') responses['401'] = errorResponse('UNAUTHORIZED: the admin Bearer key is missing or wrong');
  if (route.body || route.rawBody) {
    responses['413'] = errorResponse('PAYLOAD_TOO_LARGE');
    responses['415'] = errorResponse('UNSUPPORTED_MEDIA_TYPE: send application/json');
  }
  if (info.rateLimitedPrefixes.some((prefix) => route.path.startsWith(prefix))) responses['429'] = errorResponse('RATE_LIMITED: see Retry-After');
  if (route.auth === 'admin') responses['429'] = errorResponse('RATE_LIMITED: too many wrong admin keys from this client (the right key too, until Retry-After)');
  Object.assign(responses, routeErrors(route.errors ?? []));
  responses['503'] = errorResponse('UNAVAILABLE: a backing service is down; see Retry-After');
  responses.default = errorResponse('INTERNAL (500): a fault on our side, in the same envelope');
  return {
    operationId: operationId(route),
    summary: route.summary,
    tags: [tagOf(route.path)],
    ...(pathParameters.length + queryParameters.length > 0 || cacheable ? { parameters: [...pathParameters, ...queryParameters, ...(cacheable ? [IF_NONE_MATCH] : [])] } : {}),
    ...(route.body ? { requestBody: { required: true, content: { 'application/json': { schema: plain(route.body) } } } } : {}),
    ...(route.rawBody ? { requestBody: { required: true, description: route.rawBody.description, content: { 'application/json': { schema: { type: 'object' } } } } } : {}),
    responses,
    // Public operations say so (an empty list), rather than leaving the reader to guess.
    security: route.auth === 'admin' ? [{ adminKey: [] }] : [],
  };
}

/** OpenAPI 3.1, generated from the same TypeBox schemas the routes validate with. */
export function buildOpenApiDocument(routes: readonly RouteDefinition[], info: DocumentInfo) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    if (route.undocumented) continue;
    const path = route.path.replace(/:(\w+)/g, '{$1}');
    (paths[path] ??= {})[route.method.toLowerCase()] = operation(route, info);
  }
  paths[SSE_PATH] = { get: SSE_OPERATION };
  return {
    openapi: '3.1.0',
    info: {
      title: info.title,
      version: info.version,
      description: `Public mobile API, general endpoints and administration of the radio station hub. The live API (Socket.IO namespace /live, the SSE feed, webhooks) is described by the AsyncAPI document at ${ASYNCAPI_PATH}.`,
    },
    externalDocs: { description: 'The live API as an AsyncAPI 3 document', url: ASYNCAPI_PATH },
    'x-asyncapi': ASYNCAPI_PATH,
    servers: [{ url: '/' }],
    tags: [
      { name: 'mobile', description: 'The public mobile API: station state, chat, song requests, programming, feedback (rate limited per client)' },
      { name: 'general', description: 'The general *.php endpoints: feeds for websites, song requests, payments and revenue' },
      { name: 'admin', description: 'Administration, with the admin Bearer key' },
      { name: 'operations', description: 'Health checks and the documents describing this API' },
    ],
    paths,
    components: {
      securitySchemes: { adminKey: { type: 'http', scheme: 'bearer', description: 'ADMIN_API_KEY' } },
      schemas: { Error: plain(ErrorEnvelopeSchema) },
    },
  };
}

/** GET /api/openapi.json; the document is built once, on first request, from the final route table. */
export function openApiRoute(routes: () => readonly RouteDefinition[], info: DocumentInfo): RouteDefinition {
  let document: ReturnType<typeof buildOpenApiDocument> | null = null;
  return defineRoute({
    method: 'GET',
    path: OPENAPI_PATH,
    summary: 'This API as an OpenAPI 3.1 document',
    bare: true,
    response: Type.Object({ openapi: Type.String(), info: Type.Object({}), paths: Type.Object({}) }, { description: 'the document itself, without the envelope' }),
    handler: () => documentAnswer((document ??= buildOpenApiDocument(routes(), info))),
  });
}
