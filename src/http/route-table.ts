import { compileBodyValidator, compileQueryValidator, type Validator } from '../validation/schema-validator.js';
import type { RouteDefinition } from './route.js';

/** A route ready to serve: its schemas compiled once, its path parameters named. */
export interface CompiledRoute {
  readonly definition: RouteDefinition;
  readonly paramNames: readonly string[];
  readonly validateQuery: Validator<unknown> | undefined;
  readonly validateBody: Validator<unknown> | undefined;
  /** Whether the route reads a body (a validated JSON object, or raw bytes), and up to how many bytes (undefined: the server's limit). */
  readonly readsBody: boolean;
  readonly bodyLimitBytes: number | undefined;
  /** Whether a form body may carry the query's fields (`formBody`); read only when sent as one. */
  readonly readsForm: boolean;
  /** Request headers to copy out of uWS for this route (beyond those the edge itself reads). */
  readonly headerNames: readonly string[];
}

/** The routes of one path, by method. */
export interface PathEntry {
  readonly path: string;
  readonly byMethod: ReadonlyMap<string, CompiledRoute>;
  /** Value of the Allow header for this path. */
  readonly allow: string;
}

const METHOD_ORDER = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

/** Every route, grouped by path, compiled at start-up; a route declared twice is a start-up error. */
export class RouteTable {
  readonly paths: ReadonlyMap<string, PathEntry>;

  constructor(readonly routes: readonly RouteDefinition[]) {
    const byPath = new Map<string, Map<string, CompiledRoute>>();
    for (const definition of routes) {
      const methods = byPath.get(definition.path) ?? new Map<string, CompiledRoute>();
      byPath.set(definition.path, methods);
      if (methods.has(definition.method)) throw new Error(`route declared twice: ${definition.method} ${definition.path}`);
      methods.set(definition.method, compile(definition));
    }
    const paths = new Map<string, PathEntry>();
    for (const [path, byMethod] of byPath) {
      // HEAD is served by GET; OPTIONS (CORS preflight) by the edge.
      const served = (method: string) => byMethod.has(method === 'HEAD' ? 'GET' : method) || method === 'OPTIONS';
      paths.set(path, { path, byMethod, allow: METHOD_ORDER.filter(served).join(', ') });
    }
    this.paths = paths;
  }
}

function compile(definition: RouteDefinition): CompiledRoute {
  const headerNames = [...(definition.headers ?? [])];
  if (definition.auth) headerNames.push('authorization');
  return {
    definition,
    paramNames: definition.path
      .split('/')
      .filter((part) => part.startsWith(':'))
      .map((part) => part.slice(1)),
    validateQuery: definition.query ? compileQueryValidator(definition.query) : undefined,
    validateBody: definition.body ? compileBodyValidator(definition.body) : undefined,
    readsBody: definition.body !== undefined || definition.rawBody !== undefined,
    bodyLimitBytes: definition.rawBody?.limitBytes,
    readsForm: definition.formBody === true && definition.query !== undefined,
    headerNames,
  };
}
