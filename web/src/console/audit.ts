import { useEffect, useState } from 'preact/hooks';
import type { Socket } from 'socket.io-client';
import type { AuditEntry } from '../../../src/station/shapes.js';
import { api, formText } from '../shared/api.js';
import { errorText } from '../shared/error-text.js';
import { dateTime } from '../shared/format.js';
import { html } from '../shared/html.js';
import { t } from '../shared/i18n.js';
import { useStaffEvent } from './staff-live.js';
import { cv } from './view-strings.js';
import { moneyInDetail } from './money.js';

interface Filter {
  actor: string;
  action: string;
  from: string;
  to: string;
}
const NO_FILTER: Filter = { actor: '', action: '', from: '', to: '' };
const PAGE = 25;

/** Unix seconds of a date input's day (the browser's zone: the day the staff member picked), its start or its end. */
const secondsOf = (date: string, end: boolean) => Math.floor(new Date(`${date}T${end ? '23:59:59' : '00:00:00'}`).getTime() / 1000);

/** The API's query for a filter and a page (GET /api/admin/audit: actor, action, from, to, before). */
function queryOf(filter: Filter, before: string | null): string {
  const query = new URLSearchParams({ limit: String(PAGE) });
  if (filter.actor.trim()) query.set('actor', filter.actor.trim());
  if (filter.action) query.set('action', filter.action);
  if (filter.from) query.set('from', String(secondsOf(filter.from, false)));
  if (filter.to) query.set('to', String(secondsOf(filter.to, true)));
  if (before) query.set('before', before);
  return query.toString();
}

/**
 * The audit log (admins only): who did what, when, on what, newest first, filtered by staff member,
 * action and dates, a page at a time (Older entries). A new entry arrives on the staff channel
 * (`audit:entry`) and shows at once on the first page when it matches the filter.
 */
export function AuditLog({ staffSocket, adminKey }: { staffSocket: Socket; adminKey: string }) {
  const [entries, setEntries] = useState<AuditEntry[] | null>(null);
  const [next, setNext] = useState<string | null>(null);
  const [filter, setFilter] = useState<Filter>(NO_FILTER);
  const [error, setError] = useState('');

  const load = (wanted: Filter, before: string | null = null) =>
    void api<{ entries: AuditEntry[]; next: string | null }>(`/api/admin/audit?${queryOf(wanted, before)}`, { adminKey }).then((r) => {
      setError(r.ok ? '' : errorText(r));
      if (!r.ok) return;
      setEntries((shown) => (before ? [...(shown ?? []), ...r.data.entries] : r.data.entries));
      setNext(r.data.next);
    });
  useEffect(() => load(filter), [adminKey, filter]);
  // A live entry is the newest: it heads the list when no filter could exclude it (a filtered list reads again).
  useStaffEvent(
    staffSocket,
    'audit:entry',
    (entry) => {
      if (filter === NO_FILTER) setEntries((shown) => (shown?.some((e) => e.id === entry.id) ? shown : [entry, ...(shown ?? [])]));
      else load(filter);
    },
    [filter],
  );

  const apply = (event: Event) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget as HTMLFormElement);
    const text = (name: string) => formText(data, name);
    const wanted = { actor: text('actor'), action: text('action'), from: text('from'), to: text('to') };
    setFilter(Object.values(wanted).every((v) => !v.trim()) ? NO_FILTER : wanted);
  };

  return html`<section class="card wide" aria-labelledby="audit-heading">
    <h2 id="audit-heading">${t.auditLog}</h2>
    <form class="inline-form filters" id="audit-filters" onSubmit=${apply} onReset=${() => setFilter(NO_FILTER)}>
      <div><label for="audit-actor">${cv.auditActor}</label><input id="audit-actor" name="actor" maxlength="40" autocomplete="off" /></div>
      <div>
        <label for="audit-action">${cv.auditAction}</label>
        <select id="audit-action" name="action">
          <option value="">${cv.anyAction}</option>
          ${Object.entries(t.auditActions).map(([action, label]) => html`<option value=${action}>${label}</option>`)}
        </select>
      </div>
      <div><label for="audit-from">${cv.fromDate}</label><input id="audit-from" name="from" type="date" /></div>
      <div><label for="audit-to">${cv.toDate}</label><input id="audit-to" name="to" type="date" /></div>
      <div class="row-actions">
        <button type="submit">${cv.search}</button>
        <button type="reset" class="secondary">${cv.clearFilters}</button>
        <button type="button" class="secondary" onClick=${() => load(filter)}>${t.auditRefresh}</button>
      </div>
    </form>
    <p class="error" role="alert">${error}</p>
    ${
      entries === null
        ? html`<p class="muted">${t.loading}</p>`
        : entries.length === 0
          ? html`<p class="muted">${t.auditEmpty}</p>`
          : html`<table class="table stacking" id="audit-log">
              <caption class="visually-hidden">
                ${t.auditLog}
              </caption>
              <thead>
                <tr>
                  <th scope="col">${t.auditWhen}</th>
                  <th scope="col">${t.auditWho}</th>
                  <th scope="col">${t.auditWhat}</th>
                  <th scope="col">${t.auditOn}</th>
                </tr>
              </thead>
              <tbody>
                ${entries.map(
                  (e) =>
                    html`<tr key=${e.id}>
                      <td data-label=${t.auditWhen}>${dateTime(e.at)}</td>
                      <td data-label=${t.auditWho}>${e.actor} <span class="muted">(${t.roles[e.role] ?? e.role})</span></td>
                      <td data-label=${t.auditWhat}>${t.auditActions[e.action] ?? e.action}</td>
                      <td data-label=${t.auditOn} class="wrap">${e.target}${e.detail ? html` <span class="muted">· ${moneyInDetail(e.detail)}</span>` : ''}</td>
                    </tr>`,
                )}
              </tbody>
            </table>`
    }
    ${next ? html`<button type="button" class="secondary" onClick=${() => load(filter, next)}>${cv.olderEntries}</button>` : ''}
  </section>`;
}
