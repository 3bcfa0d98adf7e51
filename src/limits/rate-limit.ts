/** The verdict of one request against a fixed-window budget. */
export interface RateLimitDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Seconds until the window resets. */
  resetSeconds: number;
  windowSeconds: number;
}

/** Counts requests per key in a shared store (one atomic round trip in Redis). */
export interface RateLimiter {
  consume(key: string): Promise<RateLimitDecision>;
  /** The same, synchronously, where the counter lives in this process (lets the edge skip a promise). */
  consumeNow?(key: string): RateLimitDecision;
}

export interface RateLimitRule {
  /** Requests whose path starts with one of these share the budget. */
  pathPrefixes: readonly string[];
  /** Names the policy in the headers and the counter keys. */
  name: string;
  limiter: RateLimiter;
}

export interface RateLimitSettings {
  limit: number;
  windowSeconds: number;
}
