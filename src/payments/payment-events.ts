import type { ProviderPayment } from '../station/revenue-service.js';

/**
 * A payment provider's webhook events, read and verified: the door hands over the exact bytes
 * and the signature header, and gets the payment the event reports. Stripe implements it; another
 * provider implements the same and the route does not change.
 */
export interface PaymentEvents {
  readonly provider: string;
  /**
   * The payment the event reports, or `{ ignored }` for an event that records nothing (another
   * type, a zero amount). Throws AppError VALIDATION_FAILED when the signature does not verify
   * (wrong secret, altered bytes, too old) or the event lacks what its type must carry.
   */
  read(rawBody: Buffer, signature: string): PaymentReading;
}

export type PaymentReading = { kind: 'payment'; payment: ProviderPayment } | { kind: 'ignored'; eventId: string; eventType: string; reason: string };
