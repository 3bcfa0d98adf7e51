import type { NowPlaying, PlayedSong, Song } from '../shared/live.js';

/** The song to show and whether it is the hub's current one (then its progress and next-up apply). */
export interface ShownSong {
  song: Song | null;
  current: boolean;
}

/** "Artist - Title", as Icecast's StreamTitle carries it, into a song of its own (no hub details). */
function songFromStreamTitle(text: string): Song {
  const at = text.indexOf(' - ');
  const artist = at > 0 ? text.slice(0, at) : '';
  const title = at > 0 ? text.slice(at + 3) : text;
  return { id: `stream:${text}`, artist, title, text };
}

/**
 * The hub learns a new song before the listener hears it (the player's buffer, a relay). While the
 * stream itself names what is heard (`heard`, in-band), that title is shown: the hub's song when it
 * is that one, the history's entry when the hub has moved on (artwork and album kept), else the
 * stream's words alone. Without an in-band title the hub's feed decides, as before.
 */
export function shownSong(heard: string | null, current: NowPlaying['now_playing'], history: readonly PlayedSong[]): ShownSong {
  if (!heard) return { song: current?.song ?? null, current: current !== null };
  if (current?.song.text === heard) return { song: current.song, current: true };
  const earlier = history.find((played) => played.song.text === heard);
  return { song: earlier?.song ?? songFromStreamTitle(heard), current: false };
}
