import { useEffect, useState } from 'preact/hooks';
import { api } from '../shared/api.js';
import { dateTime } from '../shared/format.js';
import { html } from '../shared/html.js';
import { t } from '../shared/i18n.js';
import { cv } from './view-strings.js';

// The server's own type (type-only: nothing of the server's code reaches the bundle).
import type { SourceStatus } from '../../../src/station/source-health.js';
import type { Feedback } from '../../../src/station/shapes.js';
import type { WebhookDelivery as Delivery } from '../../../src/api/admin/webhook-deliveries.js';

export type { SourceStatus };

/** Feedback rows shown at a time (Older entries shows the next ones). */
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

/** The feedback and bug-report inbox (the newest 100), filtered by type and rating here, paged. */
export function FeedbackInbox({ adminKey }: { adminKey: string }) {
  const [feedback, reloadFeedback] = useAdminList<Feedback>('/api/admin/feedback?limit=100', 'feedback', adminKey);
  const [type, setType] = useState('');
  const [rating, setRating] = useState('');
  const [shown, setShown] = useState(PAGE);
  const types = [...new Set((feedback ?? []).map((f) => f.type))].sort();
  const matching = (feedback ?? []).filter((f) => (!type || f.type === type) && (!rating || String(f.rating) === rating));
  return html`<section class="card wide" aria-labelledby="inbox-heading">
    <h2 id="inbox-heading">${t.inbox}</h2>
    <form class="inline-form filters" onSubmit=${(e: Event) => e.preventDefault()}>
      <div>
        <label for="feedback-type">${cv.feedbackType}</label>
        <select
          id="feedback-type"
          value=${type}
          onChange=${(e: Event) => {
            setType((e.currentTarget as HTMLSelectElement).value);
            setShown(PAGE);
          }}
        >
          <option value="">${cv.anyType}</option>
          ${types.map((name) => html`<option value=${name}>${name}</option>`)}
        </select>
      </div>
      <div>
        <label for="feedback-rating">${cv.feedbackRating}</label>
        <select
          id="feedback-rating"
          value=${rating}
          onChange=${(e: Event) => {
            setRating((e.currentTarget as HTMLSelectElement).value);
            setShown(PAGE);
          }}
        >
          <option value="">${cv.anyRating}</option>
          ${['5', '4', '3', '2', '1'].map((n) => html`<option value=${n}>${t.stars(Number(n))}</option>`)}
        </select>
      </div>
      <button type="button" class="secondary" onClick=${reloadFeedback}>${t.refresh}</button>
    </form>
    ${
      !feedback
        ? html`<p class="muted">${t.loading}</p>`
        : matching.length === 0
          ? html`<p class="muted">${t.inboxEmpty}</p>`
          : html`<p class="muted" role="status">${cv.feedbackMatches(Math.min(shown, matching.length), feedback.length)}</p>
              <ul class="plain-list" id="feedback-inbox">
                ${matching.slice(0, shown).map(
                  (f) =>
                    html`<li key=${f.id} data-type=${f.type}>
                      <span
                        ><span class="badge">${f.type}</span>
                        ${f.rating !== null ? `★${f.rating} ` : ''}${f.content ?? ''}${f.song ? html` <span class="muted">· ${f.song.text}</span>` : ''}</span
                      >
                      <span class="muted">${dateTime(f.created_at)}</span>
                    </li>`,
                )}
              </ul>
              ${matching.length > shown ? html`<button type="button" class="secondary" onClick=${() => setShown(shown + PAGE)}>${cv.olderEntries}</button>` : ''}`
    }
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
