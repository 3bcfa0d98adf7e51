import { DateTime } from 'luxon';
import { AppError } from '../errors.js';
import type { Clock } from './clock.js';

export interface DayRange {
  start: DateTime;
  end: DateTime;
  /** Days from start to end, both counted. */
  days: number;
}

/**
 * `from` and `to` (YYYY-MM-DD, station zone) as a range of whole days: `to` defaults to today,
 * `from` to `defaultDays` - 1 days before `to`; `from` after `to`, or a range longer than
 * `maxDays`, is VALIDATION_FAILED (400) naming the field.
 */
export function dayRangeOf(from: string | undefined, to: string | undefined, rules: { timezone: string; clock: Clock; maxDays: number; defaultDays: number }): DayRange {
  const day = (text: string, field: string) => {
    const parsed = DateTime.fromISO(text, { zone: rules.timezone });
    if (!parsed.isValid) throw new AppError('VALIDATION_FAILED', { details: [{ field, message: 'must be a date, YYYY-MM-DD' }] });
    return parsed.startOf('day');
  };
  const today = DateTime.fromMillis(rules.clock(), { zone: rules.timezone }).startOf('day');
  const end = to ? day(to, 'to') : today;
  const start = from ? day(from, 'from') : end.minus({ days: rules.defaultDays - 1 });
  if (start > end) throw new AppError('VALIDATION_FAILED', { details: [{ field: 'from', message: 'must not be after to' }] });
  const days = Math.round(end.diff(start, 'days').days) + 1;
  if (days > rules.maxDays) throw new AppError('VALIDATION_FAILED', { details: [{ field: 'from', message: `the range may cover at most ${rules.maxDays} days` }] });
  return { start, end, days };
}
