import { Type } from '@sinclair/typebox';
import { created, defineRoute, ok, type RouteDefinition } from '../../http/route.js';
import type { RevenueService } from '../../station/revenue-service.js';
import { idempotencyKeyOf } from '../idempotency-key.js';
import { CurrencyCode, isoCurrency, MinorUnits } from '../money.js';
import { Text } from '../../station/input/text-rules.js';
import { RevenueEventSchema, RevenueTypeSchema } from '../../station/shapes.js';

const Day = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', 'x-pattern-message': 'must be a date, YYYY-MM-DD' });

export const RevenueBody = Type.Object({
  event_id: Type.Optional(Type.String({ minLength: 1, maxLength: 128, pattern: '^[\\x21-\\x7e]*$', description: 'your id for the event; repeats are recorded once' })),
  type: RevenueTypeSchema,
  amount: MinorUnits(1_000_000_000_000),
  currency: CurrencyCode,
  occurred_at: Type.Optional(Type.String({ format: 'date-time', description: 'default: now' })),
  source: Type.Optional(Text({ maxLength: 100 })),
  metadata: Type.Optional(
    Type.Record(Type.String({ pattern: '^[A-Za-z0-9_.-]{1,40}$' }), Type.Union([Type.String({ maxLength: 200 }), Type.Number(), Type.Boolean()]), {
      maxProperties: 20,
      description: 'flat: up to 20 keys, values text (200), number or boolean',
    }),
  ),
});

export const RevenueQuery = Type.Object({ from: Type.Optional(Day), to: Type.Optional(Day) });

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

export function revenueRoutes(revenue: RevenueService): RouteDefinition[] {
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
      handler: async ({ body, headers }) => {
        const result = await revenue.record({ ...body, currency: isoCurrency(body.currency) }, idempotencyKeyOf(headers));
        return result.created ? created(result.event) : ok(result.event);
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
