import { useState } from 'preact/hooks';
import { api } from '../shared/api.js';
import { html } from '../shared/html.js';
import { t } from '../shared/i18n.js';
import type { SongRequest } from '../shared/live.js';
import { RequestQueue } from '../listener/requests.js';
import { cv } from './view-strings.js';

const PRIORITIES = ['high', 'normal', 'low'] as const;

/**
 * The pending queue as staff work it: priority, Played, Reject. The list lives in the dashboard
 * (kept live by request:new and request:updated while another view is open); what was just done is
 * said here, and an empty queue says nothing is waiting (not "No requests yet": some were).
 */
export function PendingRequests({ pending, setPending, adminKey }: { pending: SongRequest[]; setPending: (update: (list: SongRequest[]) => SongRequest[]) => void; adminKey: string }) {
  const [notice, setNotice] = useState('');
  const [done, setDone] = useState('');
  const [resolvedAny, setResolvedAny] = useState(false);

  const resolve = async (request: SongRequest, status: 'played' | 'rejected') => {
    const result = await api(`/api/admin/requests/${encodeURIComponent(request.id)}`, { method: 'PATCH', body: { status }, adminKey });
    setNotice(result.ok ? '' : result.message || t.errorGeneric);
    if (!result.ok) return;
    setPending((list) => list.filter((r) => r.id !== request.id));
    setResolvedAny(true);
    setDone(status === 'played' ? cv.markedPlayed(request.song_title) : cv.markedRejected(request.song_title));
  };
  // Staff's priority ranks the pending queue (a listener's only when the station says so).
  const setPriority = async (request: SongRequest, priority: SongRequest['priority']) => {
    const result = await api(`/api/admin/requests/${encodeURIComponent(request.id)}`, { method: 'PATCH', body: { priority }, adminKey });
    setNotice(result.ok ? '' : result.message || t.errorGeneric);
    if (result.ok) setPending((list) => list.map((r) => (r.id === request.id ? { ...r, priority } : r)));
  };

  return html`<section class="card wide" aria-labelledby="queue-heading">
    <h2 id="queue-heading">${t.pendingRequests}</h2>
    <p class="error" role="alert">${notice}</p>
    <p class="notice" role="status" id="queue-done">${done}</p>
    <div id="console-requests" aria-live="polite">
      ${
        pending.length === 0 && resolvedAny
          ? html`<p class="muted">${cv.pendingEmpty}</p>`
          : html`<${RequestQueue}
              requests=${pending}
              actions=${(r: SongRequest) =>
                html`<select
                    class=${`priority priority-${r.priority}`}
                    aria-label=${`${t.priority}: ${r.song_title}`}
                    value=${r.priority}
                    onChange=${(e: Event) => void setPriority(r, (e.currentTarget as HTMLSelectElement).value as SongRequest['priority'])}
                  >
                    ${PRIORITIES.map((p) => html`<option value=${p}>${t.priority}: ${t.priorities[p]}</option>`)}
                  </select>
                  <span class="row-actions">
                    <button type="button" aria-label=${`${t.markPlayed}: ${r.song_title}`} onClick=${() => resolve(r, 'played')}>${t.markPlayed}</button>
                    <button type="button" class="secondary" aria-label=${`${t.markRejected}: ${r.song_title}`} onClick=${() => resolve(r, 'rejected')}>${t.markRejected}</button>
                  </span>`}
            />`
      }
    </div>
  </section>`;
}
