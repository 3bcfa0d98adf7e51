import type { PlayedSong } from './model.js';

/**
 * The stale-song rule: a song announced more than `staleAfterSeconds` ago with no newer title
 * since is no longer presented as playing. Stream servers keep the last title when a source
 * reconnects without metadata (or an encoder stops sending it), so without this bound a song
 * would stay "now playing" for hours. 0 turns the rule off.
 */
export function isStale(song: PlayedSong | null, nowSeconds: number, staleAfterSeconds: number): boolean {
  return song !== null && staleAfterSeconds > 0 && nowSeconds - song.played_at > staleAfterSeconds;
}
