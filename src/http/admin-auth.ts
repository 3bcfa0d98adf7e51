import { createHash, timingSafeEqual } from 'node:crypto';
import { AppError } from '../errors.js';

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * The budget of wrong keys around the key check (limits/ implements it: its counting, its log
 * lines). Both answer the seconds the client must wait, 0 when it need not.
 */
export interface SignInGuard {
  /** Before a right key is honoured: a client over its budget waits like a guesser would. */
  lockedFor(client: string): Promise<number>;
  /** After a wrong key: counts it; over the budget the answer is 429 instead of 401. */
  failed(client: string, ip: string): Promise<number>;
}

/**
 * Bearer-key check for administrator routes. Both sides are hashed to equal length first, so
 * the comparison takes the same time whatever the guess. No key configured means the admin
 * routes are switched off (503), never open. With a guard, wrong keys spend a per-client budget:
 * past it every sign-in of that client is 429, the right key included (or a guesser would learn
 * the key from the one answer that is not 429). A request without a Bearer key tried nothing and
 * costs nothing.
 */
export class AdminAuth {
  private readonly expected: Buffer | null;

  constructor(
    key: string | null,
    private readonly guard: SignInGuard | null = null,
  ) {
    this.expected = key ? digest(key) : null;
  }

  /** Throws 503, 401 or 429, or resolves when the caller may go on (a promise only with a guard). */
  check(authorization: string, client: string, ip: string): Promise<void> | void {
    if (!this.expected) {
      throw new AppError('UNAVAILABLE', { message: 'Administration is switched off: no ADMIN_API_KEY is configured.', retryAfterSeconds: 3600 });
    }
    const match = /^Bearer +(\S+) *$/i.exec(authorization);
    if (!match) throw unauthorized();
    const right = timingSafeEqual(digest(match[1]!), this.expected);
    if (!this.guard) {
      if (!right) throw unauthorized();
      return;
    }
    if (right) {
      return this.guard.lockedFor(client).then((seconds) => {
        if (seconds > 0) throw tooManyFailures(seconds);
      });
    }
    return this.guard.failed(client, ip).then((seconds) => {
      throw seconds > 0 ? tooManyFailures(seconds) : unauthorized();
    });
  }
}

const unauthorized = () => new AppError('UNAUTHORIZED', { headers: { 'WWW-Authenticate': 'Bearer realm="radio-hub admin"' } });
const tooManyFailures = (retryAfterSeconds: number) => new AppError('RATE_LIMITED', { reason: 'admin_keys', retryAfterSeconds });
