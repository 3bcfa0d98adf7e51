import { useEffect, useRef, useState } from 'preact/hooks';
import { html } from '../shared/html.js';
import { t } from '../shared/i18n.js';
import type { Song } from '../shared/live.js';
import { playStream, type InBandMode, type StreamPlayback } from './in-band/play-stream.js';
import type { StreamTitle } from './in-band/stream-title.js';

type PlayerState = 'idle' | 'connecting' | 'playing' | 'buffering' | 'error';

// A stream that has not started after this long is reported, rather than "Connecting…" forever.
const START_TIMEOUT_MS = 15_000;

/** Whether the platform lets a page set the volume (iOS does not: the hardware buttons do). */
function volumeSettable(): boolean {
  const probe = document.createElement('audio');
  probe.volume = 0.5;
  return probe.volume === 0.5;
}

/** `onStreamTitle`: the title the stream itself carries as each song is heard (null: back to the feed's). */
interface PlayerProps {
  streamUrl: string;
  song: Song | null;
  stationName: string;
  artwork: string;
  onAir: boolean;
  inBandTitles?: InBandMode;
  onStreamTitle?: (title: StreamTitle | null) => void;
}

/**
 * The large play control: idle, connecting, playing, buffering and error, each said in words;
 * volume where the platform allows it. The phone's lock screen shows the song (Media Session).
 * A failure is the station's when its polls say the stream is off air, else the listener's network.
 */
export function Player(props: PlayerProps) {
  // No stream configured: no dead Play button that could only fail.
  if (!props.streamUrl) return html`<div class="player" data-state="not-set-up"><p class="player-status" role="status" id="player-status">${t.streamNotSetUp}</p></div>`;
  return html`<${StreamPlayer} ...${props} />`;
}

function StreamPlayer({ streamUrl, song, stationName, artwork, onAir, inBandTitles, onStreamTitle = () => undefined }: PlayerProps) {
  const audio = useRef<HTMLAudioElement>(null);
  const playback = useRef<StreamPlayback>();
  const [state, setState] = useState<PlayerState>('idle');
  const [volume, setVolume] = useState(() => Number(localStorage.getItem('radio-volume') ?? 1));
  const [canSetVolume] = useState(volumeSettable);
  const startTimer = useRef<ReturnType<typeof setTimeout>>();
  const active = state === 'connecting' || state === 'playing' || state === 'buffering';

  const stop = () => {
    const element = audio.current;
    clearTimeout(startTimer.current);
    if (!element) return;
    playback.current?.stop();
    onStreamTitle(null);
    setState('idle');
  };

  const start = () => {
    const element = audio.current;
    if (!element) return;
    setState('connecting');
    element.volume = volume;
    // The stream's own titles where the page may read them (in-band/), else the element alone.
    const session = (playback.current = playStream(element, streamUrl, inBandTitles, onStreamTitle));
    clearTimeout(startTimer.current);
    startTimer.current = setTimeout(() => {
      session.stop();
      setState('error');
    }, START_TIMEOUT_MS);
    session.playing.catch(() => {
      clearTimeout(startTimer.current);
      setState((current) => (current === 'connecting' ? 'error' : current));
    });
  };

  const toggle = () => (active ? stop() : start());

  useEffect(() => () => clearTimeout(startTimer.current), []);

  useEffect(() => {
    if (!('mediaSession' in navigator)) return;
    navigator.mediaSession.metadata = new MediaMetadata({
      title: song?.title ?? stationName,
      artist: song?.artist ?? t.live,
      album: stationName,
      artwork: artwork ? [{ src: new URL(artwork, location.href).href }] : [],
    });
    navigator.mediaSession.setActionHandler('play', () => !active && start());
    navigator.mediaSession.setActionHandler('pause', () => active && stop());
    navigator.mediaSession.setActionHandler('stop', () => active && stop());
  }, [song?.id, active, streamUrl, artwork]);

  const onPlaying = () => {
    clearTimeout(startTimer.current);
    setState('playing');
  };
  const onWaiting = () => setState((current) => (current === 'playing' ? 'buffering' : current));
  const onError = () => {
    clearTimeout(startTimer.current);
    setState((current) => (current === 'idle' ? current : 'error'));
  };
  const changeVolume = (event: Event) => {
    const value = Number((event.target as HTMLInputElement).value);
    setVolume(value);
    localStorage.setItem('radio-volume', String(value));
    if (audio.current) audio.current.volume = value;
  };

  const status = state === 'connecting' ? t.connecting : state === 'buffering' ? t.buffering : state === 'error' ? (onAir ? t.playerFailed : t.playerStationDown) : '';
  return html`<div class="player" data-state=${state}>
    <button type="button" class="play" id="play" aria-pressed=${active} onClick=${toggle}>
      <span class="play-icon" aria-hidden="true">${active ? '❚❚' : '▶'}</span>
      <span class="play-label">${active ? t.pause : t.play}</span>
    </button>
    <div class="player-side">
      <p class="live-badge" data-playing=${state === 'playing'}><span class="dot" aria-hidden="true"></span>${t.live}</p>
      ${
        canSetVolume &&
        html`<label class="volume"
          ><span class="vh">${t.volume}</span><input type="range" min="0" max="1" step="0.05" value=${volume} onInput=${changeVolume} aria-label=${t.volume}
        /></label>`
      }
    </div>
    <p class=${`player-status${state === 'error' ? ' error' : ''}`} role="status" id="player-status">${status}</p>
    <audio
      ref=${audio}
      preload="none"
      aria-label=${t.playerLabel}
      onPlaying=${onPlaying}
      onWaiting=${onWaiting}
      onStalled=${onWaiting}
      onError=${onError}
      onPause=${() => setState((current) => (current === 'error' ? current : 'idle'))}
    ></audio>
  </div>`;
}
