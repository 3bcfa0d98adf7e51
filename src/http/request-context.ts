import type { Logger } from 'pino';
import type { StaffMember } from './admin-auth.js';
import type { ServerCatalog } from '../messages/en.js';
import { catalogFor } from '../messages/languages.js';
import type { BudgetDecision, Exchange, PendingBudget } from './exchange.js';
import type { HandlerBudget, HttpMethod, RequestContext } from './route.js';

/** What a handler sees; its logger is made only when something is logged (a child costs a serialisation). */
export class Context implements RequestContext {
  private requestLog: Logger | undefined;
  private budgetView: HandlerBudget | undefined;

  constructor(
    private readonly ex: Exchange,
    readonly query: unknown,
    readonly body: unknown,
    private readonly rootLog: Logger,
    private readonly fallbackLanguage: ServerCatalog,
    readonly rawBody?: Buffer,
  ) {}

  get requestId(): string {
    return this.ex.requestId;
  }
  get ip(): string {
    return this.ex.ip;
  }
  get client(): string {
    return this.ex.client;
  }
  get method(): HttpMethod {
    return this.ex.method as HttpMethod;
  }
  get path(): string {
    return this.ex.path;
  }
  get headers(): Readonly<Record<string, string>> {
    return this.ex.headers;
  }
  get params(): Readonly<Record<string, string>> {
    return this.ex.params;
  }
  get aborted(): boolean {
    return this.ex.aborted;
  }
  get staff(): StaffMember | null {
    return this.ex.staff;
  }
  /** Null once counted; while pending, one view per request however often the handler reads it. */
  get budget(): HandlerBudget | null {
    const budget = this.ex.handlerBudget;
    if (!budget) return null;
    return (this.budgetView ??= new PendingHandlerBudget(this.ex, budget));
  }

  get strings(): ServerCatalog {
    return catalogFor(this.ex.acceptLanguage, this.fallbackLanguage);
  }
  get log(): Logger {
    return (this.requestLog ??= this.rootLog.child({ reqId: this.ex.requestId }));
  }
}

/** The route's budget as its handler sees it: counting it records the verdict for the answer's headers and ends the edge's duty to spend it. */
class PendingHandlerBudget implements HandlerBudget {
  readonly name: string;

  constructor(
    private readonly ex: Exchange,
    private readonly budget: PendingBudget,
  ) {
    this.name = budget.name;
  }

  counted(decision: BudgetDecision): void {
    const ex = this.ex;
    if (ex.handlerBudget === this.budget) {
      ex.spent(this.budget, decision);
      ex.handlerBudget = undefined;
    } else if (ex.edgeSpentBudget === this.budget) {
      // Counted by the handler's step after all, once the edge had given up on it and spent it: one charge, not two.
      ex.edgeSpentBudget = undefined;
      this.budget.giveBack(ex.client).catch(() => undefined);
    }
  }
}
