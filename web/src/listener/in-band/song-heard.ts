import type { PlayedSong, Song } from '../../shared/live.js';
import type { StreamTitle } from './stream-title.js';

const same = (song: Song, heard: StreamTitle) => song.title === heard.title && song.artist === heard.artist;

/**
 * The song the listener hears: the feed's own record of the stream's title where the feed knows it
 * (now playing, or a song it has already moved to the history because the audio runs behind), so
 * artwork, album and rating follow the song heard; a title the feed never named is shown as it
 * came; without a stream title, the feed's now playing.
 */
export function songHeard(heard: StreamTitle | null, feedSong: Song | null, history: readonly PlayedSong[]): Song | null {
  if (!heard) return feedSong;
  if (feedSong && same(feedSong, heard)) return feedSong;
  const known = history.find((played) => same(played.song, heard))?.song;
  if (known) return known;
  return { id: `stream:${heard.artist} - ${heard.title}`, title: heard.title, artist: heard.artist, text: heard.artist ? `${heard.artist} - ${heard.title}` : heard.title };
}
