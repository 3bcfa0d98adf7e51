import { useEffect, useState } from 'preact/hooks';
import { durationText } from '../shared/format.js';
import { html } from '../shared/html.js';
import { t } from '../shared/i18n.js';

/**
 * How far the song is: a real <progress> with the time played and the time left, counted on with
 * this device's clock from the song's start (`played_at`, as docs/api.md says an app should), and
 * never past its end (a late next song leaves the bar full). Without a known duration there is no
 * bar, only the time it has played. Only this component re-renders every second.
 */
export function SongProgress({ playedAt, duration }: { playedAt: number; duration: number | null }) {
  const [nowMs, setNowMs] = useState(Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNowMs(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const raw = Math.max(0, Math.floor(nowMs / 1000 - playedAt));
  if (!duration) return html`<p class="progress muted" id="song-progress">${t.startedAgo(durationText(raw))}</p>`;
  const elapsed = Math.min(duration, raw);
  return html`<div class="progress" id="song-progress">
    <progress max=${duration} value=${elapsed} aria-label=${t.songProgress} aria-valuetext=${t.progressText(durationText(elapsed), durationText(duration))}></progress>
    <span class="elapsed"><span class="vh">${t.progressText(durationText(elapsed), durationText(duration))}</span><span aria-hidden="true">${durationText(elapsed)}</span></span>
    <span class="remaining" aria-hidden="true">${t.remaining(durationText(duration - elapsed))}</span>
  </div>`;
}
