import { DateTime } from 'luxon';
import { countOf, objectOf, parseLenientJson, type LenientObject, type LenientValue } from './lenient-json.js';
import { artworkUrlOf, playoutText, secondsOf } from './playout-text.js';
import { splitSongText } from './stream-text.js';
import { offAir, unreachable, type StreamSnapshot } from '../station/stream-snapshot.js';
import type { LiveInfo, NextTrack, TrackDetails } from '../station/track-details.js';
import type { StatusParser } from './source-set.js';

// LibreTime's `station.source_enabled` while its own schedule plays (the constant
// Application_Model_Schedule::SCHEDULED_SOURCE_NAME; "Live" and "Master" are the presenters' inputs).
const SCHEDULED = 'Scheduled';

/**
 * LibreTime's `/api/live-info-v2`: what its scheduler plays now and next, with each file's
 * metadata (album, label, length, ISRC, whether it has artwork), the show on air and which input
 * is on air (its schedule, or a presenter's "Live"/"Master" source). LibreTime counts no
 * listeners: pair it with the Icecast it feeds as a second source (docs/polling.md). Its times
 * are local to `station.timezone`, and every string is HTML-escaped.
 */
export class LibreTimeReader implements StatusParser {
  constructor(readonly statusUrl: string) {}

  /** Never throws; a page that is not LibreTime's live-info-v2 is a failed poll. */
  parse(text: string): StreamSnapshot {
    const document = objectOf(parseLenientJson(text));
    const tracks = objectOf(document?.tracks);
    if (!document || !tracks) return unreachable(`not LibreTime live-info-v2 JSON: ${JSON.stringify(text.slice(0, 80))}`);
    const station = objectOf(document.station);
    const zone = playoutText(station?.timezone) ?? 'UTC';
    const current = objectOf(tracks.current);
    if (!current) return offAir();
    const show = objectOf(objectOf(document.shows)?.current);
    const source = playoutText(station?.source_enabled);
    const presenterOnAir = source !== null ? source !== SCHEDULED : playoutText(objectOf(document.sources)?.livedj) === 'on';
    const metadata = objectOf(current.metadata);
    const startedAt = timeOf(current.starts, zone);
    const live: LiveInfo = presenterOnAir
      ? { isLive: true, streamerName: playoutText(show?.name), since: timeOf(show?.starts, zone) ?? startedAt }
      : { isLive: false, streamerName: null, since: null };
    return {
      reachable: true,
      online: true,
      // Nobody listens to LibreTime itself: the Icecast beside it counts them.
      listeners: 0,
      uniqueListeners: 0,
      song: presenterOnAir ? { artist: '', title: playoutText(current.name) ?? playoutText(show?.name) ?? '' } : songOf(current),
      details: metadata && !presenterOnAir ? this.detailsOf(metadata) : null,
      next: this.nextOf(objectOf(tracks.next)),
      live,
      songStartedAt: startedAt,
      bitrateKbps: null,
      codec: null,
      streamStartedAt: null,
      averageListeningSeconds: null,
    };
  }

  private detailsOf(metadata: LenientObject): TrackDetails {
    return {
      album: playoutText(metadata.album_title),
      label: playoutText(metadata.label),
      duration: secondsOf(intervalSeconds(playoutText(metadata.length))),
      artworkUrl: this.artworkOf(metadata),
      isrc: playoutText(metadata.isrc_number),
    };
  }

  /** A file's artwork is a path in LibreTime's storage; LibreTime serves it at `api/track?id=N&return=artwork`. */
  private artworkOf(metadata: LenientObject): string | null {
    const id = countOf(metadata.id);
    if (!playoutText(metadata.artwork) || id === null) return null;
    return artworkUrlOf(`track?id=${id}&return=artwork`, this.statusUrl);
  }

  private nextOf(next: LenientObject | undefined): NextTrack[] {
    if (!next) return [];
    const song = songOf(next);
    if (!song) return [];
    const metadata = objectOf(next.metadata);
    return [{ ...song, duration: metadata ? secondsOf(intervalSeconds(playoutText(metadata.length))) : null, artworkUrl: metadata ? this.artworkOf(metadata) : null }];
  }
}

/** A file's artist and title, else its `name` ("Artist - Title", or a webstream's name). */
function songOf(item: LenientObject): { artist: string; title: string } | null {
  const metadata = objectOf(item.metadata);
  const title = playoutText(metadata?.track_title);
  if (title) return { artist: playoutText(metadata?.artist_name) ?? '', title };
  return splitSongText(playoutText(item.name) ?? '');
}

/** "2013-07-03 14:07:06" in the station's time zone, as Unix seconds. */
function timeOf(value: LenientValue | undefined, zone: string): number | null {
  const text = playoutText(value);
  if (!text) return null;
  const time = DateTime.fromSQL(text, { zone });
  return time.isValid ? Math.floor(time.toSeconds()) : null;
}

/** A PostgreSQL interval as LibreTime prints a length, "00:08:59.000000", in seconds. */
function intervalSeconds(text: string | null): number | null {
  const match = /^(\d+):([0-5]\d):([0-5]\d(?:\.\d+)?)$/.exec(text ?? '');
  return match ? Number(match[1]) * 3600 + Number(match[2]) * 60 + Number(match[3]) : null;
}
