import { AppError } from '../errors.js';
import type { ConnectionCap } from './connection-cap.js';
import type { Budget, RateLimitDecision } from './rate-limit.js';

/** Why a live connection is not opened; both doors answer it the same way (`liveRefusalError`). */
export interface LiveRefusal {
  reason: 'live_connections' | 'stream_opens';
  /** When trying again makes sense, in seconds. */
  retryAfterSeconds: number;
}

/** The one answer to a refused live connection: 429 RATE_LIMITED with Retry-After, on Socket.IO and SSE alike. */
export function liveRefusalError(refusal: LiveRefusal): AppError {
  return new AppError('RATE_LIMITED', { reason: refusal.reason, retryAfterSeconds: refusal.retryAfterSeconds });
}

/**
 * The one decision on live connections, called by both doors: Socket.IO at its engine handshake,
 * SSE before it reads anything. A client holds at most its cap of connections on this node, and
 * SSE streams also spend an open from the client's budget (each open may read the event history,
 * so opening in a loop must cost the client, not the station). A refusal's Retry-After is real:
 * the end of the budget's window when the budget is spent; at the cap, where no window frees a
 * place (only one of the client's own connections closing does), the budget's window length, the
 * pace at which the client could reopen anyway.
 */
export class LiveAdmission {
  constructor(
    private readonly connections: ConnectionCap,
    private readonly streamOpens: Budget,
    /** The Retry-After of a refusal at the cap (the live connections' declared window). */
    private readonly capRetrySeconds: number,
  ) {}

  /** A Socket.IO handshake: a place under the cap, or the refusal. Synchronous (engine.io asks inside the uWS callback). */
  admitSocket(clientKey: string): LiveRefusal | null {
    return this.connections.tryOpen(clientKey) ? null : this.atCap();
  }

  /**
   * An SSE stream: a place under the cap (checked first: a client at its cap costs no counter
   * round trip), then one open from its budget. Synchronous when the budget counts in this process
   * (the stream can then open inside the uWS callback); otherwise a promise, which rejects (503)
   * when the shared counter is away.
   */
  admitStream(clientKey: string): LiveRefusal | null | Promise<LiveRefusal | null> {
    if (!this.connections.tryOpen(clientKey)) return this.atCap();
    let now: RateLimitDecision | undefined;
    try {
      now = this.streamOpens.spendNow(clientKey);
    } catch (error) {
      this.connections.close(clientKey);
      throw error;
    }
    if (now) return this.afterOpenSpent(clientKey, now);
    return this.streamOpens.spend(clientKey).then(
      (decision) => this.afterOpenSpent(clientKey, decision),
      (error: unknown) => {
        this.connections.close(clientKey);
        throw error;
      },
    );
  }

  /** The place under the cap is given back when the budget refused the open. */
  private afterOpenSpent(clientKey: string, decision: RateLimitDecision): LiveRefusal | null {
    if (decision.allowed) return null;
    this.connections.close(clientKey);
    return { reason: 'stream_opens', retryAfterSeconds: decision.resetSeconds };
  }

  /** The connection admitted for `clientKey` closed. */
  release(clientKey: string): void {
    this.connections.close(clientKey);
  }

  private atCap(): LiveRefusal {
    return { reason: 'live_connections', retryAfterSeconds: this.capRetrySeconds };
  }
}
