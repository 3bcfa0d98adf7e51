import { AppError } from '../errors.js';
import type { BudgetDeclaration, BudgetPer } from './budget-declarations.js';
import { Budget, type RateLimitDecision } from './rate-limit.js';
import type { RefusalMemory } from './refusal-memory.js';
import type { WindowCounter } from './window-counter.js';

/** Where the edge writes headers (uWS's response fits; limits/ knows no HTTP server). It writes a value verbatim, as `name: value\r\n`. */
export interface HeaderSink {
  writeHeader(name: string, value: string): unknown;
}

/**
 * A declared budget, ready to spend: its counter, its refusal and its headers. A budget with a
 * `policy` writes the RateLimit header fields (IETF draft, API.md) on every answer it was spent
 * for: `RateLimit-Policy: "hourly";q=100;w=3600` and `RateLimit: "hourly";r=<remaining>;t=<reset>`.
 */
export class NamedBudget extends Budget {
  readonly per: BudgetPer;
  private readonly policy: string | undefined;
  /**
   * RateLimit-Policy's value, then RateLimit's name and the fixed start of its value: the edge's
   * sink (uWS) writes a value verbatim, so both headers go out in one call, the same bytes as two.
   */
  private readonly policyThenLimit: string;

  constructor(
    readonly name: string,
    private readonly declaration: BudgetDeclaration,
    counter: WindowCounter,
    makeRefusals?: () => RefusalMemory,
  ) {
    super(declaration, counter, makeRefusals);
    this.per = declaration.per;
    this.policy = declaration.policy;
    this.policyThenLimit = `"${declaration.policy}";q=${declaration.limit};w=${declaration.windowSeconds}\r\nRateLimit: "${declaration.policy}";r=`;
  }

  /** Whether the answers it was spent for carry the RateLimit headers (the OpenAPI document says so). */
  get writesHeaders(): boolean {
    return this.policy !== undefined;
  }

  /**
   * The 429 past it: its stable reason when it has one; else reason `budget`, naming it in
   * `details` (`{field: "budget", message: "<name>"}`) and in the message, in every language.
   */
  refusal(decision: Pick<RateLimitDecision, 'resetSeconds'>): AppError {
    const retryAfterSeconds = decision.resetSeconds;
    const { reason } = this.declaration;
    if (reason) return new AppError('RATE_LIMITED', { reason, retryAfterSeconds });
    const name = this.name;
    return new AppError('RATE_LIMITED', {
      reason: 'budget',
      retryAfterSeconds,
      text: (s) => s.budgetSpent(name, s.wait(retryAfterSeconds)),
      details: [{ field: 'budget', message: name }],
    });
  }

  /** Spends one, or throws its refusal (429 with Retry-After). */
  async spendOrRefuse(key: string): Promise<void> {
    const decision = await this.spend(key);
    if (!decision.allowed) throw this.refusal(decision);
  }

  writeHeaders(out: HeaderSink, decision: Pick<RateLimitDecision, 'remaining' | 'resetSeconds'>): void {
    if (this.policy === undefined) return;
    out.writeHeader('RateLimit-Policy', `${this.policyThenLimit}${decision.remaining};t=${decision.resetSeconds}`);
  }
}
