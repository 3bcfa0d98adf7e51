import { createHash, timingSafeEqual } from 'node:crypto';
import { AppError } from '../errors.js';

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * Bearer-key check for administrator routes. Both sides are hashed to equal length first, so
 * the comparison takes the same time whatever the guess. No key configured means the admin
 * routes are switched off (503), never open.
 */
export class AdminAuth {
  private readonly expected: Buffer | null;

  constructor(key: string | null) {
    this.expected = key ? digest(key) : null;
  }

  check(authorization: string): void {
    if (!this.expected) {
      throw new AppError('UNAVAILABLE', { message: 'Administration is switched off: no ADMIN_API_KEY is configured.', retryAfterSeconds: 3600 });
    }
    const match = /^Bearer +(\S+) *$/i.exec(authorization);
    if (!match || !timingSafeEqual(digest(match[1]!), this.expected)) {
      throw new AppError('UNAUTHORIZED', { headers: { 'WWW-Authenticate': 'Bearer realm="radio-hub admin"' } });
    }
  }
}
