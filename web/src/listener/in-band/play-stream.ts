import type { StreamTitle } from './stream-title.js';

/** One press of Play: resolves once the audio plays, rejects when it cannot start. */
export interface StreamPlayback {
  playing: Promise<unknown>;
  stop(): void;
}

export type InBandMode = 'same-origin' | 'cors' | 'off';

/**
 * Whether the page may read this stream itself: the `Icy-MetaData` request header forces a CORS
 * preflight, so only a stream on the page's own origin (nginx's /stream/) or one whose server the
 * station says answers CORS (station.inBandTitles "cors"); and only where Media Source plays it.
 */
export function readsInBand(streamUrl: string, mode: InBandMode = 'same-origin'): boolean {
  if (mode === 'off' || typeof MediaSource === 'undefined') return false;
  try {
    return mode === 'cors' || new URL(streamUrl, location.href).origin === location.origin;
  } catch {
    return false;
  }
}

/** The element playing the stream by itself; the hub's feed gives the titles. */
function playPlain(audio: HTMLAudioElement, streamUrl: string): StreamPlayback {
  audio.src = streamUrl;
  return {
    playing: audio.play(),
    stop: () => {
      audio.pause();
      // A live stream resumes at the live edge, not where it paused: drop the buffer.
      audio.removeAttribute('src');
      audio.load();
    },
  };
}

/**
 * Plays the stream on `audio`; where the page may read it, with its titles in-band, handed to
 * `onTitle` as the listener hears each song. The reader's chunk is fetched now, on Play; should that
 * fail (a dropped connection), the element plays the stream by itself and the feed's titles stay.
 */
export function playStream(audio: HTMLAudioElement, streamUrl: string, mode: InBandMode | undefined, onTitle: (title: StreamTitle) => void): StreamPlayback {
  if (!readsInBand(streamUrl, mode)) return playPlain(audio, streamUrl);
  let stopped = false;
  let current: StreamPlayback | null = null;
  const playing = import('./in-band-reader.js')
    .then(
      ({ readInBand }) => readInBand,
      () => null,
    )
    .then((readInBand) => {
      if (stopped) return;
      current = readInBand ? readInBand(audio, streamUrl, onTitle) : playPlain(audio, streamUrl);
      return current.playing;
    });
  return {
    playing,
    stop: () => {
      stopped = true;
      current?.stop();
    },
  };
}
