import type { Static, TSchema } from '@sinclair/typebox';
import type { Logger } from 'pino';
import type { ErrorCode } from '../errors.js';
import type { StaffMember } from './admin-auth.js';
import type { StaffRole } from '../config/staff-identity.js';
import type { ServerCatalog } from '../messages/en.js';
import type { StreamAnswer } from './stream-reply.js';
import type { BudgetDecision } from './exchange.js';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestContext<Query = unknown, Body = unknown> {
  readonly requestId: string;
  /** Client address after the trustProxy rule (for logs). */
  readonly ip: string;
  /** The client every limit and ban counts against (IPv4 address or IPv6 network). */
  readonly client: string;
  readonly method: HttpMethod;
  readonly path: string;
  /** The request headers the route declared in `headers`, lower-case names. */
  readonly headers: Readonly<Record<string, string>>;
  /** Path parameters (`:id` in the route path), URL-decoded. */
  readonly params: Readonly<Record<string, string>>;
  readonly query: Query;
  readonly body: Body;
  /** The body's bytes as received, for a route that declares `rawBody` (a signed payload is verified on these). */
  readonly rawBody?: Buffer;
  readonly log: Logger;
  /** The server's words in the client's language (Accept-Language among ours, else the station's). */
  readonly strings: ServerCatalog;
  /** The client has gone (checked between the reads of a slow handler, so nothing is read for nobody). */
  readonly aborted: boolean;
  /** Who signed in, on staff routes (`auth`); null on public ones. */
  readonly staff: StaffMember | null;
  /** The route's budget, on a route whose handler spends it (`budgetInHandler`); null on every other. */
  readonly budget: HandlerBudget | null;
}

/**
 * A route's budget left to its handler (`budgetInHandler`): the handler counts it in a store step
 * of its own (one round trip with its work) before it acts, and tells the edge the verdict.
 */
export interface HandlerBudget {
  /** The budget's name (as the route names it). */
  readonly name: string;
  /** Its verdict, once counted: the answer carries its RateLimit headers; past it the handler throws the budget's refusal. */
  counted(decision: BudgetDecision): void;
}

/** What a handler answers; reply.ts is the one place that turns it into bytes. */
export type RouteResult =
  /** `data` inside the success envelope, with optional extra envelope members. */
  | { kind: 'data'; status: 200 | 201; data: unknown; envelope?: Record<string, unknown>; headers?: Record<string, string> }
  /** A whole JSON document without the envelope (openapi.json). */
  | { kind: 'document'; status: 200; document: unknown; headers?: Record<string, string> }
  /** A body serialised beforehand with `serializeSuccess` (hot answers cached per state and second). */
  | { kind: 'prepared'; status: 200 | 201; body: Buffer; headers?: Record<string, string>; /** When not JSON (static files). */ contentType?: string }
  /** 304: the client's copy (If-None-Match) is current; no body, the validators again. */
  | { kind: 'not-modified'; status: 304; headers: Record<string, string> }
  /** A long-lived answer (Server-Sent Events): the edge writes the head, then the session owns the connection (http/stream-reply.ts). */
  | ({ kind: 'stream' } & StreamAnswer);

