/**
 * A failed attempt that no retry can cure: the delivery is failed at once, on either queue. The
 * queues decide by this class (`instanceof`), never by an error's name or message.
 */
export class GiveUpError extends Error {
  override readonly name: string = 'GiveUpError';
}

/** The job's endpoint is no longer in `webhooks.endpoints` (removed or changed since it was queued). */
export class EndpointRemovedError extends GiveUpError {
  override readonly name: string = 'EndpointRemovedError';
}

/** The receiver's host resolves to an address the SSRF rule refuses (net/safe-address.ts). */
export class RefusedAddressError extends GiveUpError {
  override readonly name: string = 'RefusedAddressError';
}

/** Sent, but not taken: the receiver answered outside 2xx (retried). */
export class RejectedAttemptError extends Error {
  override readonly name = 'RejectedAttemptError';
  constructor(readonly statusCode: number) {
    super(`receiver answered HTTP ${statusCode}`);
  }
}

/** The attempt was stopped because the process is shutting down (retried later, not counted as the receiver's fault). */
export class AbandonedAttemptError extends Error {
  override readonly name = 'AbandonedAttemptError';
  constructor() {
    super('attempt abandoned at shutdown');
  }
}
