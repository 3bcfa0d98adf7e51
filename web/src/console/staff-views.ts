import { useEffect, useState } from 'preact/hooks';
import { api } from '../shared/api.js';
import { errorText } from '../shared/error-text.js';
import { dateTime } from '../shared/format.js';
import { html } from '../shared/html.js';
import { t } from '../shared/i18n.js';
import { cv } from './view-strings.js';

// The server's own type (type-only: nothing of the server's code reaches the bundle).
import type { SourceStatus } from '../../../src/station/source-health.js';
import type { Feedback } from '../../../src/station/shapes.js';
import type { WebhookDelivery as Delivery } from '../../../src/api/admin/webhook-deliveries.js';

export type { SourceStatus };

/** Feedback rows a page asks for (Older entries loads the next ones). */
const PAGE = 20;

/** Each stream source: up or down, its listeners, the last poll it answered (GET /api/admin/station). */
export function Sources({ sources }: { sources: SourceStatus[] }) {
  if (sources.length === 0) return html`<p class="muted">${t.loading}</p>`;
  return html`<table class="table stacking" id="sources">
    <caption class="visually-hidden">
      ${t.sources}
    </caption>
    <thead>
      <tr>
        <th scope="col">${t.sourceHealth}</th>
        <th scope="col">${t.onAir}</th>
        <th scope="col">${t.listenersNow}</th>
        <th scope="col">${t.lastGoodPoll}</th>
      </tr>
    </thead>
    <tbody>
      ${sources.map(
        (s) =>
          html`<tr key=${s.name} data-up=${s.reachable && s.online}>
            <th scope="row">${s.name}</th>
            <td data-label=${t.onAir}>${s.reachable && s.online ? t.sourceUp : t.sourceDown}${s.error ? html` <span class="muted">(${s.error})</span>` : ''}</td>
            <td class="num" data-label=${t.listenersNow}>${s.listeners}</td>
            <td data-label=${t.lastGoodPoll}>${s.last_good_poll === null ? t.never : dateTime(s.last_good_poll)}</td>
          </tr>`,
      )}
    </tbody>
  </table>`;
}

/** Loads an admin list once and on demand (a Refresh button): these change rarely and are not pushed live. */
function useAdminList<T>(path: string, field: string, adminKey: string): [T[] | null, () => void] {
  const [list, setList] = useState<T[] | null>(null);
  const load = () => void api<Record<string, T[]>>(path, { adminKey }).then((r) => r.ok && setList(r.data[field] ?? []));
  useEffect(load, [adminKey]);
  return [list, load];
}

/** The types the app sends (the list also offers any other type seen in the inbox). */
const KNOWN_TYPES = ['app_feedback', 'bug_report', 'song_rating'];

interface FeedbackFilter {
  type: string;
  /** A star count ('1'–'5'), or '' for any rating. */
  rating: string;
}

/** The API's query for a filter and a page (GET /api/admin/feedback: type, min_rating, max_rating, before). */
function feedbackQuery(filter: FeedbackFilter, before: number | null): string {
  const query = new URLSearchParams({ limit: String(PAGE) });
  if (filter.type) query.set('type', filter.type);
  if (filter.rating) {
    query.set('min_rating', filter.rating);
    query.set('max_rating', filter.rating);
  }
  if (before !== null) query.set('before', String(before));
  return query.toString();
}

/**
 * The feedback and bug-report inbox, newest first, filtered by type and rating by the server
 * (the whole kept feedback, not only the newest page), a page at a time (Older entries).
 */
