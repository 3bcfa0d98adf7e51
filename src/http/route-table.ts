import { compileBodyValidator, compileQueryValidator, type Validator } from '../validation/schema-validator.js';
import type { BudgetDecision, PendingBudget } from './exchange.js';
import type { RouteDefinition } from './route.js';

/**
 * A budget as the edge spends it (limits/ implements it): counted per client or per staff member,
 * with its own refusal and its own headers on the answers it was spent for.
 */
export interface RouteBudget extends PendingBudget {
  readonly name: string;
  /** What it counts per: the client key, or the signed-in staff member's name. */
  readonly per: string;
  /** Whether the answers it was spent for carry its RateLimit headers. */
  readonly writesHeaders: boolean;
  /** Synchronous when the count is in this process; undefined when it must ask the store. */
  spendNow(key: string): BudgetDecision | undefined;
  /** A refusal remembered for `key`, certain until its window resets (nothing counted); undefined: spend to know. */
  refusedNow(key: string): BudgetDecision | undefined;
  spend(key: string): Promise<BudgetDecision>;
  /** The answer past it (429 with Retry-After and its reason). */
  refusal(decision: BudgetDecision): Error;
}

/** The budgets routes may name; `budget(name)` throws for a name never declared (at start-up). */
export interface BudgetBook {
  budget(name: string): RouteBudget;
}

/** How the route table reads the routes' budgets. */
export interface RouteBudgets {
  book: BudgetBook;
  /** The budget every staff write (a staff route but a GET) spends unless it names its own. */
  staffWrites?: string;
  /** Requests matching no route under a prefix spend that prefix's budget: probing unknown paths costs like any request. */
  unmatched?: ReadonlyArray<{ readonly under: string; readonly budget: string }>;
}

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
  /** Whether it reads the query string (a query to validate, or the key in it). */
  readonly readsQuery: boolean;
  /** Request headers to copy out of uWS for this route (beyond those the edge itself reads). */
  readonly headerNames: readonly string[];
  /** The budget it spends, if any (route.ts `budget`). */
  readonly budget: RouteBudget | undefined;
  /** Whether it is spent before anything else (a client's budget on a public route), rather than once the key is known. */
  readonly budgetFirst: boolean;
  /** Whether its handler spends it (`budgetInHandler`): the edge only refuses a remembered refusal first. */
  readonly budgetInHandler: boolean;
}

/** The routes of one path, by method. */
export interface PathEntry {
  readonly path: string;
  readonly byMethod: ReadonlyMap<string, CompiledRoute>;
  /** Value of the Allow header for this path. */
  readonly allow: string;
  /** Spent by a method the path does not serve: the budget its routes spend first, if any. */
  readonly budget: RouteBudget | undefined;
}

const METHOD_ORDER = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

/** Every route, grouped by path, compiled at start-up; a route declared twice is a start-up error. */
export class RouteTable {
  readonly paths: ReadonlyMap<string, PathEntry>;
  private readonly unmatched: ReadonlyArray<{ readonly under: string; readonly budget: RouteBudget }>;

  constructor(
    readonly routes: readonly RouteDefinition[],
    budgets: RouteBudgets | null = null,
  ) {
    const byPath = new Map<string, Map<string, CompiledRoute>>();
    for (const definition of routes) {
      const methods = byPath.get(definition.path) ?? new Map<string, CompiledRoute>();
      byPath.set(definition.path, methods);
      if (methods.has(definition.method)) throw new Error(`route declared twice: ${definition.method} ${definition.path}`);
      methods.set(definition.method, compile(definition, budgets));
    }
    const paths = new Map<string, PathEntry>();
    for (const [path, byMethod] of byPath) {
      // HEAD is served by GET; OPTIONS (CORS preflight) by the edge.
      const served = (method: string) => byMethod.has(method === 'HEAD' ? 'GET' : method) || method === 'OPTIONS';
      const first = [...byMethod.values()].find((route) => route.budgetFirst);
      paths.set(path, { path, byMethod, allow: METHOD_ORDER.filter(served).join(', '), budget: first?.budget });
    }
    this.paths = paths;
    this.unmatched = (budgets?.unmatched ?? []).map(({ under, budget }) => ({ under, budget: budgets!.book.budget(budget) }));
  }

  /** The budget a request matching no route spends, by its path (null: none). */
  unmatchedBudget(path: string): RouteBudget | undefined {
    // A plain loop: this runs on every unmatched request, and `find` would allocate a closure each time.
    for (const entry of this.unmatched) if (path.startsWith(entry.under)) return entry.budget;
    return undefined;
  }

  /** The budget a route spends (none: undefined), as compiled; for the OpenAPI document. */
  budgetOf(definition: RouteDefinition): RouteBudget | undefined {
    return this.paths.get(definition.path)?.byMethod.get(definition.method)?.budget;
  }
}

/** The route's budget: the one it names; a staff write naming none, the staff writes' one; null, none. */
function budgetOf(definition: RouteDefinition, budgets: RouteBudgets | null): RouteBudget | undefined {
  if (definition.budget === null || !budgets) return undefined;
  const name = definition.budget ?? (definition.auth && definition.method !== 'GET' ? budgets.staffWrites : undefined);
  return name === undefined ? undefined : budgets.book.budget(name);
}

function compile(definition: RouteDefinition, budgets: RouteBudgets | null): CompiledRoute {
  const budget = budgetOf(definition, budgets);
  if (definition.readAhead && (definition.method !== 'GET' || definition.auth))
    throw new Error(`${definition.method} ${definition.path}: only a GET route with no key may read ahead of its budget`);
  if (definition.budgetInHandler && (budget?.per !== 'client' || definition.auth || definition.body === undefined))
    throw new Error(`${definition.method} ${definition.path}: only a public route with a body and a client's budget may spend it in its handler`);
  if (budget?.per === 'staff' && !definition.auth) throw new Error(`${definition.method} ${definition.path}: budget "${budget.name}" counts per staff member, and the route signs nobody in`);
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
    readsQuery: definition.query !== undefined || definition.keyInQuery === true,
    headerNames,
    budget,
    budgetFirst: budget?.per === 'client' && !definition.auth,
    budgetInHandler: definition.budgetInHandler === true,
  };
}
