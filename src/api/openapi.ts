import { Type, type TSchema } from '@sinclair/typebox';
import { defineRoute, documentAnswer, type RouteDefinition } from '../http/route.js';
import { ERROR_CATALOG, type ErrorCode } from '../errors.js';
import { ASYNCAPI_PATH } from './asyncapi.js';
import { ErrorEnvelopeSchema } from './response-schemas.js';
import { headersOf, RESPONSE_HEADERS, type HeaderTraits } from './openapi-headers.js';
import { IDEMPOTENCY_KEY_PARAMETER } from './idempotency-key.js';
import { IF_MATCH_PARAMETER } from './if-match.js';
import { STRIPE_SIGNATURE_PARAMETER } from './general/payment-webhook.js';
import { portableSchema } from './openapi-portable.js';

export const OPENAPI_PATH = '/api/openapi.json';

interface DocumentInfo {
  title: string;
  version: string;
  /** Who answers for the API: the station, and its website. */
  contact: { name: string; url?: string };
  /** The budget a route spends (route.ts `budget`, as the route table compiled it), if any. */
  budgetOf: (route: RouteDefinition) => { readonly per: string; readonly writesHeaders: boolean } | undefined;
}

// TypeBox schemas carry symbol keys; a JSON round trip leaves the plain JSON Schema.
const plain = (schema: TSchema): Record<string, unknown> => JSON.parse(JSON.stringify(schema)) as Record<string, unknown>;

/** A `formBody` route's optional form: the query's fields but the key, which is read before any body (route.ts). */
function formRequestBody(query: TSchema) {
  // No field is required of the form alone: the query may carry any of them.
  const { required: _required, ...schema } = plain(query) as { properties?: Record<string, unknown>; required?: string[] };
  const { key: _key, ...properties } = schema.properties ?? {};
  return {
    required: false,
    description: 'the same fields as the query, when the software posts a form (the body wins a field given in both)',
    content: { 'application/x-www-form-urlencoded': { schema: { ...schema, properties } } },
  };
}

/** What an error answer of these codes is: the envelope, with the code one of them. */
const errorSchema = (codes: readonly ErrorCode[]) => ({
  allOf: [{ $ref: '#/components/schemas/Error' }, { type: 'object', properties: { error: { type: 'object', properties: { code: { enum: [...codes] } } } } }],
});

interface Response {
  description: string;
  headers?: Record<string, unknown>;
  content?: unknown;
}
type Responses = Record<string, Response>;

/**
 * The documented answers of one operation being put together: error codes gather per status
 * (one answer per status, e.g. "RECENTLY_PLAYED: That song was played recently."), the
 * unforeseen fault is `default`, and each answer gets its headers last.
 */
class ResponseSet {
  private readonly responses: Responses = {};
  private readonly codes = new Map<string, ErrorCode[]>();

  success(status: string, response: Response): void {
    this.responses[status] = response;
  }

  errors(codes: readonly ErrorCode[], description?: string): void {
    const byStatus = new Map<string, ErrorCode[]>();
    for (const code of codes) {
      const status = String(ERROR_CATALOG[code].status);
      byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
    }
    for (const [status, group] of byStatus) {
      const all = [...new Set([...(this.codes.get(status) ?? []), ...group])];
      this.codes.set(status, all);
      const text = description ?? group.map((code) => `${code}: ${ERROR_CATALOG[code].message}`).join(' Or ');
      const old = this.responses[status];
      this.responses[status] = { description: old ? `${old.description} Or ${text}` : text, content: { 'application/json': { schema: errorSchema(all) } } };
    }
  }

  /** All answers, `default` (500) last, each with the headers it carries; `extra` (name → meaning) on the success answers that may carry them. */
  finish(traits: HeaderTraits, extra: Readonly<Record<string, string>> = {}): Responses {
    const all: Responses = {
      ...this.responses,
      default: { description: 'INTERNAL (500): a fault on our side, in the same envelope', content: { 'application/json': { schema: errorSchema(['INTERNAL']) } } },
    };
    const codes = (status: string) => (status === 'default' ? (['INTERNAL'] as const) : (this.codes.get(status) ?? []));
    const optional = Object.fromEntries(Object.entries(extra).map(([name, description]) => [name, { description, required: false, schema: { type: 'string' } }]));
    const headers = (status: string) => ({ ...headersOf(status, traits, codes(status)), ...(status.startsWith('2') || status === '304' ? optional : {}) });
    return Object.fromEntries(Object.entries(all).map(([status, response]) => [status, { ...response, headers: headers(status) }]));
  }
}

function operationId(route: RouteDefinition): string {
  const words = route.path.split(/[^A-Za-z0-9]+/).filter(Boolean);
  return route.method.toLowerCase() + words.map((w) => w[0]!.toUpperCase() + w.slice(1)).join('');
}

