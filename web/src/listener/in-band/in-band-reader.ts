// Loaded only when the listener presses Play (a dynamic import, its own chunk): the page's first
// load never carries icecast-metadata-player.
import IcecastMetadataPlayer from 'icecast-metadata-player';
import { streamTitle, type StreamMetadata, type StreamTitle } from './stream-title.js';
import type { StreamPlayback } from './play-stream.js';

/**
 * Plays the stream on `audio` through Media Source Extensions, reading its metadata in-band (ICY
 * between the MP3 frames, or an Ogg stream's comments): one request, and each title is handed to
 * `onTitle` when the audio it came with plays, not when the stream server learnt it.
 */
export function readInBand(audio: HTMLAudioElement, streamUrl: string, onTitle: (title: StreamTitle) => void): StreamPlayback {
  let failed: (error: Error) => void = () => undefined;
  const failure = new Promise<never>((_, reject) => (failed = reject));
  const timers = new Set<ReturnType<typeof setTimeout>>();
  const clearTimers = () => {
    for (const timer of timers) clearTimeout(timer);
    timers.clear();
  };
  // Shown once the element's clock reaches `at` (seconds on its media timeline), checked again on
  // waking: a stall or a slow start moves the moment with the audio.
  const showAt = (title: StreamTitle, at: number) => {
    const ahead = at - audio.currentTime;
    if (ahead <= 0.01) {
      onTitle(title);
      return;
    }
    const timer = setTimeout(() => {
      timers.delete(timer);
      showAt(title, at);
    }, ahead * 1000);
    timers.add(timer);
  };
  let first = true;
  const player = new IcecastMetadataPlayer(streamUrl, {
    audioElement: audio,
    metadataTypes: ['icy', 'ogg'],
    playbackMethod: 'mediasource',
    // The library's own onMetadata times a title from when its queue starts, so the titles that
    // arrive while the first second buffers all fire at once; the enqueue callback gives where
    // each belongs on the audio's timeline, and showAt follows the element's own clock to it.
    onMetadataEnqueue: (metadata: StreamMetadata, timestampOffset: number) => {
      const title = streamTitle(metadata);
      if (!title) return;
      // The first block names the song the listener joined (Icecast sends it within the first
      // metadata interval, before the audio starts): it replaces the feed's title at once, which
      // may already name a song the listener will hear only after the player's buffer.
      if (first) onTitle(title);
      else showAt(title, timestampOffset);
      first = false;
    },
    // A reconnection starts a new timeline: titles waiting on the old one are dropped.
    onRetry: clearTimers,
    // A stream that cannot be read (refused, no CORS, a codec Media Source cannot take) fails the
    // start; the library's own retries cover drops while playing.
    onError: (message: string, error?: Error) => failed(error ?? new Error(message)),
    onRetryTimeout: () => failed(new Error('the stream did not come back')),
  });
  const playing = Promise.race([player.play(), failure]);
  playing.catch(() => undefined);
  return {
    playing,
    stop() {
      clearTimers();
      // Detached, the library no longer restarts itself on the element's own play events.
      void player.detachAudioElement().finally(() => {
        // It parks the element on a looping silent clip: the element goes back to the page empty.
        audio.loop = false;
        audio.removeAttribute('src');
        audio.load();
      });
    },
  };
}
