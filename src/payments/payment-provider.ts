export type BillingInterval = 'day' | 'week' | 'month' | 'year';

export interface PlanRequest {
  name: string;
  /** Integer minor units (cents): money is never a float. */
  amount: number;
  /** ISO 4217, upper case. */
  currency: string;
  interval: BillingInterval;
  intervalCount: number;
  description?: string;
}

export interface CreatedPlan {
  provider: string;
  planId: string;
  productId: string;
}

/**
 * A payment provider that can sell subscriptions. Stripe implements it today; another (PayPal
 * billing plans) implements the same two things and the route does not change.
 */
export interface PaymentProvider {
  readonly name: string;
  /** `idempotencyKey`: a retry with the same key creates nothing new at the provider. */
  createPlan(plan: PlanRequest, idempotencyKey: string | undefined): Promise<CreatedPlan>;
}
