import { AppError } from '../errors.js';

const ACCEPTABLE = /^[\x21-\x7e]{1,255}$/;

/** The request's Idempotency-Key header, if any: 1 to 255 visible ASCII characters, else 400. */
export function idempotencyKeyOf(headers: Readonly<Record<string, string>>): string | undefined {
  const key = headers['idempotency-key'];
  if (key === undefined) return undefined;
  if (!ACCEPTABLE.test(key)) throw new AppError('VALIDATION_FAILED', { details: [{ field: 'Idempotency-Key', message: 'must be 1 to 255 visible ASCII characters' }] });
  return key;
}
