import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { AppError } from '../errors.js';
import type { RateLimitDecision, RateLimiter } from '../http/rate-limit.js';
import type { RateLimitSettings } from './types.js';

/**
 * Adapts rate-limiter-flexible (memory or Redis backend) to our RateLimiter port. A rejection
 * carrying RateLimiterRes means "over budget"; any other rejection means the store failed.
 */
export class FlexibleRateLimiter implements RateLimiter {
  constructor(
    private readonly limiter: RateLimiterAbstract,
    private readonly settings: RateLimitSettings,
  ) {}

  async consume(key: string): Promise<RateLimitDecision> {
    try {
      return this.decision(true, await this.limiter.consume(key));
    } catch (outcome) {
      if (outcome instanceof RateLimiterRes) return this.decision(false, outcome);
      throw new AppError('UNAVAILABLE', { retryAfterSeconds: 5, cause: outcome });
    }
  }

  private decision(allowed: boolean, res: RateLimiterRes): RateLimitDecision {
    return {
      allowed,
      limit: this.settings.limit,
      remaining: Math.max(0, res.remainingPoints),
      resetSeconds: Math.max(1, Math.ceil(res.msBeforeNext / 1000)),
      windowSeconds: this.settings.windowSeconds,
    };
  }
}
