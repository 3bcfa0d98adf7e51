import Stripe from 'stripe';
import { AppError } from '../errors.js';
import type { Clock } from '../station/clock.js';
import type { RevenueType } from '../station/model.js';
import { currencyCode, minorUnits, moneyInstantFromUnixSeconds } from '../station/input/money-rules.js';
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
    // Everything the event must carry is read and checked here, before anything is recorded: a
    // malformed event is a 400 and leaves no trace, so Stripe's corrected retry is still counted.
    idOf(event.id, 'id');
    const occurredAt = new Date(moneyInstantFromUnixSeconds(event.created, 'created')).toISOString();
    const payment = (type: RevenueType, amount: number, currency: unknown, metadata: Record<string, string | boolean>): PaymentReading => ({
      kind: 'payment',
      payment: {
        provider: this.provider,
        eventId: event.id,
        type,
        amount,
        currency: currencyCode(currency, 'data.object.currency'),
        occurred_at: occurredAt,
        metadata: { stripe_event: event.type, ...metadata },
      },
    });
    const ignored = (reason: string): PaymentReading => ({ kind: 'ignored', eventId: event.id, eventType: event.type, reason });
    if (!RECORDED_TYPES.has(event.type)) return ignored('this event type records no revenue');
    const object: unknown = (event.data as { object?: unknown } | undefined)?.object;
    if (!object || typeof object !== 'object' || Array.isArray(object)) throw refused('data.object', 'must be the object the event is about');
    switch (event.type) {
      case 'checkout.session.completed': {
        const session = object as Stripe.Checkout.Session;
        if (session.mode !== 'payment') return ignored('a subscription checkout is recorded by its invoice.paid');
        if (session.payment_status !== 'paid' || !session.amount_total) return ignored('nothing was paid');
        return payment('donation', minorUnits(session.amount_total, 'data.object.amount_total'), session.currency, { checkout_session: idOf(session.id, 'data.object.id') });
      }
      case 'invoice.paid': {
        const invoice = object as Stripe.Invoice;
        if (!invoice.amount_paid) return ignored('nothing was paid');
        return payment('subscription', minorUnits(invoice.amount_paid, 'data.object.amount_paid'), invoice.currency, { invoice: idOf(invoice.id, 'data.object.id') });
      }
      default: {
        // charge.refunded
        const charge = object as Stripe.Charge;
        const now = minorUnits(charge.amount_refunded, 'data.object.amount_refunded');
        const previous: unknown = (event.data as { previous_attributes?: { amount_refunded?: unknown } }).previous_attributes?.amount_refunded ?? 0;
        const before = previous === 0 ? 0 : minorUnits(previous, 'data.previous_attributes.amount_refunded');
        const refunded = now - before;
        if (refunded <= 0) {
          currencyCode(charge.currency, 'data.object.currency');
          return ignored('no new refund');
        }
        // An invoice's charge paid a subscription (the field is on older API versions' payloads).
        const type: RevenueType = (charge as { invoice?: unknown }).invoice ? 'subscription' : 'donation';
        return payment(type, -refunded, charge.currency, { charge: idOf(charge.id, 'data.object.id'), refund: true });
      }
    }
  }
}

/** The event types that record revenue; any other is acknowledged and ignored. */
const RECORDED_TYPES: ReadonlySet<string> = new Set(['checkout.session.completed', 'invoice.paid', 'charge.refunded']);

/** A Stripe id (`evt_…`, `cs_…`, `in_…`, `ch_…`): 1 to 255 visible ASCII characters, else the event is refused. */
function idOf(value: unknown, field: string): string {
  if (typeof value !== 'string' || !/^[\x21-\x7e]{1,255}$/.test(value)) throw refused(field, 'must be a Stripe id');
  return value;
}
