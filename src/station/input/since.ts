import { DateTime } from 'luxon';
import { AppError } from '../../errors.js';
import { brokenRule } from '../../messages/broken-rule.js';

const SECONDS = /^\d{1,12}(\.\d+)?$/;
const MILLISECONDS = /^\d{13}$/;

/**
 * `since` as Unix seconds (fractions allowed), Unix milliseconds (13 digits) or ISO-8601
 * (no offset means UTC). Returns milliseconds; anything else is 400 with the field named.
 */
export function parseSince(raw: string): number {
  const text = raw.trim();
  if (MILLISECONDS.test(text)) return Number(text);
  if (SECONDS.test(text)) return Number(text) * 1000;
  const iso = DateTime.fromISO(text, { zone: 'utc' });
  if (text !== '' && iso.isValid) return iso.toMillis();
  throw new AppError('VALIDATION_FAILED', {
    details: [brokenRule('since', (v) => v.since)],
  });
}
