import type { Logger } from 'pino';
import type { RateLimitSettings } from './rate-limit.js';
import type { WindowCounter } from './window-counter.js';

/** Failure lines this node writes per minute, all clients together; the rest are counted in one line. */
export const SIGN_IN_LOG_LINES_PER_MINUTE = 100;

/**
 * Wrong admin keys per client (issue 17, 21): `limit` per window, counted in the store's counter
 * so every node shares it. Within the budget a wrong key is 401; past it every sign-in of the
 * client is 429 with Retry-After until the window ends, the right key included. The right key
 * never spends it.
 *
 * Log lines, all `warn`, with the client identity and address, never the key tried:
 * - each wrong key within the budget ("admin sign-in failed"), with the failures so far;
 * - the one that goes over it ("admin sign-in locked"), with the seconds left;
 * - then only at 100, 1,000, 10,000… failures in the window ("admin sign-in still locked"),
 *   so 86,660 guesses from one client are 10 + 1 + 3 lines, counted across every node;
 * - and on each node at most SIGN_IN_LOG_LINES_PER_MINUTE of them a minute whatever the number
 *   of clients (address-hopping): past that one line at the minute's end says how many were left out.
 */
export class SignInBudget {
  readonly limit: number;
  private readonly windowSeconds: number;
  private minuteStartedAt = 0;
  private linesThisMinute = 0;
  private leftOut = 0;
  private summary: NodeJS.Timeout | null = null;

  constructor(
    settings: RateLimitSettings,
    private readonly counter: WindowCounter,
    private readonly log: Logger,
    private readonly clock: () => number = Date.now,
  ) {
    this.limit = settings.limit;
    this.windowSeconds = settings.windowSeconds;
  }

  async lockedFor(client: string): Promise<number> {
    const { count, resetMs } = await this.counter.peek(client);
    return count >= this.limit ? seconds(resetMs) : 0;
  }

  async failed(client: string, ip: string): Promise<number> {
    const { count, resetMs } = await this.counter.hit(client);
    const retryAfterSeconds = count > this.limit ? seconds(resetMs) : 0;
    if (count <= this.limit) {
      this.write({ client, ip, failures: count, limit: this.limit, windowSeconds: this.windowSeconds }, 'admin sign-in failed: wrong key');
    } else if (count === this.limit + 1) {
      this.write({ client, ip, failures: count, limit: this.limit, retryAfterSeconds }, 'admin sign-in locked: too many wrong keys from this client, 429 until its window ends');
    } else if (isPowerOfTen(count)) {
      this.write({ client, ip, failures: count, retryAfterSeconds }, 'admin sign-in still locked');
    }
    return retryAfterSeconds;
  }

  /** Stops the pending "left out" line (the app is closing). */
  close(): void {
    if (this.summary) clearTimeout(this.summary);
    this.summary = null;
  }

  private write(fields: Record<string, unknown>, message: string): void {
    const now = this.clock();
    if (now - this.minuteStartedAt >= 60_000) {
      this.minuteStartedAt = now;
      this.linesThisMinute = 0;
    }
    if (this.linesThisMinute < SIGN_IN_LOG_LINES_PER_MINUTE) {
      this.linesThisMinute += 1;
      this.log.warn(fields, message);
      return;
    }
    this.leftOut += 1;
    this.summary ??= setTimeout(() => this.writeSummary(), Math.max(0, this.minuteStartedAt + 60_000 - now)).unref();
  }

  private writeSummary(): void {
    this.summary = null;
    if (this.leftOut === 0) return;
    this.log.warn({ leftOut: this.leftOut, perMinute: SIGN_IN_LOG_LINES_PER_MINUTE }, 'admin sign-in failures: more lines than the log takes in a minute; these were left out');
    this.leftOut = 0;
  }
}

const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

function isPowerOfTen(n: number): boolean {
  if (n < 10) return false;
  while (n % 10 === 0) n /= 10;
  return n === 1;
}
