import { createHash } from 'node:crypto';
import Stripe from 'stripe';
import { AppError } from '../errors.js';
import type { CreatedPlan, PaymentProvider, PlanRequest } from './payment-provider.js';

export interface StripeSettings {
  secretKey: string;
  /** Where the SDK sends its requests (tests point it at a local server). */
  host?: string;
  port?: number;
  protocol?: 'http' | 'https';
}

/** A plan at Stripe is a Product with a recurring Price; the Price id is the plan id. */
export class StripeProvider implements PaymentProvider {
  readonly name = 'stripe';
  private readonly stripe: Stripe;

  constructor(settings: StripeSettings) {
    this.stripe = new Stripe(settings.secretKey, {
      ...(settings.host ? { host: settings.host } : {}),
      ...(settings.port ? { port: settings.port } : {}),
      ...(settings.protocol ? { protocol: settings.protocol } : {}),
      timeout: 10_000,
      maxNetworkRetries: 1,
      appInfo: { name: 'radio-hub' },
    });
  }

  async createPlan(plan: PlanRequest, idempotencyKey: string | undefined): Promise<CreatedPlan> {
    try {
      // Two calls, two idempotency keys derived from the client's one: a retried request finds
      // the same Product and the same Price instead of creating them again.
      const product = await this.stripe.products.create(
        { name: plan.name, ...(plan.description ? { description: plan.description } : {}) },
        idempotencyKey ? { idempotencyKey: derivedKey('product', idempotencyKey) } : undefined,
      );
      const price = await this.stripe.prices.create(
        {
          product: product.id,
          unit_amount: plan.amount,
          currency: plan.currency.toLowerCase(),
          recurring: { interval: plan.interval, interval_count: plan.intervalCount },
        },
        idempotencyKey ? { idempotencyKey: derivedKey('price', idempotencyKey) } : undefined,
      );
      return { provider: this.name, planId: price.id, productId: product.id };
    } catch (error) {
      throw toAppError(error);
    }
  }
}

/**
 * The key one of the two calls sends for the client's key: its own prefix and a hash of the
 * client's key, so no client key (any 1 to 255 visible characters) is ever another key's derived
 * one — `k:product` once collided with `k`'s product key (409 and an orphan Product) — and the
 * result stays within Stripe's 255 characters.
 */
function derivedKey(call: 'product' | 'price', clientKey: string): string {
  return `radio-hub:plan-${call}:${createHash('sha256').update(clientKey).digest('hex')}`;
}

/** Stripe's failures in our vocabulary: its validation message reaches the client; outages are 503. */
function toAppError(error: unknown): AppError {
  if (!(error instanceof Stripe.errors.StripeError)) return new AppError('INTERNAL', { cause: error });
  if (error instanceof Stripe.errors.StripeInvalidRequestError) {
    return new AppError('VALIDATION_FAILED', {
      message: error.message,
      details: [{ field: error.param ?? '(payment provider)', message: error.message }],
      cause: error,
    });
  }
  if (error instanceof Stripe.errors.StripeIdempotencyError) {
    return new AppError('IDEMPOTENCY_CONFLICT', { message: error.message, cause: error });
  }
  if (error instanceof Stripe.errors.StripeRateLimitError) {
    return new AppError('UNAVAILABLE', { message: 'The payment provider asks us to slow down; try again shortly.', retryAfterSeconds: 10, cause: error });
  }
  // Connection failures, Stripe's own 5xx, and a key Stripe refuses (our configuration) alike:
  // nothing the client can fix, so "try again later" with the cause in our logs.
  return new AppError('UNAVAILABLE', { message: 'The payment provider could not be reached; try again shortly.', retryAfterSeconds: 30, cause: error });
}
