import type { StreamChoice } from '../shared/bootstrap.js';
import { html } from '../shared/html.js';
import { t } from '../shared/i18n.js';

const CHOICE_KEY = 'radio-stream';

/** The streams this browser can play (a stream of unknown type is offered: the browser tries it). */
export function playableStreams(streams: readonly StreamChoice[]): StreamChoice[] {
  const probe = document.createElement('audio');
  const playable = streams.filter((s) => !s.type || probe.canPlayType(s.type) !== '');
  return playable.length > 0 ? playable : [...streams];
}

/** The stream this device chose before (remembered by address), else the station's first. */
export function rememberedStream(streams: readonly StreamChoice[]): string {
  const saved = localStorage.getItem(CHOICE_KEY);
  return streams.find((s) => s.url === saved)?.url ?? streams[0]?.url ?? '';
}

export function rememberStream(url: string): void {
  localStorage.setItem(CHOICE_KEY, url);
}

/** A choice only where there is one: several mounts (e.g. 128 kbps MP3 and 48 kbps AAC for mobile data). */
export function StreamPicker({ streams, chosen, onChoose }: { streams: readonly StreamChoice[]; chosen: string; onChoose: (url: string) => void }) {
  if (streams.length < 2) return null;
  return html`<label class="stream-choice"
    >${t.streamChoice}
    <select
      value=${chosen}
      onChange=${(e: Event) => {
        const url = (e.currentTarget as HTMLSelectElement).value;
        rememberStream(url);
        onChoose(url);
      }}
    >
      ${streams.map((s) => html`<option key=${s.url} value=${s.url}>${s.label}</option>`)}
    </select></label
  >`;
}
