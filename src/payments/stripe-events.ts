import Stripe from 'stripe';
import { AppError } from '../errors.js';
import type { Clock } from '../station/clock.js';
import type { RevenueType } from '../station/model.js';
import type { PaymentEvents, PaymentReading } from './payment-events.js';

/** Stripe's default: a signature older than five minutes is refused (a replayed capture). */
const TOLERANCE_SECONDS = 300;

const refused = (field: string, message: string) => new AppError('VALIDATION_FAILED', { message: `The Stripe event was refused: ${message}`, details: [{ field, message }] });

/**
 * Stripe's webhook events, verified with the official SDK (`webhooks.constructEvent`: HMAC
 * over the exact bytes, with the endpoint's signing secret, within the tolerance) and mapped onto
 * revenue events:
 *
 * - `checkout.session.completed` in `payment` mode, paid: a donation (a one-off Checkout);
 *   in `subscription` mode nothing, since its first invoice comes as `invoice.paid`;
 * - `invoice.paid`: a subscription payment (every period, the first included);
 * - `charge.refunded`: the amount refunded by this event (the growth of `amount_refunded`
 *   since `previous_attributes`, so partial refunds add up), as a negative event of the type
 *   the charge was (an invoice's charge: subscription; else donation).
 */
export class StripeEvents implements PaymentEvents {
  readonly provider = 'stripe';

  constructor(
    private readonly signingSecret: string,
    private readonly clock: Clock,
  ) {}

  read(rawBody: Buffer, signature: string): PaymentReading {
    let event: Stripe.Event;
    try {
      event = Stripe.webhooks.constructEvent(rawBody, signature, this.signingSecret, TOLERANCE_SECONDS, undefined, this.clock());
    } catch (error) {
      const message = error instanceof Stripe.errors.StripeSignatureVerificationError ? 'the signature does not verify' : 'the body is not a Stripe event';
      throw refused('Stripe-Signature', message);
    }
    const occurredAt = new Date(event.created * 1000).toISOString();
    const payment = (type: RevenueType, amount: number, currency: string, metadata: Record<string, string | boolean>): PaymentReading => ({
      kind: 'payment',
      payment: { provider: this.provider, eventId: event.id, type, amount, currency: currency.toUpperCase(), occurred_at: occurredAt, metadata: { stripe_event: event.type, ...metadata } },
    });
    const ignored = (reason: string): PaymentReading => ({ kind: 'ignored', eventId: event.id, eventType: event.type, reason });
    switch (event.type) {
      case 'checkout.session.completed': {
        const session = event.data.object;
        if (session.mode !== 'payment') return ignored('a subscription checkout is recorded by its invoice.paid');
        if (session.payment_status !== 'paid' || !session.amount_total || !session.currency) return ignored('nothing was paid');
        return payment('donation', amountOf(session.amount_total, 'amount_total'), session.currency, { checkout_session: session.id });
      }
      case 'invoice.paid': {
        const invoice = event.data.object;
        if (!invoice.amount_paid) return ignored('nothing was paid');
        return payment('subscription', amountOf(invoice.amount_paid, 'amount_paid'), invoice.currency, { invoice: invoice.id });
      }
      case 'charge.refunded': {
        const charge = event.data.object;
        const before = event.data.previous_attributes?.amount_refunded ?? 0;
        const refunded = amountOf(charge.amount_refunded, 'amount_refunded') - before;
        if (refunded <= 0) return ignored('no new refund');
        // An invoice's charge paid a subscription (the field is on older API versions' payloads).
        const type: RevenueType = (charge as { invoice?: unknown }).invoice ? 'subscription' : 'donation';
        return payment(type, -refunded, charge.currency, { charge: charge.id, refund: true });
      }
      default:
        return ignored('this event type records no revenue');
    }
  }
}

/** A positive integer of minor units, or the event is refused (nothing recorded from a malformed one). */
function amountOf(value: unknown, field: string): number {
  if (!Number.isSafeInteger(value) || (value as number) <= 0) throw refused(field, 'must be a positive integer of minor units');
  return value as number;
}
