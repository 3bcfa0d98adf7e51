import type { RateLimitDecision } from '../limits/rate-limit.js';

/** IETF RateLimit header fields (draft-ietf-httpapi-ratelimit-headers), sent on every limited response. */
export function rateLimitHeaders(name: string, decision: RateLimitDecision): Array<readonly [string, string]> {
  return [
    ['RateLimit-Policy', `"${name}";q=${decision.limit};w=${decision.windowSeconds}`],
    ['RateLimit', `"${name}";r=${decision.remaining};t=${decision.resetSeconds}`],
  ];
}
