import { useEffect, useState } from 'preact/hooks';
import { api, formText } from '../shared/api.js';
import { errorText } from '../shared/error-text.js';
import { html } from '../shared/html.js';
import { t } from '../shared/i18n.js';
import '../styles/console-revenue.css';
import { minorDigits, money } from './money.js';
import { RevenueChart, type RevenueDay } from './revenue-chart.js';
import { r } from './revenue-strings.js';

interface Sum {
  currency: string;
  amount: number;
  count: number;
}
interface Summary {
  from: string;
  to: string;
  timezone: string;
  days: Array<RevenueDay & Sum>;
  totals: Sum[];
}

/** The currency of the last entry, kept for the next one (this browser only). */
const CURRENCY_KEY = 'radio-hub:console:currency';
const lastCurrency = () => {
  try {
    return localStorage.getItem(CURRENCY_KEY) ?? 'USD';
  } catch {
    return 'USD';
  }
};

/**
 * Revenue over a range of station dates (GET /api/analytics/revenue.php): totals per currency, a
 * chart per day and type, the days as a table, and the events themselves as CSV
 * (GET /api/admin/revenue/events.csv). With no dates the server picks the 30 days ending today in
 * the station's zone (the browser's own dates would shift the window at midnight); the answer says
 * which, and the date fields start from them.
 */
export function Revenue({ adminKey }: { adminKey: string }) {
  const [summary, setSummary] = useState<Summary | null>(null);
  const [range, setRange] = useState<{ from: string; to: string } | null>(null);
  const [chartCurrency, setChartCurrency] = useState<string | null>(null);
  const [error, setError] = useState('');
  const [download, setDownload] = useState('');
  const load = (wanted = range) =>
    void api<Summary>(`/api/analytics/revenue.php${wanted ? `?from=${wanted.from}&to=${wanted.to}` : ''}`, { adminKey }).then((res) => {
      setError(res.ok ? '' : errorText(res));
      if (!res.ok) return;
      setSummary(res.data);
      setRange({ from: res.data.from, to: res.data.to });
    });
  useEffect(() => load(null), [adminKey]);

  const choose = (event: Event) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget as HTMLFormElement);
    load({ from: formText(data, 'from'), to: formText(data, 'to') });
  };
  const exportCsv = async () => {
    if (!summary) return;
    setDownload(r.downloading);
    // The key goes in the Authorization header, never in a URL: fetched here, handed to the browser as a file.
    const response = await fetch(`/api/admin/revenue/events.csv?from=${summary.from}&to=${summary.to}`, {
      headers: { authorization: `Bearer ${adminKey}`, 'accept-language': document.documentElement.lang },
    }).catch(() => null);
    if (!response?.ok) {
      const body = (await response?.json().catch(() => null)) as { error?: { message?: string } } | null;
      setDownload(body?.error?.message ?? t.errorGeneric);
      return;
    }
    const url = URL.createObjectURL(await response.blob());
    const link = Object.assign(document.createElement('a'), { href: url, download: `revenue-${summary.from}-${summary.to}.csv` });
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
    setDownload('');
  };

  const currencies = summary?.totals.map((s) => s.currency) ?? [];
  const shownCurrency = chartCurrency && currencies.includes(chartCurrency) ? chartCurrency : currencies[0];
  return html`<div class="revenue">
    <form class="revenue-range" onSubmit=${choose}>
      <div><label for="revenue-from">${r.from}</label><input id="revenue-from" name="from" type="date" required value=${range?.from ?? ''} /></div>
      <div><label for="revenue-to">${r.to}</label><input id="revenue-to" name="to" type="date" required value=${range?.to ?? ''} /></div>
      <button type="submit">${r.show}</button>
      <button type="button" class="secondary" id="revenue-refresh" onClick=${() => load()}>${t.refresh}</button>
    </form>
    <p class="error" role="alert">${error}</p>
    ${
      !summary
        ? error
          ? ''
          : html`<p class="muted">${t.loading}</p>`
        : html`<p class="muted">${r.range(summary.from, summary.to, summary.timezone)}</p>
            <h3>${r.totals}</h3>
            ${
              summary.totals.length === 0
                ? html`<p class="muted">${t.revenueEmpty}</p>`
                : html`<ul class="revenue-totals" id="revenue-totals">
                    ${summary.totals.map(
                      (s) => html`<li key=${s.currency}><strong>${money(s.amount, s.currency)}</strong> <span class="muted">${s.currency} · ${r.events(s.count)}</span></li>`,
                    )}
                  </ul>`
            }
            ${
              currencies.length > 1
                ? html`<div class="chart-currency">
                    <label for="revenue-chart-currency">${r.chartCurrency}</label>
                    <select id="revenue-chart-currency" value=${shownCurrency} onChange=${(e: Event) => setChartCurrency((e.currentTarget as HTMLSelectElement).value)}>
                      ${currencies.map((c) => html`<option value=${c}>${c}</option>`)}
                    </select>
                  </div>`
                : ''
            }
            ${shownCurrency ? html`<${RevenueChart} days=${summary.days} from=${summary.from} to=${summary.to} currency=${shownCurrency} />` : ''}
            <p>
              <button type="button" class="secondary" onClick=${() => void exportCsv()}>${r.downloadCsv}</button>
              <span class="muted" role="status">${download}</span>
            </p>
            <${RevenueTable} summary=${summary} />`
    }
    <${DonationForm} adminKey=${adminKey} onRecorded=${() => load()} />
  </div>`;
}

