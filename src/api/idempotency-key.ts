import { AppError } from '../errors.js';

const ACCEPTABLE = /^[\x21-\x7e]{1,255}$/;

/** The header as the OpenAPI document lists it on the routes that read it. */
export const IDEMPOTENCY_KEY_PARAMETER = {
  name: 'Idempotency-Key',
  in: 'header',
  required: false,
  description: 'your key for this operation: a repeat with the same body answers the first result, with another body 409 IDEMPOTENCY_CONFLICT',
  schema: { type: 'string', pattern: ACCEPTABLE.source },
};

/** The request's Idempotency-Key header, if any: 1 to 255 visible ASCII characters, else 400. */
export function idempotencyKeyOf(headers: Readonly<Record<string, string>>): string | undefined {
  const key = headers['idempotency-key'];
  if (key === undefined) return undefined;
  if (!ACCEPTABLE.test(key)) throw new AppError('VALIDATION_FAILED', { details: [{ field: 'Idempotency-Key', message: 'must be 1 to 255 visible ASCII characters' }] });
  return key;
}