export interface RouteDefinition<Q extends TSchema | undefined = TSchema | undefined, B extends TSchema | undefined = TSchema | undefined> {
  method: HttpMethod;
  path: string;
  summary: string;
  /** What a reader of the OpenAPI document needs beyond the summary and what the fields below imply (a stream's events, its own limits). */
  about?: string;
  /** Left out of the OpenAPI document (static files, which are not part of the API). */
  undocumented?: true;
  /**
   * Staff only: the Authorization header must carry a staff key (http/admin-auth.ts). `admin`: an
   * admin's key; `moderator`: a moderator's or an admin's (chat and the request queue);
   * `automation`: a playout system's or an admin's (the now-playing push). Any other role is 403.
   */
  auth?: StaffRole;
  /**
   * The staff key may also come as the `key` query parameter (when there is no Authorization
   * header): for playout software that can only call a URL. This route only; the edge never logs
   * a query, so the key stays out of every log line.
   */
  keyInQuery?: true;
  /**
   * The budget each request spends (its name in the limits' map, `budgets` in the config): the
   * edge spends it and writes its RateLimit headers, and past it answers its 429. A client's
   * budget is spent before anything else on a public route (probing and bad bodies cost too), after
   * the key check on a staff route; a staff member's once the key is known. Absent: a staff write
   * spends the server's `staffWriteBudget`, anything else nothing; null: nothing at all.
   */
  budget?: string | null;
  /**
   * The handler only reads (no side effect anywhere): while a budget counted in the store is
   * spent, the handler starts beside it, so on Redis the budget and the read travel in one round
   * trip. Past the budget its answer is dropped and the refusal answers, as for any route. GET
   * routes with no key only (checked at start-up).
   */
  readAhead?: true;
  /**
   * The handler spends the route's budget itself, first, inside its own store step (`ctx.budget`),
   * so on Redis the budget and the write are one round trip. The edge still refuses before reading
   * anything a client whose refusal it remembers (certain until the window resets: no body parsed,
   * no store asked), and spends the budget itself when the handler is never reached (a bad body)
   * or did not count it, so every request costs one, as with the edge's spend. Public routes with
   * a body only (checked at start-up).
   */
  budgetInHandler?: true;
  /** Request headers the handler reads (lower-case); only these are copied out of uWS. */
  headers?: readonly string[];
  /** Schemas of the path parameters (`:kind`), for the OpenAPI document; the handler checks them (a wrong one is 404). */
  params?: Readonly<Record<string, TSchema>>;
  query?: Q;
  /**
   * Query fields that carry a comma-separated list, as the list's schema (an array), for the
   * OpenAPI document (`style: form, explode: false`); the query schema takes them as text and
   * the handler splits and checks them.
   */
  queryLists?: Readonly<Record<string, TSchema>>;
  /**
   * The query's fields may come instead (or as well: the body's win) as an
   * `application/x-www-form-urlencoded` body, for software that posts a form. The key stays in
   * the header or the query: it is checked before any body is read.
   */
  formBody?: true;
  body?: B;
  /**
   * The body is handed over unparsed (`ctx.rawBody`), up to `limitBytes` (instead of
   * `server.bodyLimitBytes`), still only as application/json: for payloads whose signature
   * covers their exact bytes (a payment provider's webhook). `description` documents it.
   */
  rawBody?: { limitBytes: number; description: string };
  /** The `data` of a success, for the OpenAPI document. */
  response?: TSchema;
  /** The success status, for the OpenAPI document (default 200). */
  successStatus?: 200 | 201;
  /** Extra envelope members of the success answer (status: timestamp, api_version). */
  envelope?: Record<string, TSchema>;
  /** Another success status with the same `data`, for the OpenAPI document (a 201 route's repeat: 200). */
  alsoSucceeds?: { status: 200; description: string };
  /** Headers a success (and its 304) may carry beyond the cache headers, name → when, for the OpenAPI document. */
  answerHeaders?: Readonly<Record<string, string>>;
  /** The answer is `response` itself, without the envelope (documents such as openapi.json). */
  bare?: true;
  /** A success that is not JSON (a CSV report, an image): its media types and what it holds, for the OpenAPI document. */
  produces?: { mediaTypes: readonly string[]; description: string };
  /** Errors this route's handler or service may answer, beyond what its shape implies (400, 401, 413, 415, 429, 503). */
  errors?: readonly ErrorCode[];
  // A method, not a property: the route table holds routes of every Q and B as one type.
  handler(ctx: RequestContext<Q extends TSchema ? Static<Q> : undefined, B extends TSchema ? Static<B> : undefined>): RouteResult | Promise<RouteResult>;
}

/** Declares a route; the generics tie the handler's `ctx.query`/`ctx.body` types to its schemas. */
export function defineRoute<Q extends TSchema | undefined = undefined, B extends TSchema | undefined = undefined>(route: RouteDefinition<Q, B>): RouteDefinition {
  return route;
}

export const ok = (data: unknown, envelope?: Record<string, unknown>): RouteResult => ({ kind: 'data', status: 200, data, envelope });
export const created = (data: unknown): RouteResult => ({ kind: 'data', status: 201, data });
export const documentAnswer = (value: unknown): RouteResult => ({ kind: 'document', status: 200, document: value });
