import { countOf, objectOf, parseLenientJson, type LenientObject } from './lenient-json.js';
import { artworkUrlOf, playoutText, secondsOf } from './playout-text.js';
import { codecOf, splitSongText } from './stream-text.js';
import { offAir, unreachable, type StreamSnapshot } from '../station/stream-snapshot.js';
import type { NextTrack, TrackDetails } from '../station/track-details.js';
import type { StatusParser } from './source-set.js';

/**
 * AzuraCast's now-playing API for one station: `/api/nowplaying/{station}` or the static file
 * `/api/nowplaying_static/{station}.json` (the same document, served without PHP). Beyond what a
 * stream server says it gives the song's album, ISRC, artwork and duration, when it started,
 * what plays next and whether a streamer (DJ) is live. Field names: AzuraCast's own OpenAPI
 * document (`Api_NowPlaying`).
 */
export class AzuraCastReader implements StatusParser {
  constructor(readonly statusUrl: string) {}

  /** Never throws; a page that is not AzuraCast's now-playing document is a failed poll. */
  parse(text: string): StreamSnapshot {
    const document = objectOf(parseLenientJson(text));
    const nowPlaying = objectOf(document?.now_playing);
    if (!document || !objectOf(document.station) || !('now_playing' in document)) return unreachable(`not AzuraCast now-playing JSON: ${JSON.stringify(text.slice(0, 80))}`);
    if (document.is_online !== true) return offAir();
    const song = objectOf(nowPlaying?.song);
    const listeners = objectOf(document.listeners);
    const mount = defaultMount(objectOf(document.station)!);
    const format = playoutText(mount?.format);
    return {
      reachable: true,
      online: true,
      listeners: countOf(listeners?.total) ?? countOf(listeners?.current) ?? 0,
      uniqueListeners: countOf(listeners?.unique),
      song: song ? songOf(song) : null,
      details: song ? this.detailsOf(song, countOf(nowPlaying?.duration)) : null,
      next: this.nextOf(objectOf(document.playing_next)),
      live: liveOf(objectOf(document.live)),
      songStartedAt: positive(countOf(nowPlaying?.played_at)),
      bitrateKbps: positive(countOf(mount?.bitrate)),
      codec: format ? codecOf(`audio/${format.toLowerCase()}`) : null,
      streamStartedAt: null,
      averageListeningSeconds: null,
    };
  }

  private detailsOf(song: LenientObject, duration: number | null): TrackDetails {
    return {
      album: playoutText(song.album),
      label: null,
      duration: secondsOf(duration),
      artworkUrl: artworkUrlOf(playoutText(song.art), this.statusUrl),
      isrc: playoutText(song.isrc),
    };
  }

  private nextOf(queued: LenientObject | undefined): NextTrack[] {
    const song = objectOf(queued?.song);
    const named = song ? songOf(song) : null;
    if (!song || !named) return [];
    return [{ ...named, duration: secondsOf(countOf(queued!.duration)), artworkUrl: artworkUrlOf(playoutText(song.art), this.statusUrl) }];
  }
}

const positive = (n: number | null) => (n !== null && n > 0 ? n : null);

/** Artist and title fields, else the song's `text` split as a stream server's would be. */
function songOf(song: LenientObject): { artist: string; title: string } | null {
  const artist = playoutText(song.artist) ?? '';
  const title = playoutText(song.title);
  if (title) return { artist, title };
  return splitSongText(playoutText(song.text) ?? '');
}

function liveOf(live: LenientObject | undefined): StreamSnapshot['live'] {
  if (!live) return null;
  const isLive = live.is_live === true;
  return { isLive, streamerName: isLive ? playoutText(live.streamer_name) : null, since: isLive ? positive(countOf(live.broadcast_start)) : null };
}

/** The mount marked default (its bitrate and format are the station's quality), else the first. */
function defaultMount(station: LenientObject): LenientObject | undefined {
  const mounts = Array.isArray(station.mounts) ? station.mounts.map(objectOf).filter((m) => m !== undefined) : [];
  return mounts.find((m) => m.is_default === true) ?? mounts[0];
}
