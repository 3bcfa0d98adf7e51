import type { NowPlaying, PlayedSong, Song } from '../shared/live.js';
import type { StreamTitle } from './in-band/stream-title.js';

/** A title as the stream itself carries it (in-band/stream-title.ts splits ICY and Ogg metadata). */
export type HeardTitle = StreamTitle;

/** The song to show and whether it is the hub's current one (then its progress and next-up apply). */
export interface ShownSong {
  song: Song | null;
  current: boolean;
}

const same = (song: Song, heard: HeardTitle) => song.title === heard.title && song.artist === heard.artist;

/**
 * The hub learns a new song before the listener hears it (the player's buffer, a relay). While the
 * stream itself names what is heard (`heard`, in-band), that title is shown: the hub's song when it
 * is that one, the history's entry when the hub has moved on (artwork and album kept), else the
 * stream's words alone. Without an in-band title the hub's feed decides, as before.
 */
export function shownSong(heard: HeardTitle | null, current: NowPlaying['now_playing'], history: readonly PlayedSong[]): ShownSong {
  if (!heard) return { song: current?.song ?? null, current: current !== null };
  if (current && same(current.song, heard)) return { song: current.song, current: true };
  const earlier = history.find((played) => same(played.song, heard))?.song;
  if (earlier) return { song: earlier, current: false };
  const text = heard.artist ? `${heard.artist} - ${heard.title}` : heard.title;
  return { song: { id: `stream:${text}`, title: heard.title, artist: heard.artist, text }, current: false };
}
