import { useState } from 'preact/hooks';
import { html } from '../shared/html.js';
import { t } from '../shared/i18n.js';

/** The page's own address, without a fragment: what a friend opens to listen. */
const pageLink = () => `${location.origin}${location.pathname}`;

/**
 * Share: the system's share sheet where the browser has the Web Share API (phones); elsewhere the
 * link is copied, and where even the clipboard is refused it is shown selected, to copy by hand.
 * Give: the station's donation page (`station.donateUrl`), only when the station set one.
 */
export function ShareAndGive({ songText, stationName, donateUrl }: { songText: string | null; stationName: string; donateUrl: string | null }) {
  const [note, setNote] = useState<{ copied: boolean } | null>(null);
  const share = async () => {
    const url = pageLink();
    const text = songText ? t.shareText(songText, stationName) : stationName;
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title: stationName, text, url });
        return;
      } catch (error) {
        // The listener closed the sheet: nothing to say.
        if (error instanceof DOMException && error.name === 'AbortError') return;
      }
    }
    try {
      await navigator.clipboard.writeText(url);
      setNote({ copied: true });
    } catch {
      setNote({ copied: false });
    }
  };
  return html`<div class="share-give">
    <button type="button" class="secondary" id="share" onClick=${share}>${t.share}</button>
    ${donateUrl && html`<a class="give" href=${donateUrl} target="_blank" rel="noopener">${t.give}<span class="vh"> ${t.opensNewTab}</span></a>`}
    <p class="share-note" role="status" id="share-note">
      ${
        note &&
        (note.copied ? t.linkCopied : html`<label>${t.copyThisLink} <input readonly value=${pageLink()} onFocus=${(e: Event) => (e.currentTarget as HTMLInputElement).select()} /></label>`)
      }
    </p>
  </div>`;
}
