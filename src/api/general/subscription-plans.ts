import { Type } from '@sinclair/typebox';
import { AppError } from '../../errors.js';
import { created, defineRoute, type RouteDefinition } from '../../http/route.js';
import type { PaymentProvider } from '../../payments/payment-provider.js';
import type { Clock } from '../../station/clock.js';
import { quoted, type AuditTrail } from '../../station/audit-trail.js';
import { actorOf } from '../admin/staff.js';
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

export function subscriptionPlanRoutes(provider: PaymentProvider | null, audit: AuditTrail, clock: Clock): RouteDefinition[] {
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
      // The same key with another body: the provider refuses to replay it (Stripe's idempotency_error).
      errors: ['IDEMPOTENCY_CONFLICT'],
      handler: async (ctx) => {
        const { body, headers } = ctx;
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
        // A retry with the same Idempotency-Key gets the same plan back and is written down again: the log says who asked, each time.
        await audit.record(
          actorOf(ctx),
          'plan.create',
          `plan ${made.provider}:${made.planId}`,
          `${plan.amount} ${plan.currency} (minor units) every ${plan.intervalCount} ${plan.interval}, product ${made.productId}: ${quoted(plan.name)}`,
        );
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
