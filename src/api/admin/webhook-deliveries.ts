import { Type, type Static } from '@sinclair/typebox';
import { WEBHOOK_EVENT_TYPES } from '../../config/schema.js';
import { defineRoute, ok, type RouteDefinition } from '../../http/route.js';

export const WebhookDeliverySchema = Type.Object({
  id: Type.String({ description: 'the webhook-id header: one per event, the same on every attempt' }),
  type: Type.Union(WEBHOOK_EVENT_TYPES.map((t) => Type.Literal(t))),
  url: Type.String(),
  status: Type.Union([Type.Literal('pending'), Type.Literal('retrying'), Type.Literal('delivered'), Type.Literal('failed')]),
  attempts: Type.Integer({ minimum: 0 }),
  last_status_code: Type.Union([Type.Integer(), Type.Null()], { description: "the receiver's HTTP status at the last attempt" }),
  last_error: Type.Union([Type.String(), Type.Null()], { description: 'why the last attempt failed (timeout, refused address, HTTP status)' }),
  created_at: Type.Integer({ description: 'Unix seconds' }),
  finished_at: Type.Union([Type.Integer(), Type.Null()], { description: 'Unix seconds; null while pending or retrying' }),
});
/** One delivery as staff read it (the console imports this type). */
export type WebhookDelivery = Static<typeof WebhookDeliverySchema>;

const DeliveriesQuery = Type.Object({
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 500, description: 'how many, newest first (default 50)' })),
});

export interface DeliveryListing {
  recent(limit: number): Promise<unknown[]>;
}

export function webhookDeliveryRoutes(listing: DeliveryListing): RouteDefinition[] {
  return [
    defineRoute({
      method: 'GET',
      path: '/api/admin/webhooks/deliveries',
      summary: 'Recent webhook deliveries with their outcome, newest first',
      auth: 'admin',
      query: DeliveriesQuery,
      response: Type.Object({ deliveries: Type.Array(WebhookDeliverySchema), count: Type.Integer() }),
      handler: async ({ query }) => {
        const deliveries = await listing.recent(query.limit ?? 50);
        return ok({ deliveries, count: deliveries.length });
      },
    }),
  ];
}
