import type { Logger } from 'pino';
import type { Config } from '../config/schema.js';
import type { ArtworkStore } from '../station/ports.js';
import type { ArtworkFinder } from '../station/track-details.js';
import { ArtworkResolver } from './artwork-resolver.js';

/** MusicBrainz's published limit: one request per second per client. */
const MUSICBRAINZ_INTERVAL_MS = 1000;

/** Finds nothing: the station's logo stands in for every song (no contact configured). */
export const NO_ARTWORK: ArtworkFinder = { find: async () => null };

/** The User-Agent MusicBrainz asks for: application, version and a way to reach its operator. */
export const artworkUserAgent = (artwork: Config['artwork']) => `${artwork.appName}/${artwork.appVersion} ( ${artwork.contact ?? ''} )`;

/**
 * The artwork finder the configuration asks for: the MusicBrainz and Cover Art Archive resolver
 * once `artwork.contact` says who runs the station (MusicBrainz's rule for every client), else
 * one that finds nothing.
 */
export function artworkFinderFromConfig(config: Readonly<Config>, store: ArtworkStore, log: Logger): ArtworkFinder {
  const { artwork } = config;
  if (artwork.contact === null) return NO_ARTWORK;
  return new ArtworkResolver(
    store,
    {
      musicBrainzUrl: artwork.musicBrainzUrl,
      coverArtUrl: artwork.coverArtUrl,
      userAgent: artworkUserAgent(artwork),
      allowPrivateAddresses: artwork.allowPrivateAddresses,
      timeoutMs: artwork.timeoutMs,
      maxImageBytes: artwork.maxImageBytes,
      foundSeconds: artwork.foundDays * 86_400,
      missSeconds: artwork.missHours * 3600,
      searchIntervalMs: MUSICBRAINZ_INTERVAL_MS,
    },
    log,
  );
}
