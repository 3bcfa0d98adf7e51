import { useEffect, useState } from 'preact/hooks';
import { api, formText } from '../shared/api.js';
import { errorText } from '../shared/error-text.js';
import { html } from '../shared/html.js';
import { t } from '../shared/i18n.js';

interface Sum {
  currency: string;
  amount: number;
  count: number;
}
interface Summary {
  timezone: string;
  days: Array<Sum & { date: string; types: Array<{ type: string; amount: number; count: number }> }>;
  totals: Sum[];
}

/** Decimals of a currency's minor unit, as Intl knows them (USD 2, JPY 0, KWD 3). */
const digitsOf = (currency: string) => {
  try {
    return new Intl.NumberFormat(undefined, { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    return 2;
  }
};

const money = (amount: number, currency: string) => {
  try {
    return new Intl.NumberFormat(document.documentElement.lang || undefined, { style: 'currency', currency }).format(amount / 10 ** digitsOf(currency));
  } catch {
    return `${amount} ${currency}`;
  }
};

/**
 * Revenue per day, type and currency over the last 30 days (GET /api/analytics/revenue.php). No
 * dates are sent: the server picks the 30 days ending today in the station's zone, the same days
 * its sums are made of (the browser's UTC or local dates would shift the window at midnight).
 */
export function Revenue({ adminKey }: { adminKey: string }) {
  const [summary, setSummary] = useState<Summary | null>(null);
  const [error, setError] = useState('');
  const load = () =>
    void api<Summary>('/api/analytics/revenue.php', { adminKey }).then((r) => {
      setError(r.ok ? '' : r.message || t.errorGeneric);
      if (r.ok) setSummary(r.data);
    });
  useEffect(load, [adminKey]);
  return html`<button type="button" class="secondary" id="revenue-refresh" onClick=${load}>${t.refresh}</button>
    ${error ? html`<p class="error">${error}</p>` : !summary ? html`<p class="muted">${t.loading}</p>` : html`<${RevenueTable} summary=${summary} />`}
    <${DonationForm} adminKey=${adminKey} onRecorded=${load} />`;
}

function RevenueTable({ summary }: { summary: Summary }) {
  const days = summary.days.filter((d) => d.count > 0 || d.amount !== 0).reverse();
  if (days.length === 0) return html`<p class="muted">${t.revenueEmpty}</p>`;
  return html`<table class="table" id="revenue-table">
    <caption class="visually-hidden">
      ${t.revenue}
    </caption>
    <thead>
      <tr>
        <th scope="col">${t.date}</th>
        <th scope="col">${t.amount}</th>
        <th scope="col">${t.count}</th>
        <th scope="col">${t.revenueType}</th>
      </tr>
    </thead>
    <tbody>
      ${days.map(
        (d) =>
          html`<tr key=${d.date + d.currency}>
            <td>${d.date}</td>
            <td class="num">${money(d.amount, d.currency)}</td>
            <td class="num">${d.count}</td>
            <td>${d.types.map((s) => `${t.revenueTypes[s.type] ?? s.type} ${money(s.amount, d.currency)}`).join(' · ')}</td>
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
            <td></td>
          </tr>`,
      )}
    </tfoot>
  </table>`;
}

/**
 * A cash or cheque donation, recorded as a revenue event (POST /api/analytics/revenue.php). The
 * form's own id makes a double click or a retry one event: it is kept until the entry is recorded.
 */
function DonationForm({ adminKey, onRecorded }: { adminKey: string; onRecorded: () => void }) {
  const [notice, setNotice] = useState('');
  const [entryId, setEntryId] = useState(() => crypto.randomUUID());
  const submit = async (event: Event) => {
    event.preventDefault();
    const form = event.currentTarget as HTMLFormElement;
    const data = new FormData(form);
    const currency = formText(data, 'currency').toUpperCase();
    const amount = Math.round(Number(formText(data, 'amount').replace(',', '.')) * 10 ** digitsOf(currency));
    const method = formText(data, 'method');
    const donor = formText(data, 'donor');
    const result = await api('/api/analytics/revenue.php', {
      method: 'POST',
      adminKey,
      body: { event_id: `console:${entryId}`, type: 'donation', amount, currency, source: method, metadata: { method, ...(donor ? { donor } : {}) } },
    });
    setNotice(result.ok ? t.recorded : errorText(result));
    if (!result.ok) return;
    form.reset();
    setEntryId(crypto.randomUUID());
    onRecorded();
  };
  return html`<form class="inline-form" id="donation-form" onSubmit=${submit}>
    <h3>${t.recordDonation}</h3>
    <div>
      <label for="donation-method">${t.paymentMethod}</label>
      <select id="donation-method" name="method">
        <option value="cash">${t.cash}</option>
        <option value="cheque">${t.cheque}</option>
      </select>
    </div>
    <div><label for="donation-amount">${t.amountMajor}</label><input id="donation-amount" name="amount" inputmode="decimal" required pattern="[0-9]+([.,][0-9]{1,3})?" /></div>
    <div><label for="donation-currency">${t.currency}</label><input id="donation-currency" name="currency" required maxlength="3" pattern="[A-Za-z]{3}" value="USD" /></div>
    <div><label for="donation-donor">${t.donor}</label><input id="donation-donor" name="donor" maxlength="200" /></div>
    <button type="submit">${t.record}</button>
    <p class="notice" role="status">${notice}</p>
  </form>`;
}
