import { createHash } from 'node:crypto';
import type { Song } from './shapes.js';
import type { TrackDetails } from './track-details.js';

export type { Song };

const normalize = (text: string) => text.normalize('NFC').trim().replace(/\s+/g, ' ').toLowerCase();

/** The same song requested as "AMAZING grace " and "Amazing Grace" has one id. */
export function songId(artist: string, title: string): string {
  return createHash('sha1')
    .update(`${normalize(artist)}\u0000${normalize(title)}`)
    .digest('hex')
    .slice(0, 16);
}

export function makeSong(artist: string, title: string, extra: { album?: string; art?: string } = {}): Song {
  const cleanArtist = artist.trim();
  const cleanTitle = title.trim();
  return {
    id: songId(cleanArtist, cleanTitle),
    title: cleanTitle,
    artist: cleanArtist,
    ...extra,
    text: cleanArtist ? `${cleanArtist} - ${cleanTitle}` : cleanTitle,
  };
}

/** The song with what a richer source adds to it (album, artwork), so the history keeps them too. */
export function songWithDetails(artist: string, title: string, details: Pick<TrackDetails, 'album' | 'artworkUrl'> | null | undefined): Song {
  return makeSong(artist, title, {
    ...(details?.album ? { album: details.album } : {}),
    ...(details?.artworkUrl ? { art: details.artworkUrl } : {}),
  });
}
