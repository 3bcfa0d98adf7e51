import { useEffect, useRef, useState } from 'preact/hooks';
import { html } from '../shared/html.js';
import { t } from '../shared/i18n.js';
import { mediaMetadata, updateSystemPlayer, type SystemPlayerSong } from './media-session.js';
import { playStream, type InBandMode, type StreamPlayback } from './in-band/play-stream.js';
import type { HeardTitle } from './shown-song.js';

type PlayerState = 'idle' | 'connecting' | 'playing' | 'buffering' | 'error';

// A stream that has not started after this long is reported, rather than "Connecting…" forever.
const START_TIMEOUT_MS = 15_000;

/** Whether the platform lets a page set the volume (iOS does not: the hardware buttons do). */
function volumeSettable(): boolean {
  const probe = document.createElement('audio');
  probe.volume = 0.5;
  return probe.volume === 0.5;
}

/** What the player needs to know; the page owns the song shown and the stream chosen. */
export interface PlayerProps {
  /** The chosen stream's address ('' while the station has none). */
  streamUrl: string;
  /** The song as the listener should see it (the stream's own title when it gave one, else the hub's). */
  song: SystemPlayerSong | null;
  stationName: string;
  /** The song's artwork, else the logo. */
  artwork: string;
  logo: string;
  icons: ReadonlyArray<{ src: string; type: string; sizes: string }>;
  onAir: boolean;
  /** Whether the page may read the chosen stream's titles itself (station.inBandTitles; absent: same-origin). */
  inBandTitles?: InBandMode;
  /**
   * The one way a title read from the stream itself (ICY or Ogg comments, in step with the audio)
   * replaces the title shown and the system player's: call it with the stream's title (artist and
   * title, split at " - ") when that audio plays, and with null to go back to the hub's feed (the
   * player calls it with null on Pause). The in-band reader started in `start()`
   * (in-band/play-stream.ts) is the caller.
   */
  onStreamTitle: (title: HeardTitle | null) => void;
}

/**
 * The play control: idle, connecting, playing, buffering and error, each said in words; volume
 * where the platform allows it. The phone's system player (lock screen, notification shade) shows
 * the song and has Play and Pause (Media Session). A failure is the station's when its polls say
 * the stream is off air, else the listener's network.
 */
export function Player(props: PlayerProps) {
  // No stream configured: no dead Play button that could only fail.
  if (!props.streamUrl) return html`<div class="player" data-state="not-set-up"><p class="player-status" role="status" id="player-status">${t.streamNotSetUp}</p></div>`;
  return html`<${StreamPlayer} ...${props} />`;
}

function StreamPlayer({ streamUrl, song, stationName, artwork, logo, icons, onAir, inBandTitles, onStreamTitle }: PlayerProps) {
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
    onStreamTitle(null);
    if (!element) return;
    playback.current?.stop();
    setState('idle');
  };

  const start = () => {
    const element = audio.current;
    if (!element) return;
    setState('connecting');
    element.volume = volume;
    // Another stream chosen while playing: the old one's reader and request end first, and its
    // last title goes with it (the new mount names its own song on its first block).
    playback.current?.stop();
    onStreamTitle(null);
    // The chosen stream's own titles where the page may read it (in-band/: same origin, or
    // station.inBandTitles "cors"), else the element plays it alone.
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

  // Another stream chosen while playing: switch to it at once.
  const playing = useRef(active);
  playing.current = active;
  useEffect(() => {
    if (playing.current) start();
  }, [streamUrl]);

  // On every song change (and Play or Pause) the system player shows the song and acts on this player.
  useEffect(() => {
    updateSystemPlayer(mediaMetadata(song, stationName, artwork, icons, logo), active, { play: () => !playing.current && start(), pause: () => playing.current && stop() });
  }, [song?.title, song?.artist, song?.album, active, streamUrl, artwork]);

  const onPlaying = () => {
    // The in-band reader plays a silent data: clip on the element before the stream: that is not
    // the station playing yet (Connecting… stays, and so does the start timer).
    if (audio.current?.currentSrc.startsWith('data:')) return;
    clearTimeout(startTimer.current);
    setState('playing');
  };
  const onWaiting = () => setState((current) => (current === 'playing' ? 'buffering' : current));
  const onError = () => {
    clearTimeout(startTimer.current);
    setState((current) => (current === 'idle' ? current : 'error'));
  };
  // A pause while connecting is the old stream's end on a stream switch, or the in-band reader
  // swapping its silent placeholder for the stream: not the listener's Pause (stop() says idle).
  const onPause = () => setState((current) => (current === 'error' || current === 'connecting' ? current : 'idle'));
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
    <audio ref=${audio} preload="none" aria-label=${t.playerLabel} onPlaying=${onPlaying} onWaiting=${onWaiting} onStalled=${onWaiting} onError=${onError} onPause=${onPause}></audio>
  </div>`;
}
