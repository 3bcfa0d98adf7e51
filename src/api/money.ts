import { Type } from '@sinclair/typebox';
import { ISO_4217_CODES as ISO_CURRENCIES } from '../station/input/iso-4217.js';
import { MONEY_TIME_PATTERN } from '../station/input/money-rules.js';

/** An ISO 4217 code, in upper or lower case (Stripe writes `usd`); answers carry it upper-cased. */
export const CurrencyCode = Type.String({
  enum: [...ISO_CURRENCIES, ...ISO_CURRENCIES.map((code) => code.toLowerCase())],
  'x-messages': { enum: 'must be an ISO 4217 currency code, e.g. USD' },
  description: 'ISO 4217 currency code in upper or lower case (stored and answered upper-cased)',
});

/** Amounts are integers of the currency's minor unit (cents): money is never a float. */
export const MinorUnits = (max: number) => Type.Integer({ minimum: 1, maximum: max, description: 'integer amount in minor units (e.g. cents)' });

/** The code upper-cased (CurrencyCode has admitted only ISO 4217 codes). */
export const isoCurrency = (code: string): string => code.toUpperCase();

/** A time money is recorded at: the one form the day computation reads (station/input/money-rules.ts), checked there again. */
export const MoneyTime = (description: string) =>
  Type.String({
    format: 'date-time',
    pattern: MONEY_TIME_PATTERN,
    'x-pattern-message': 'must be YYYY-MM-DDTHH:MM:SS with Z or an offset, years 1970 to 9998, e.g. 2026-06-14T23:30:00-05:00',
    description: `${description}; RFC 3339 with \`T\`, years 1970 to 9998, seconds 00-59 (no leap second), Z or an offset; else 400`,
  });
