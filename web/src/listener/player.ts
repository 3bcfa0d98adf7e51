import { useEffect, useRef, useState } from 'preact/hooks';
import { html } from '../shared/html.js';
import { t } from '../shared/i18n.js';
import type { Song } from '../shared/live.js';

/** Play/pause of the stream; the phone's lock screen shows the song through Media Session. */
export function Player({ streamUrl, song, stationName }: { streamUrl: string | null; song: Song | null; stationName: string }) {
  const audio = useRef<HTMLAudioElement>(null);
  const [playing, setPlaying] = useState(false);
  const [failed, setFailed] = useState(false);

  const toggle = () => {
    const element = audio.current;
    if (!element || !streamUrl) return;
    if (playing) {
      element.pause();
      // A live stream resumes at the live edge, not where it paused: drop the buffer.
      element.removeAttribute('src');
      element.load();
      setPlaying(false);
      return;
    }
    setFailed(false);
    element.src = streamUrl;
    element.play().then(
      () => setPlaying(true),
      () => setFailed(true),
    );
  };

  useEffect(() => {
    if (!('mediaSession' in navigator)) return;
    navigator.mediaSession.metadata = new MediaMetadata({ title: song?.title ?? stationName, artist: song?.artist ?? '', album: stationName });
    navigator.mediaSession.setActionHandler('play', () => !playing && toggle());
    navigator.mediaSession.setActionHandler('pause', () => playing && toggle());
  }, [song?.id, playing, streamUrl]);

  return html`<div class="player">
    <button type="button" class="play" id="play" aria-pressed=${playing} disabled=${!streamUrl} onClick=${toggle}>
      <span class="play-icon" aria-hidden="true">${playing ? '❚❚' : '▶'}</span>
      <span>${playing ? t.pause : t.play}</span>
    </button>
    <audio ref=${audio} preload="none" aria-label=${t.playerLabel} onError=${() => playing && setFailed(true)} onPause=${() => setPlaying(false)}></audio>
    ${failed && html`<p class="error" role="alert">${t.playerError}</p>`}
  </div>`;
}