function tagOf(path: string): string {
  // The live feed is the apps' (and the pages') too: it sits with the mobile API.
  if (path.startsWith('/api/mobile/') || path.startsWith('/api/live/')) return 'mobile';
  if (path.startsWith('/api/admin/')) return 'admin';
  if (path.startsWith('/api/')) return 'general';
  return 'operations';
}

/** What a header's value can be: visible ASCII and spaces (anything else is not read). */
const HEADER_TEXT = { type: 'string', pattern: '^[\\x20-\\x7e]*$' };
const IF_NONE_MATCH = {
  name: 'If-None-Match',
  in: 'header',
  required: false,
  description: 'ETags of earlier answers, comma-separated, or `*`: 304 while one is current (a value that names none is no match)',
  schema: HEADER_TEXT,
};

/** The resume point an EventSource sends when it reconnects (a stream that reads `last-event-id`). */
const LAST_EVENT_ID = {
  name: 'Last-Event-ID',
  in: 'header',
  required: false,
  description: 'resume after this event id (EventSource sends it when it reconnects)',
  schema: HEADER_TEXT,
};

/** Who may call a staff route of each role (http/admin-auth.ts decides; this says it). */
const WHO_MAY: Record<NonNullable<RouteDefinition['auth']>, string> = {
  admin: "Admins only: an admin's key as a Bearer token (any other role gets 403).",
  moderator: "Staff: a moderator's or an admin's key as a Bearer token (an automation key gets 403).",
  automation: "A playout system: an automation key (or an admin's) as a Bearer token; a moderator's gets 403.",
};

/** What a reader of one operation needs that its schemas do not say: who may call it, what it costs, how to cache it, the envelope. */
function describe(route: RouteDefinition, traits: HeaderTraits): string {
  const members = ['success', ...Object.keys(route.envelope ?? {}), 'data'].map((m) => `\`${m}\``).join(', ');
  return [
    `${route.summary}.`,
    route.about ?? '',
    route.auth ? WHO_MAY[route.auth] : 'Public.',
    traits.budgeted
      ? "Spends one request of the client's budget (RateLimit headers on every answer)."
      : traits.staffWrite
        ? "Spends one of the staff member's writes (`rateLimit.staffActions`; RateLimit headers once the key is known)."
        : 'Spends no request budget.',
    traits.cacheable ? 'Send If-None-Match with the ETag of an earlier answer: 304 while it is current.' : '',
    route.produces
      ? `A success answers ${route.produces.mediaTypes.join(' or ')}, not JSON; an error the error envelope.`
      : route.bare
        ? 'The answer is the document itself, without the envelope.'
        : `A success answers exactly ${members}; an error the error envelope.`,
  ]
    .filter(Boolean)
    .join(' ');
}