function RevenueTable({ summary }: { summary: Summary }) {
  const days = summary.days.filter((d) => d.count > 0 || d.amount !== 0).reverse();
  if (days.length === 0) return html`<p class="muted">${t.revenueEmpty}</p>`;
  return html`<div class="table-scroll">
    <table class="table" id="revenue-table">
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
              <td data-label=${t.date}>${d.date}</td>
              <td class="num" data-label=${t.amount}>${money(d.amount, d.currency)}</td>
              <td class="num" data-label=${t.count}>${d.count}</td>
              <td data-label=${t.revenueType}>${d.types.map((s) => `${t.revenueTypes[s.type] ?? s.type} ${money(s.amount, d.currency)}`).join(' · ')}</td>
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
    </table>
  </div>`;
}

/**
 * A cash or cheque donation, recorded as a revenue event (POST /api/analytics/revenue.php). The
 * form's own id makes a double click or a retry one event: it is kept until the entry is recorded.
 * The currency stays as it was (and is remembered for the next visit): a station counts in one.
 */
function DonationForm({ adminKey, onRecorded }: { adminKey: string; onRecorded: () => void }) {
  const [notice, setNotice] = useState('');
  const [entryId, setEntryId] = useState(() => crypto.randomUUID());
  const [currency, setCurrency] = useState(lastCurrency);
  const submit = async (event: Event) => {
    event.preventDefault();
    const form = event.currentTarget as HTMLFormElement;
    const data = new FormData(form);
    const code = formText(data, 'currency').toUpperCase();
    const amount = Math.round(Number(formText(data, 'amount').replace(',', '.')) * 10 ** minorDigits(code));
    const method = formText(data, 'method');
    const donor = formText(data, 'donor');
    const result = await api('/api/analytics/revenue.php', {
      method: 'POST',
      adminKey,
      body: { event_id: `console:${entryId}`, type: 'donation', amount, currency: code, source: method, metadata: { method, ...(donor ? { donor } : {}) } },
    });
    setNotice(result.ok ? t.recorded : errorText(result));
    if (!result.ok) return;
    try {
      localStorage.setItem(CURRENCY_KEY, code);
    } catch {
      // Private mode: remembered for this page only.
    }
    form.reset();
    setCurrency(code);
    (form.elements.namedItem('currency') as HTMLInputElement).value = code;
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
    <div><label for="donation-currency">${t.currency}</label><input id="donation-currency" name="currency" required maxlength="3" pattern="[A-Za-z]{3}" defaultValue=${currency} /></div>
    <div><label for="donation-donor">${t.donor}</label><input id="donation-donor" name="donor" maxlength="200" /></div>
    <button type="submit">${t.record}</button>
    <p class="notice" role="status">${notice}</p>
  </form>`;
}
