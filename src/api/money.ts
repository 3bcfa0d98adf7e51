import { Type } from '@sinclair/typebox';
import { ISO_4217_CODES as ISO_CURRENCIES } from './iso-4217.js';

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
