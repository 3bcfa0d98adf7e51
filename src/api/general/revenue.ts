import { Type } from '@sinclair/typebox';
import { created, defineRoute, ok, type RouteDefinition } from '../../http/route.js';
import { quoted, type AuditTrail } from '../../station/audit-trail.js';
import type { RevenueService } from '../../station/revenue-service.js';
import { actorOf } from '../admin/staff.js';
import { idempotencyKeyOf } from '../idempotency-key.js';
import { CurrencyCode, isoCurrency, MinorUnits, MoneyTime } from '../money.js';
import { MAX_MINOR_UNITS } from '../../station/input/money-rules.js';
import { Text } from '../../validation/text-rules.js';
import { RevenueEventSchema, RevenueTypeSchema } from '../../station/shapes.js';

const Day = (description: string) => Type.String({ format: 'date', 'x-messages': { format: 'must be a real date, YYYY-MM-DD' }, description });

export const RevenueBody = Type.Object({
  event_id: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 128,
      pattern: '^[\\x21-\\x7e]*$',
      description: "your id for the event; repeats are recorded once. Ids beginning `stripe:` are Stripe's own events (400), as are such Idempotency-Keys",
    }),
  ),
  type: RevenueTypeSchema,
  amount: MinorUnits(MAX_MINOR_UNITS),
  currency: CurrencyCode,
  occurred_at: Type.Optional(MoneyTime('when the money was received (default: now)')),
  source: Type.Optional(Text({ maxLength: 100 })),
  metadata: Type.Optional(
    Type.Record(Type.String({ pattern: '^[A-Za-z0-9_.-]{1,40}$' }), Type.Union([Type.String({ maxLength: 200 }), Type.Number(), Type.Boolean()]), {
      maxProperties: 20,
      description: 'flat: up to 20 keys, values text (200), number or boolean',
    }),
  ),
});

export const RevenueQuery = Type.Object({
  from: Type.Optional(Day('first day, YYYY-MM-DD in station time (default: 29 days before `to`)')),
  to: Type.Optional(Day('last day, YYYY-MM-DD in station time (default: today)')),
});

const Sum = { currency: Type.String(), amount: Type.Integer({ description: 'minor units' }), count: Type.Integer() };
const RevenueSummarySchema = Type.Object({
  from: Type.String(),
  to: Type.String(),
  timezone: Type.String(),
  days: Type.Array(
    Type.Object({
      date: Type.String(),
      ...Sum,
      types: Type.Array(Type.Object({ type: RevenueTypeSchema, amount: Type.Integer({ description: 'minor units' }), count: Type.Integer() }), {
        description: 'the same sum split by type (donation, subscription, …)',
      }),
    }),
  ),
  totals: Type.Array(Type.Object(Sum)),
});

export function revenueRoutes(revenue: RevenueService, audit: AuditTrail): RouteDefinition[] {
  return [
    defineRoute({
      method: 'POST',
      headers: ['idempotency-key'],
      path: '/api/analytics/revenue.php',
      summary: 'Record a revenue event (admin); 200 with the first event when event_id or Idempotency-Key repeats',
      auth: 'admin',
      body: RevenueBody,
      response: RevenueEventSchema,
      successStatus: 201,
      alsoSucceeds: { status: 200, description: 'A repeat of event_id (or Idempotency-Key) with the same body: the first event, recorded once' },
      errors: ['IDEMPOTENCY_CONFLICT'],
      handler: async (ctx) => {
        const result = await revenue.record({ ...ctx.body, currency: isoCurrency(ctx.body.currency) }, idempotencyKeyOf(ctx.headers));
        if (!result.created) return ok(result.event);
        const { event } = result;
        // A repeat recorded nothing: only the first entry is a staff action.
        await audit.record(actorOf(ctx), 'revenue.entry', `${event.type} ${event.id}`, `${event.amount} ${event.currency} (minor units)${event.source ? `, ${quoted(event.source)}` : ''}`);
        return created(event);
      },
    }),
    defineRoute({
      method: 'GET',
      path: '/api/analytics/revenue.php',
      summary: 'Revenue per day and currency between from and to (admin; station time zone)',
      auth: 'admin',
      query: RevenueQuery,
      response: RevenueSummarySchema,
      handler: async ({ query }) => ok(await revenue.summary(query.from, query.to)),
    }),
  ];
}
