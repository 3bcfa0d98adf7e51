// Money as money in the console ("$40.00"): the API keeps integer minor units, the page shows
// major units with the currency's own decimals, in the page's language.

/** Decimals of a currency's minor unit, as Intl knows them (USD 2, JPY 0, KWD 3). */
export function minorDigits(currency: string): number {
  try {
    return new Intl.NumberFormat(undefined, { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    return 2;
  }
}

/** 4000 USD → "$40.00" (in the page's language); an unknown code falls back to "4000 XYZ". */
export function money(amount: number, currency: string): string {
  try {
    return new Intl.NumberFormat(document.documentElement.lang || undefined, { style: 'currency', currency }).format(amount / 10 ** minorDigits(currency));
  } catch {
    return `${amount} ${currency}`;
  }
}

/** The audit log's "4000 USD (minor units)" at the start of a detail, shown as money ("$40.00"); other text as it is. */
export function moneyInDetail(detail: string): string {
  return detail.replace(/^(-?\d+) ([A-Z]{3}) \(minor units\)/, (_all, amount: string, currency: string) => money(Number(amount), currency));
}
