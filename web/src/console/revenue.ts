import { useEffect, useState } from 'preact/hooks';
import { api } from '../shared/api.js';
import { html } from '../shared/html.js';
import { t } from '../shared/i18n.js';

interface Sum {
  currency: string;
  amount: number;
  count: number;
}
interface Summary {
  days: Array<Sum & { date: string }>;
  totals: Sum[];
}

const money = (amount: number, currency: string) => {
  try {
    // Minor units: Intl knows how many decimals each currency has.
    const digits = new Intl.NumberFormat(undefined, { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
    return new Intl.NumberFormat(document.documentElement.lang || undefined, { style: 'currency', currency }).format(amount / 10 ** digits);
  } catch {
    return `${amount} ${currency}`;
  }
};

/** Revenue per day and currency, last 30 days (GET /api/analytics/revenue.php). */
export function Revenue({ adminKey }: { adminKey: string }) {
  const [summary, setSummary] = useState<Summary | null>(null);
  const [error, setError] = useState('');
  useEffect(() => {
    const day = (d: Date) => d.toISOString().slice(0, 10);
    const to = new Date();
    const from = new Date(to.getTime() - 29 * 86_400_000);
    void api<Summary>(`/api/analytics/revenue.php?from=${day(from)}&to=${day(to)}`, { adminKey }).then((r) => (r.ok ? setSummary(r.data) : setError(r.message || t.errorGeneric)));
  }, [adminKey]);
  if (error) return html`<p class="error">${error}</p>`;
  if (!summary) return html`<p class="muted">${t.loading}</p>`;
  const days = summary.days.filter((d) => d.count > 0 || d.amount !== 0).reverse();
  if (days.length === 0) return html`<p class="muted">${t.revenueEmpty}</p>`;
  return html`<table class="table">
    <caption class="visually-hidden">
      ${t.revenue}
    </caption>
    <thead>
      <tr>
        <th scope="col">${t.date}</th>
        <th scope="col">${t.amount}</th>
        <th scope="col">${t.count}</th>
      </tr>
    </thead>
    <tbody>
      ${days.map(
        (d) =>
          html`<tr key=${d.date + d.currency}>
            <td>${d.date}</td>
            <td class="num">${money(d.amount, d.currency)}</td>
            <td class="num">${d.count}</td>
          </tr>`,
      )}
    </tbody>
    <tfoot>
      ${summary.totals.map(
        (s) =>
          html`<tr key=${s.currency}>
            <th scope="row">${t.total} ${s.currency}</th>
            <td class="num">${money(s.amount, s.currency)}</td>
            <td class="num">${s.count}</td>
          </tr>`,
      )}
    </tfoot>
  </table>`;
}
