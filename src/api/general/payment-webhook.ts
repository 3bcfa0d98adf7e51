import { Type } from '@sinclair/typebox';
import { AppError } from '../../errors.js';
import { defineRoute, ok, type RouteDefinition } from '../../http/route.js';
import type { PaymentEvents } from '../../payments/payment-events.js';
import type { RevenueService } from '../../station/revenue-service.js';
import { paymentProviderActor, type AuditTrail } from '../../station/audit-trail.js';

/** The signature header as the OpenAPI document declares it: its shape is checkable, its validity only with the signing secret. */
export const STRIPE_SIGNATURE_PARAMETER = {
  name: 'Stripe-Signature',
  in: 'header',
  required: true,
  description: "Stripe's signature of the body: `t=<Unix seconds>,v1=<hex HMAC-SHA256>`",
  schema: {
    type: 'string',
    pattern: '^t=[0-9]+,',
    description:
      "Exact rule: an HMAC-SHA256 of `<t>.<the exact body bytes>` with the endpoint's signing secret, `t` within 5 minutes of now (checked by Stripe's SDK); anything else is 400.",
  },
};

export interface PaymentWebhookOptions {
  /** null: no signing secret configured, the endpoint answers 503 (the provider retries later). */
  events: PaymentEvents | null;
  revenue: RevenueService;
  /** What each event records is audited with the provider as its actor. */
  audit: AuditTrail;
  bodyLimitBytes: number;
}

const ReceiptSchema = Type.Object({
  event_id: Type.String({ description: "the provider's event id" }),
  recorded: Type.Boolean({ description: 'true when this delivery recorded a revenue event; false for a replay or an event that records nothing' }),
  duplicate: Type.Boolean({ description: 'the event was recorded by an earlier delivery' }),
  revenue_event_id: Type.Union([Type.String(), Type.Null()], { description: 'the revenue event it is (`stripe:<event id>`), null when it records nothing' }),
});

/**
 * The payment provider's webhook: what it collects and refunds records itself as revenue. The
 * signature is verified over the exact bytes (so the body is taken raw), every event is recorded
 * once by its id however often it is delivered, and anything refused (bad signature, store
 * down) is answered 4xx/5xx with nothing recorded, so the provider's retry loses nothing.
 */
export function paymentWebhookRoutes(options: PaymentWebhookOptions): RouteDefinition[] {
  const { events, revenue, audit } = options;
  return [
    defineRoute({
      method: 'POST',
      path: '/api/payments/stripe/webhook',
      summary: "Stripe's webhook: checkout.session.completed, invoice.paid and charge.refunded become revenue events, once each (signature verified)",
      headers: ['stripe-signature'],
      rawBody: { limitBytes: options.bodyLimitBytes, description: 'the Stripe event exactly as Stripe signed it (Stripe-Signature header)' },
      response: ReceiptSchema,
      errors: ['RATE_LIMITED'],
      // Its own per-client budget, never the public API's.
      budget: 'paymentWebhook',
      handler: async ({ rawBody, headers, log }) => {
        if (!events) throw new AppError('UNAVAILABLE', { message: 'No payment webhook signing secret is configured.', retryAfterSeconds: 3600 });
        const signature = headers['stripe-signature'];
        if (!signature) throw new AppError('VALIDATION_FAILED', { details: [{ field: 'Stripe-Signature', message: 'the header is required' }] });
        const reading = events.read(rawBody ?? Buffer.alloc(0), signature);
        if (reading.kind === 'ignored') {
          log.info({ providerEvent: reading.eventId, type: reading.eventType, reason: reading.reason }, 'payment event acknowledged, nothing recorded');
          return ok({ event_id: reading.eventId, recorded: false, duplicate: false, revenue_event_id: null });
        }
        const { created, event } = await revenue.recordFromProvider(reading.payment);
        // A replay recorded nothing: only the first delivery is written down.
        if (created) await audit.record(paymentProviderActor(events.provider), 'revenue.entry', `${event.type} ${event.id}`, `${event.amount} ${event.currency} (minor units)`);
        log.info(
          { providerEvent: reading.payment.eventId, revenueEvent: event.id, amount: event.amount, currency: event.currency, created },
          created ? 'payment recorded as revenue' : 'payment event replayed: already recorded',
        );
        return ok({ event_id: reading.payment.eventId, recorded: created, duplicate: !created, revenue_event_id: event.id });
      },
    }),
  ];
}
