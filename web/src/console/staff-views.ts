import { useEffect, useState } from 'preact/hooks';
import { api } from '../shared/api.js';
import { dateTime } from '../shared/format.js';
import { html } from '../shared/html.js';
import { t } from '../shared/i18n.js';

// The server's own type (type-only: nothing of the server's code reaches the bundle).
import type { SourceStatus } from '../../../src/station/source-health.js';

export type { SourceStatus };

/** Each stream source: up or down, its listeners, the last poll it answered (GET /api/admin/station). */
export function Sources({ sources }: { sources: SourceStatus[] }) {
  if (sources.length === 0) return html`<p class="muted">${t.loading}</p>`;
  return html`<table class="table" id="sources">
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
            <td>${s.reachable && s.online ? t.sourceUp : t.sourceDown}${s.error ? html` <span class="muted">(${s.error})</span>` : ''}</td>
            <td class="num">${s.listeners}</td>
            <td>${s.last_good_poll === null ? t.never : dateTime(s.last_good_poll)}</td>
          </tr>`,
      )}
    </tbody>
  </table>`;
}

interface Feedback {
  id: string;
  type: string;
  content: string | null;
  rating: number | null;
  song: { text: string } | null;
  created_at: number;
}
interface Delivery {
  id: string;
  type: string;
  url: string;
  status: string;
  attempts: number;
  last_status_code: number | null;
  last_error: string | null;
  created_at: number;
}

/** Loads an admin list once and on demand (a Refresh button): these change rarely and are not pushed live. */
function useAdminList<T>(path: string, field: string, adminKey: string): [T[] | null, () => void] {
  const [list, setList] = useState<T[] | null>(null);
  const load = () => void api<Record<string, T[]>>(path, { adminKey }).then((r) => r.ok && setList(r.data[field] ?? []));
  useEffect(load, [adminKey]);
  return [list, load];
}

/** The feedback and bug-report inbox, and the webhook deliveries with their retry state. */
export function StaffInbox({ adminKey }: { adminKey: string }) {
  const [feedback, reloadFeedback] = useAdminList<Feedback>('/api/admin/feedback?limit=50', 'feedback', adminKey);
  const [deliveries, reloadDeliveries] = useAdminList<Delivery>('/api/admin/webhooks/deliveries?limit=50', 'deliveries', adminKey);
  return html`<section class="card" aria-labelledby="inbox-heading">
      <h2 id="inbox-heading">${t.inbox}</h2>
      <button type="button" class="secondary" onClick=${reloadFeedback}>${t.refresh}</button>
      ${
        !feedback
          ? html`<p class="muted">${t.loading}</p>`
          : feedback.length === 0
            ? html`<p class="muted">${t.inboxEmpty}</p>`
            : html`<ul class="plain-list" id="feedback-inbox">
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
    </section>
    <section class="card" aria-labelledby="deliveries-heading">
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
                      <span><strong>${d.type}</strong> <span class="muted">${d.url}</span></span>
                      <span
                        ><span class=${`badge badge-${d.status}`}>${d.status}</span> ${t.attempts(d.attempts)}${d.last_error ? html` <span class="muted">· ${d.last_error}</span>` : ''}</span
                      >
                    </li>`,
                )}
              </ul>`
      }
    </section>`;
}
