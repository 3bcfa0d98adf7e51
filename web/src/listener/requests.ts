import { useState } from 'preact/hooks';
import { api } from '../shared/api.js';
import { errorText } from '../shared/error-text.js';
import { noteBudgetRefusal } from '../shared/budget.js';
import { html } from '../shared/html.js';
import { t, waitText } from '../shared/i18n.js';
import type { SongRequest } from '../shared/live.js';

const field = (form: HTMLFormElement, name: string) => (form.elements.namedItem(name) as HTMLInputElement).value.trim();

/** The request form; the recently-played (409) and one-per-delay (429) refusals are explained. */
export function RequestForm({
  rules,
  paused,
  onBudgetSpent,
}: {
  rules: { requestThresholdSeconds: number; requestDelaySeconds: number };
  paused: boolean;
  onBudgetSpent: (until: number) => void;
}) {
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  // A rule the station switched off (0 s) is not mentioned.
  const rulesText = t.requestRules(
    rules.requestThresholdSeconds > 0 ? waitText(rules.requestThresholdSeconds) : null,
    rules.requestDelaySeconds > 0 ? waitText(rules.requestDelaySeconds) : null,
  );

  const submit = async (event: Event) => {
    event.preventDefault();
    const form = event.currentTarget as HTMLFormElement;
    const body = {
      song_title: field(form, 'song_title'),
      artist: field(form, 'artist'),
      requester_name: field(form, 'requester_name') || undefined,
      message: field(form, 'message') || undefined,
    };
    setBusy(true);
    const result = await api<SongRequest>('/api/mobile/requests', { body });
    setBusy(false);
    if (result.ok) {
      setNotice({ ok: true, text: result.status === 201 ? t.requestQueued(result.data.song_title) : t.requestAlreadyQueued(result.data.song_title) });
      form.reset();
      return;
    }
    const until = noteBudgetRefusal(result);
    if (until) {
      onBudgetSpent(until);
      setNotice(null);
      return;
    }
    const wait = waitText(result.retryAfter ?? 60);
    const text = result.code === 'RECENTLY_PLAYED' ? t.requestRecentlyPlayed(wait) : result.reason === 'request_delay' ? t.requestTooSoon(wait) : errorText(result);
    setNotice({ ok: false, text });
  };

  return html`<form class="request-form" onSubmit=${submit} aria-describedby=${rulesText ? 'request-rules' : undefined}>
    ${rulesText && html`<p id="request-rules" class="muted">${rulesText}</p>`}
    <label for="request-title">${t.songTitle}</label>
    <input id="request-title" name="song_title" required maxlength="200" />
    <label for="request-artist">${t.artist}</label>
    <input id="request-artist" name="artist" required maxlength="200" />
    <label for="request-name">${t.yourName}</label>
    <input id="request-name" name="requester_name" maxlength="50" autocomplete="name" />
    <label for="request-message">${t.dedication}</label>
    <input id="request-message" name="message" maxlength="500" />
    <button type="submit" disabled=${busy || paused}>${t.sendRequest}</button>
    <p role="status" id="request-notice" class=${notice ? (notice.ok ? 'ok' : 'error') : ''}>${notice?.text ?? ''}</p>
  </form>`;
}

export function RequestQueue({ requests, actions }: { requests: SongRequest[]; actions?: (request: SongRequest) => unknown }) {
  if (requests.length === 0) return html`<p class="muted">${t.requestQueueEmpty}</p>`;
  return html`<ul class="request-list">
    ${requests.map(
      (r) =>
        html`<li key=${r.id} data-id=${r.id} data-status=${r.status}>
          <span><strong>${r.song_title}</strong> – ${r.artist}</span>
          <span class="muted">${t.requestedBy(r.requester_name)}${r.message ? ` · “${r.message}”` : ''}</span>
          <span class=${`badge badge-${r.status}`}>${t.requestStatus[r.status]}</span>
          ${actions?.(r)}
        </li>`,
    )}
  </ul>`;
}

/** Keeps a list current with request:new / request:updated (newest first, bounded). */
export function mergeRequest(list: SongRequest[], request: SongRequest, limit = 20): SongRequest[] {
  const at = list.findIndex((r) => r.id === request.id);
  if (at >= 0) return list.map((r, i) => (i === at ? request : r));
  return [request, ...list].slice(0, limit);
}
