import { Type } from '@sinclair/typebox';
import { AppError } from '../../errors.js';
import { created, defineRoute, type RouteDefinition } from '../../http/route.js';
import type { PaymentProvider } from '../../payments/payment-provider.js';
import type { Clock } from '../../station/clock.js';
import { idempotencyKeyOf } from '../idempotency-key.js';
import { CurrencyCode, isoCurrency, MinorUnits } from '../money.js';
import { Text } from '../../validation/text-rules.js';

export const PlanBody = Type.Object({
  name: Text({ minLength: 1, maxLength: 200 }),
  // Stripe's own ceiling for a unit amount: eight digits.
  amount: MinorUnits(99_999_999),
  currency: CurrencyCode,
  interval: Type.Union([Type.Literal('day'), Type.Literal('week'), Type.Literal('month'), Type.Literal('year')]),
  interval_count: Type.Optional(Type.Integer({ minimum: 1, maximum: 365, description: 'default 1' })),
  description: Type.Optional(Text({ maxLength: 1000 })),
});

export const PlanSchema = Type.Object({
  provider: Type.String(),
  plan_id: Type.String(),
  product_id: Type.String(),
  amount: Type.Integer(),
  currency: Type.String(),
  interval: Type.String(),
  interval_count: Type.Integer(),
  created_at: Type.Integer(),
});

export function subscriptionPlanRoutes(provider: PaymentProvider | null, clock: Clock): RouteDefinition[] {
  return [
    defineRoute({
      method: 'POST',
      headers: ['idempotency-key'],
      path: '/api/subscription/provider/create.php',
      summary: 'Create a subscription plan with the payment provider (admin). Idempotency-Key is passed on to the provider.',
      auth: 'admin',
      body: PlanBody,
      response: PlanSchema,
      successStatus: 201,
      handler: async ({ body, headers }) => {
        if (!provider) throw new AppError('UNAVAILABLE', { message: 'No payment provider is configured (STRIPE_SECRET_KEY).', retryAfterSeconds: 3600 });
        const key = idempotencyKeyOf(headers);
        const plan = {
          name: body.name,
          amount: body.amount,
          currency: isoCurrency(body.currency),
          interval: body.interval,
          intervalCount: body.interval_count ?? 1,
          ...(body.description ? { description: body.description } : {}),
        };
        const made = await provider.createPlan(plan, key);
        return created({
          provider: made.provider,
          plan_id: made.planId,
          product_id: made.productId,
          amount: plan.amount,
          currency: plan.currency,
          interval: plan.interval,
          interval_count: plan.intervalCount,
          created_at: Math.floor(clock() / 1000),
        });
      },
    }),
  ];
}
