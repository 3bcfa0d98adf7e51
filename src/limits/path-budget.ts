import type { Budget, RateLimitDecision } from './rate-limit.js';

/**
 * Which paths cost what: every request under these prefixes (preflights excepted) spends one from
 * the client's public API budget (spec 8: the mobile API, and the general song request that
 * shares its rules). Staff routes (`/api/admin/`, the admin `*.php`), health, pages and live
 * streams are not here: they never spend it.
 */
export const PUBLIC_API_PATHS: readonly string[] = ['/api/mobile/', '/api/song-request.php'];

/** Where the edge writes headers (uWS's response fits; limits/ knows no HTTP server). */
export interface HeaderSink {
  writeHeader(name: string, value: string): unknown;
}

/**
 * A budget as the HTTP edge applies it: whether a path spends from it, the spending, and the
 * headers every answer under it carries (IETF RateLimit header fields draft, API.md):
 * `RateLimit-Policy: "hourly";q=100;w=3600` and `RateLimit: "hourly";r=<remaining>;t=<reset>`.
 */
export class PathBudget {
  /** Names the policy in both headers. */
  readonly name: string;
  private readonly policyHeader: string;

  constructor(
    private readonly budget: Budget,
    readonly paths: readonly string[],
    /** The policy's name in the headers (the public budget's: "hourly" for the spec's hour, else "mobile"). */
    name?: string,
  ) {
    this.name = name ?? (budget.windowSeconds === 3600 ? 'hourly' : 'mobile');
    this.policyHeader = `"${this.name}";q=${budget.limit};w=${budget.windowSeconds}`;
  }

  appliesTo(path: string): boolean {
    // A plain loop: this runs on every request, and `some` would allocate a closure each time.
    for (const prefix of this.paths) if (path.startsWith(prefix)) return true;
    return false;
  }

  /** Synchronous when the count is in this process; undefined when it must ask the store. */
  spendNow(clientKey: string): RateLimitDecision | undefined {
    return this.budget.spendNow(clientKey);
  }

  spend(clientKey: string): Promise<RateLimitDecision> {
    return this.budget.spend(clientKey);
  }

  writeHeaders(out: HeaderSink, decision: Pick<RateLimitDecision, 'remaining' | 'resetSeconds'>): void {
    out.writeHeader('RateLimit-Policy', this.policyHeader);
    out.writeHeader('RateLimit', `"${this.name}";r=${decision.remaining};t=${decision.resetSeconds}`);
  }
}