function operation(route: RouteDefinition, info: DocumentInfo) {
  const pathParameters = [...route.path.matchAll(/:(\w+)/g)].map((m) => {
    const schema = plain(route.params?.[m[1]!] ?? Type.String({ minLength: 1 }));
    return { name: m[1]!, in: 'path', required: true, description: typeof schema.description === 'string' ? schema.description : `the ${m[1]}`, schema };
  });
  const query = route.query ? plain(route.query) : null;
  const queryProperties = (query?.properties ?? {}) as Record<string, Record<string, unknown>>;
  const required = new Set((query?.required as string[] | undefined) ?? []);
  const queryParameters = Object.entries(queryProperties).map(([name, schema]) => {
    const list = route.queryLists?.[name];
    return {
      name,
      in: 'query',
      required: required.has(name),
      ...(schema.description ? { description: schema.description } : {}),
      ...(list ? { style: 'form', explode: false, schema: plain(list) } : { schema }),
    };
  });
  // The envelope is exact: nothing beside `success`, the route's own members and `data`.
  const success = route.bare
    ? (route.response ?? Type.Object({}))
    : Type.Object({ success: Type.Literal(true), ...(route.envelope ?? {}), data: route.response ?? Type.Unknown() }, { additionalProperties: false });
  const successContent = route.produces
    ? Object.fromEntries(route.produces.mediaTypes.map((type) => [type, { schema: { type: 'string', contentMediaType: type, description: route.produces!.description } }]))
    : { 'application/json': { schema: plain(success) } };
  const budget = info.budgetOf(route);
  const traits: HeaderTraits = {
    budgeted: budget?.per === 'client' && budget.writesHeaders,
    cacheable: route.headers?.includes('if-none-match') ?? false,
    staffWrite: budget?.per === 'staff',
  };
  const headerParameters = [
    ...(traits.cacheable ? [IF_NONE_MATCH] : []),
    ...(route.headers?.includes('idempotency-key') ? [IDEMPOTENCY_KEY_PARAMETER] : []),
    ...(route.headers?.includes('if-match') ? [IF_MATCH_PARAMETER] : []),
    ...(route.headers?.includes('stripe-signature') ? [STRIPE_SIGNATURE_PARAMETER] : []),
    ...(route.headers?.includes('last-event-id') ? [LAST_EVENT_ID] : []),
  ];
  const parameters = [...pathParameters, ...queryParameters, ...headerParameters];
  const set = new ResponseSet();
  set.success(String(route.successStatus ?? 200), { description: 'Success', content: successContent });
  if (traits.cacheable) set.success('304', { description: 'Not Modified: the ETag sent in If-None-Match is current (no body; counts against the budget)' });
  if (route.alsoSucceeds) set.success(String(route.alsoSucceeds.status), { description: route.alsoSucceeds.description, content: successContent });
  if (route.query) set.errors(['VALIDATION_FAILED'], 'VALIDATION_FAILED: `details` names each broken rule');
  if (route.body || route.rawBody) set.errors(['VALIDATION_FAILED', 'INVALID_JSON'], 'VALIDATION_FAILED or INVALID_JSON: `details` names each broken rule');
  if (route.auth) set.errors(['UNAUTHORIZED'], "UNAUTHORIZED: the staff member's Bearer key is missing or wrong");
  if (route.auth) set.errors(['FORBIDDEN'], "FORBIDDEN: a staff key of another role (a moderator's on an admin-only route, a playout system's anywhere but its push)");
  if (route.body || route.rawBody) {
    set.errors(['PAYLOAD_TOO_LARGE']);
    set.errors(['UNSUPPORTED_MEDIA_TYPE'], 'UNSUPPORTED_MEDIA_TYPE: send application/json');
  }
  if (traits.budgeted) set.errors(['RATE_LIMITED'], 'RATE_LIMITED: the budget is spent; Retry-After says when it refills');
  if (route.auth) set.errors(['RATE_LIMITED'], 'RATE_LIMITED: too many wrong admin keys from this client (the right key too, until Retry-After)');
  if (traits.staffWrite) set.errors(['RATE_LIMITED'], "RATE_LIMITED (reason staff_actions): the staff member's writes of the window are spent, whatever address they come from");
  set.errors(route.errors ?? []);
  set.errors(['UNAVAILABLE'], 'UNAVAILABLE: a backing service is down; Retry-After says when to try again');
  return {
    operationId: operationId(route),
    summary: route.summary,
    description: describe(route, traits),
    tags: [tagOf(route.path)],
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(route.body ? { requestBody: { required: true, content: { 'application/json': { schema: plain(route.body) } } } } : {}),
    ...(route.formBody && route.query ? { requestBody: formRequestBody(route.query) } : {}),
    ...(route.rawBody ? { requestBody: { required: true, description: route.rawBody.description, content: { 'application/json': { schema: { type: 'object' } } } } } : {}),
    responses: set.finish(traits, route.answerHeaders),
    // Public operations say so (an empty list), rather than leaving the reader to guess.
    security: route.auth ? [{ adminKey: [] }] : [],
  };
}

/** OpenAPI 3.1, generated from the same TypeBox schemas the routes validate with. */
export function buildOpenApiDocument(routes: readonly RouteDefinition[], info: DocumentInfo) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    if (route.undocumented) continue;
    const path = route.path.replace(/:(\w+)/g, '{$1}');
    (paths[path] ??= {})[route.method.toLowerCase()] = portableSchema(operation(route, info));
  }
  return {
    openapi: '3.1.0',
    info: {
      title: info.title,
      version: info.version,
      description: `Public mobile API, general endpoints and administration of the radio station hub. The live API (Socket.IO namespace /live, the SSE feed, webhooks) is described by the AsyncAPI document at ${ASYNCAPI_PATH} (a path on this server, also named by \`x-asyncapi\`).`,
      contact: info.contact,
    },
    'x-asyncapi': ASYNCAPI_PATH,
    servers: [{ url: '/' }],
    // Alphabetical, as readers scan them.
    tags: [
      { name: 'admin', description: "Administration, with a staff member's Bearer key (moderator, admin, or automation for the now-playing push)" },
      { name: 'general', description: 'The general *.php endpoints: feeds for websites, song requests, payments and revenue' },
      { name: 'mobile', description: 'The public mobile API: station state, chat, song requests, programming, feedback (rate limited per client)' },
      { name: 'operations', description: 'Health checks and the documents describing this API' },
    ],
    paths,
    components: {
      securitySchemes: {
        adminKey: {
          type: 'http',
          scheme: 'bearer',
          description: "ADMIN_API_KEY (the first admin) or a staff member's own key; a key of another role than the route's gets 403 (an admin's is taken everywhere)",
        },
      },
      schemas: { Error: plain(ErrorEnvelopeSchema) },
      headers: RESPONSE_HEADERS,
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
