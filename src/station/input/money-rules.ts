import { DateTime } from 'luxon';
import { AppError } from '../../errors.js';
import { ISO_4217_CODES } from './iso-4217.js';

// The rules every money path shares — staff entries (revenue.php), the payment provider's webhook,
// and the ledger adapters that write them — in one home, so a value one path takes is a value
// every other path and the revenue report read the same way.

const refused = (field: string, message: string) => new AppError('VALIDATION_FAILED', { details: [{ field, message }] });

/**
 * The one form a money time is written in: RFC 3339 with `T`, years 1970 to 9998, seconds 00–59
 * (no leap second: luxon, and so the day computation, cannot read one), an optional fraction and
 * `Z` or an offset within ±23:59. Whatever the offset and the station's zone, such a time lands on
 * a day from 1969-12-30 to 9999-01-02: four-digit dates the revenue report's `from`/`to` reach
 * (year 0000 landed on -000001-12-31, 9999 on +010000-01-01). The OpenAPI document declares this
 * pattern with `format: date-time` (the calendar: no 30 February), which `moneyInstant` checks too.
 */
export const MONEY_TIME_PATTERN =
  '^(?:19[7-9][0-9]|[2-8][0-9]{3}|9[0-8][0-9]{2}|99[0-8][0-9]|999[0-8])-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12][0-9]|3[01])T(?:[01][0-9]|2[0-3]):[0-5][0-9]:[0-5][0-9](?:\\.[0-9]{1,9})?(?:Z|[+-](?:[01][0-9]|2[0-3]):[0-5][0-9])$';
const MONEY_TIME = new RegExp(MONEY_TIME_PATTERN);

/** A money time as text (`MONEY_TIME_PATTERN`, a real date), in milliseconds since the epoch; anything else is a 400. */
export function moneyInstant(text: unknown, field: string): number {
  const parsed = typeof text === 'string' && MONEY_TIME.test(text) ? DateTime.fromISO(text, { setZone: true }) : null;
  if (!parsed?.isValid) {
    throw refused(field, 'must be a real date and time from year 1970 to 9998, YYYY-MM-DDTHH:MM:SS with Z or an offset (e.g. 2026-06-14T23:30:00-05:00)');
  }
  return parsed.toMillis();
}

/** A money time as Unix seconds (a provider's `created`), in milliseconds: read by the same parser, as the UTC time it names. */
export function moneyInstantFromUnixSeconds(seconds: unknown, field: string): number {
  const date = new Date(Number.isSafeInteger(seconds) ? (seconds as number) * 1000 : Number.NaN);
  if (Number.isNaN(date.getTime())) throw refused(field, 'must be whole Unix seconds from 1970 to 9998');
  return moneyInstant(date.toISOString(), field);
}

/** The station-local day (YYYY-MM-DD) a money instant is summed under: the one day computation. */
export function moneyDay(ms: number, timezone: string): string {
  const day = DateTime.fromMillis(ms, { zone: timezone }).toISODate();
  // Unreachable for an instant `moneyInstant` took in a zone the config accepted; never file money under null.
  if (!day || !/^[0-9]{4}-[0-9]{2}-[0-9]{2}$/.test(day)) throw new AppError('INTERNAL', { message: `No report day for ${ms} in ${timezone}.` });
  return day;
}

/**
 * The most one event may carry, in minor units of its currency (cents; yen for JPY, which has
 * none): 10^12, far inside the safe integers, so a sum of millions of events stays exact in
 * JavaScript and in Redis's 64-bit HINCRBY alike.
 */
export const MAX_MINOR_UNITS = 1_000_000_000_000;

/**
 * An amount of money: a whole number of the currency's minor unit, 1 to MAX_MINOR_UNITS, negative
 * only where `refund` allows it. Never rounded: 50.5, "x", 2^53 + 2 or 1e20 are refused.
 */
export function minorUnits(value: unknown, field: string, sign: 'positive' | 'either' = 'positive'): number {
  const ok = Number.isSafeInteger(value) && value !== 0 && Math.abs(value as number) <= MAX_MINOR_UNITS && (sign === 'either' || (value as number) > 0);
  if (!ok) throw refused(field, `must be a whole number of minor units, ${sign === 'either' ? `not 0, at most ${MAX_MINOR_UNITS} either way` : `1 to ${MAX_MINOR_UNITS}`}`);
  return value as number;
}

const CURRENCIES = new Set(ISO_4217_CODES);

/** An ISO 4217 code in upper or lower case (Stripe writes `usd`), upper-cased; anything else is a 400. */
export function currencyCode(value: unknown, field: string): string {
  const upper = typeof value === 'string' && (value === value.toUpperCase() || value === value.toLowerCase()) ? value.toUpperCase() : '';
  if (!CURRENCIES.has(upper)) throw refused(field, 'must be an ISO 4217 currency code, e.g. USD');
  return upper;
}

/**
 * The payment providers whose events record themselves as revenue `<provider>:<event id>`: ids
 * and keys in these namespaces are theirs, so staff cannot take (and pre-empt) one.
 */
export const PAYMENT_PROVIDER_NAMESPACES = ['stripe'] as const;
export type PaymentProviderName = (typeof PAYMENT_PROVIDER_NAMESPACES)[number];

/** Refuses a staff id or key in a provider's namespace (`stripe:…`, any case). */
export function staffMoneyId(value: string, field: string): string {
  const namespace = /^([^:]*):/.exec(value)?.[1]?.toLowerCase();
  if (namespace && (PAYMENT_PROVIDER_NAMESPACES as readonly string[]).includes(namespace)) {
    throw refused(field, `must not begin with "${namespace}:", the payment provider's own events`);
  }
  return value;
}

const REPORT_DAY = /^[0-9]{4}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12][0-9]|3[01])$/;

/**
 * What a ledger adapter checks before it writes anything, whichever door the event came through:
 * an amount of minor units (either sign), an upper-case ISO 4217 code, a four-digit report day.
 * The service has checked the same; this keeps an adapter from half-writing what slipped past.
 */
export function checkLedgerEntry(entry: { amount: number; currency: string }, day: string): void {
  minorUnits(entry.amount, 'amount', 'either');
  if (currencyCode(entry.currency, 'currency') !== entry.currency) throw refused('currency', 'must be upper case');
  if (!REPORT_DAY.test(day)) throw refused('occurred_at', 'has no report day');
}
