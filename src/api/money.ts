import { Type } from '@sinclair/typebox';
import { AppError } from '../errors.js';

// ISO 4217 codes in circulation, as Node's ICU knows them (USD, EUR, NGN, …).
const ISO_CURRENCIES: ReadonlySet<string> = new Set(Intl.supportedValuesOf('currency'));

export const CurrencyCode = Type.String({
  pattern: '^[A-Za-z]{3}$',
  'x-pattern-message': 'must be a three-letter ISO 4217 code, e.g. USD',
  description: 'ISO 4217 currency code',
});

/** Amounts are integers of the currency's minor unit (cents): money is never a float. */
export const MinorUnits = (max: number) => Type.Integer({ minimum: 1, maximum: max, description: 'integer amount in minor units (e.g. cents)' });

/** The code upper-cased, or 400 when ISO 4217 has no such currency. */
export function isoCurrency(code: string, field = 'currency'): string {
  const upper = code.toUpperCase();
  if (!ISO_CURRENCIES.has(upper)) throw new AppError('VALIDATION_FAILED', { details: [{ field, message: `${code} is not an ISO 4217 currency` }] });
  return upper;
}