export function FeedbackInbox({ adminKey }: { adminKey: string }) {
  const [feedback, setFeedback] = useState<Feedback[] | null>(null);
  const [next, setNext] = useState<number | null>(null);
  const [filter, setFilter] = useState<FeedbackFilter>({ type: '', rating: '' });
  const [seenTypes, setSeenTypes] = useState<string[]>(KNOWN_TYPES);
  const [error, setError] = useState('');

  const load = (wanted: FeedbackFilter, before: number | null = null) =>
    void api<{ feedback: Feedback[]; next: number | null }>(`/api/admin/feedback?${feedbackQuery(wanted, before)}`, { adminKey }).then((r) => {
      setError(r.ok ? '' : errorText(r));
      if (!r.ok) return;
      setFeedback((shown) => (before !== null ? [...(shown ?? []), ...r.data.feedback] : r.data.feedback));
      setNext(r.data.next);
      setSeenTypes((types) => [...new Set([...types, ...r.data.feedback.map((f) => f.type)])].sort());
    });
  useEffect(() => load(filter), [adminKey, filter]);
  const choose = (field: keyof FeedbackFilter) => (e: Event) => {
    setFilter({ ...filter, [field]: (e.currentTarget as HTMLSelectElement).value });
  };

  return html`<section class="card wide" aria-labelledby="inbox-heading">
    <h2 id="inbox-heading">${t.inbox}</h2>
    <form class="inline-form filters" onSubmit=${(e: Event) => e.preventDefault()}>
      <div>
        <label for="feedback-type">${cv.feedbackType}</label>
        <select id="feedback-type" value=${filter.type} onChange=${choose('type')}>
          <option value="">${cv.anyType}</option>
          ${seenTypes.map((name) => html`<option value=${name}>${name}</option>`)}
        </select>
      </div>
      <div>
        <label for="feedback-rating">${cv.feedbackRating}</label>
        <select id="feedback-rating" value=${filter.rating} onChange=${choose('rating')}>
          <option value="">${cv.anyRating}</option>
          ${['5', '4', '3', '2', '1'].map((n) => html`<option value=${n}>${t.stars(Number(n))}</option>`)}
        </select>
      </div>
      <button type="button" class="secondary" onClick=${() => load(filter)}>${t.refresh}</button>
    </form>
    <p class="error" role="alert">${error}</p>
    ${
      !feedback
        ? html`<p class="muted">${t.loading}</p>`
        : feedback.length === 0
          ? html`<p class="muted">${next === null ? t.inboxEmpty : cv.feedbackNoneYet}</p>`
          : html`<p class="muted" role="status">${cv.feedbackShown(feedback.length)}</p>
              <ul class="plain-list" id="feedback-inbox" aria-label=${t.inbox}>
                ${feedback.map(
                  (f) =>
                    html`<li key=${f.id} data-type=${f.type}>
                      <span
                        ><span class="badge">${f.type}</span>
                        ${f.rating !== null ? `★${f.rating} ` : ''}${f.content ?? ''}${f.song ? html` <span class="muted">· ${f.song.text}</span>` : ''}</span
                      >
                      <span class="muted">${dateTime(f.created_at)}</span>
                    </li>`,
                )}
              </ul>`
    }
    ${next !== null ? html`<button type="button" class="secondary" onClick=${() => load(filter, next)}>${cv.olderEntries}</button>` : ''}
  </section>`;
}

/** The webhook deliveries with their retry state. */
export function WebhookDeliveries({ adminKey }: { adminKey: string }) {
  const [deliveries, reloadDeliveries] = useAdminList<Delivery>('/api/admin/webhooks/deliveries?limit=50', 'deliveries', adminKey);
  return html`<section class="card wide" aria-labelledby="deliveries-heading">
    <h2 id="deliveries-heading">${t.deliveries}</h2>
    <button type="button" class="secondary" onClick=${reloadDeliveries}>${t.refresh}</button>
    ${
      !deliveries
        ? html`<p class="muted">${t.loading}</p>`
        : deliveries.length === 0
          ? html`<p class="muted">${t.deliveriesEmpty}</p>`
          : html`<ul class="plain-list" id="webhook-deliveries">
              ${deliveries.map(
                (d) =>
                  html`<li key=${d.id} data-status=${d.status}>
                    <span><strong>${d.type}</strong> <span class="muted url">${d.url}</span></span>
                    <span
                      ><span class=${`badge badge-${d.status}`}>${d.status}</span> ${t.attempts(d.attempts)}${d.last_error ? html` <span class="muted">· ${d.last_error}</span>` : ''}</span
                    >
                  </li>`,
              )}
            </ul>`
    }
  </section>`;
}
