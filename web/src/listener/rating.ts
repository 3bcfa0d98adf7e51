import { useState } from 'preact/hooks';
import { api } from '../shared/api.js';
import { noteBudgetRefusal } from '../shared/budget.js';
import { errorText } from '../shared/error-text.js';
import { html } from '../shared/html.js';
import { t } from '../shared/i18n.js';
import type { Song } from '../shared/live.js';

const storageKey = (song: Song) => `radio-rated:${song.id}`;

/** 1–5 stars for the song on air (keyed by song: a new song starts afresh) (POST /api/mobile/feedback, type song_rating); one rating per song per device. */
export function Rating({ song, paused, onBudgetSpent }: { song: Song; paused: boolean; onBudgetSpent: (until: number) => void }) {
  const [given, setGiven] = useState<number | null>(() => Number(localStorage.getItem(storageKey(song))) || null);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  const rate = async (rating: number) => {
    setBusy(true);
    const result = await api('/api/mobile/feedback', { body: { type: 'song_rating', rating } });
    setBusy(false);
    if (!result.ok) {
      const until = noteBudgetRefusal(result);
      if (until) onBudgetSpent(until);
      else setError(errorText(result));
      return;
    }
    localStorage.setItem(storageKey(song), String(rating));
    setGiven(rating);
    setError('');
  };

  if (given) return html`<p class="rated" role="status">${t.rated(given)}</p>`;
  return html`<fieldset class="rating">
    <legend>${t.rateSong}</legend>
    ${[1, 2, 3, 4, 5].map((n) => html`<button type="button" class="star" disabled=${busy || paused} aria-label=${t.stars(n)} onClick=${() => rate(n)}><span aria-hidden="true">★</span></button>`)}
    ${error && html`<p class="error" role="alert">${error}</p>`}
  </fieldset>`;
}
