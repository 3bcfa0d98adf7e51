import type { Static, TSchema } from '@sinclair/typebox';
import type { Logger } from 'pino';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestContext<Query = unknown, Body = unknown> {
  readonly requestId: string;
  /** Client address after the trustProxy rule. */
  readonly ip: string;
  readonly method: HttpMethod;
  readonly path: string;
  /** Request headers, lower-case names. */
  readonly headers: Readonly<Record<string, string>>;
  /** Path parameters (`:id` in the route path), URL-decoded. */
  readonly params: Readonly<Record<string, string>>;
  readonly query: Query;
  readonly body: Body;
  readonly log: Logger;
}

export interface RouteResult {
  status: number;
  /** The `data` of the success envelope. */
  data: unknown;
  /** Extra top-level envelope members (status carries `timestamp` and `api_version`). */
  envelope?: Record<string, unknown>;
  headers?: Record<string, string>;
  /** Send `data` as the whole body, without the envelope (documents like openapi.json). */
  bare?: boolean;
  /** The whole body, serialised beforehand (hot answers cached per state and second). */
  prepared?: Buffer;
  /** Content-Type of a prepared body that is not JSON (static files); default JSON. */
  contentType?: string;
}

export interface RouteDefinition<Q extends TSchema | undefined = TSchema | undefined, B extends TSchema | undefined = TSchema | undefined> {
  method: HttpMethod;
  path: string;
  summary: string;
  /** Left out of the OpenAPI document (static files, which are not part of the API). */
  undocumented?: true;
  /** `admin`: the Authorization header must carry the admin Bearer key. */
  auth?: 'admin';
  query?: Q;
  body?: B;
  /** The `data` of a success, for the OpenAPI document. */
  response?: TSchema;
  /** The success status, for the OpenAPI document (default 200). */
  successStatus?: 200 | 201;
  /** Extra envelope members of the success answer (status: timestamp, api_version). */
  envelope?: Record<string, TSchema>;
  handler: (
    ctx: RequestContext<Q extends TSchema ? Static<Q> : undefined, B extends TSchema ? Static<B> : undefined>,
  ) => RouteResult | Promise<RouteResult>;
}

/** Declares a route; the generic ties the handler's `ctx.query`/`ctx.body` types to its schemas. */
export function defineRoute<Q extends TSchema | undefined = undefined, B extends TSchema | undefined = undefined>(
  route: RouteDefinition<Q, B>,
): RouteDefinition {
  return route as unknown as RouteDefinition;
}

export const ok = (data: unknown, envelope?: Record<string, unknown>): RouteResult => ({ status: 200, data, envelope });
export const created = (data: unknown): RouteResult => ({ status: 201, data });
