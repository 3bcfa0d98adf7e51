import { createHash } from 'node:crypto';
import type { Logger } from 'pino';
import { safeGet, type SafeGetSettings } from '../net/safe-get.js';
import type { ArtworkStore } from '../station/ports.js';
import { songId } from '../station/song.js';
import type { ArtworkFinder } from '../station/track-details.js';
import { imageTypeOf } from './image-type.js';
import { coverCandidates, recordingSearchUrl } from './musicbrainz-search.js';
import { RequestPacer } from './request-pacer.js';

export interface ArtworkResolverSettings {
  musicBrainzUrl: string;
  coverArtUrl: string;
  /** `<app>/<version> ( <contact> )`, as MusicBrainz asks of every client. */
  userAgent: string;
  /** Off: lookups and redirects to private addresses are refused; a function allows some (tests). */
  allowPrivateAddresses: boolean | ((address: string) => boolean);
  timeoutMs: number;
  maxImageBytes: number;
  foundSeconds: number;
  missSeconds: number;
  /** Between two MusicBrainz requests (their published limit: 1 per second). */
  searchIntervalMs: number;
}

/** Where the hub serves an image it keeps (api/web/artwork-route.ts). */
export const ARTWORK_PATH = '/art/';
/** An image's key: the first 128 bits of its SHA-256, hex (so its ETag is its content). */
export const IMAGE_KEY = /^[0-9a-f]{32}$/;
/** Songs looked up at once at most, and searches waiting for their turn at most. */
const MAX_IN_FLIGHT = 64;
const MAX_WAITING_SEARCHES = 16;
/** A MusicBrainz answer is a few KiB; this bounds a wrong or hostile one. */
const MAX_SEARCH_BYTES = 256 * 1024;
const MAX_REDIRECTS = 5;

type Outcome = { image: { key: string; contentType: string; bytes: Buffer } } | 'miss' | 'unknown';

/**
 * The artwork finder: a song's cached lookup, else MusicBrainz (the recording, paced to one
 * search a second) and the Cover Art Archive (following its redirects to archive.org by hand,
 * every hop checked by the SSRF rule), the image fetched once, checked to be an image, and kept
 * in the store to be served from the hub's own origin (`/art/<key>`). Hits and misses are both
 * cached; a fault (a service down, an answer that makes no sense) is not, so the song is asked
 * again later. Never throws.
 */
export class ArtworkResolver implements ArtworkFinder {
  private readonly pacer: RequestPacer;
  private readonly inFlight = new Map<string, Promise<string | null>>();
  private failing = false;

  constructor(
    private readonly store: ArtworkStore,
    private readonly settings: ArtworkResolverSettings,
    private readonly log: Logger,
  ) {
    this.pacer = new RequestPacer(settings.searchIntervalMs, MAX_WAITING_SEARCHES);
  }

  async find(song: { readonly artist: string; readonly title: string; readonly album: string | null }): Promise<string | null> {
    if (!song.title.trim()) return null;
    const key = songId(song.artist, song.title);
    const pending = this.inFlight.get(key);
    if (pending) return pending;
    if (this.inFlight.size >= MAX_IN_FLIGHT) return null;
    const work = this.resolve(key, song).finally(() => this.inFlight.delete(key));
    this.inFlight.set(key, work);
    return work;
  }

  private async resolve(key: string, song: { artist: string; title: string; album: string | null }): Promise<string | null> {
    try {
      const cached = await this.store.lookup(key);
      if (cached?.imageKey === null) return null;
      if (cached?.imageKey && (await this.store.hasImage(cached.imageKey))) return `${ARTWORK_PATH}${cached.imageKey}`;
      // Not looked up yet, or its image gave way to newer ones (the cap): looked up again.
      return await this.lookUpAndKeep(key, song);
    } catch (error) {
      // The store is away (its own outage lines say so): no artwork now, asked again later.
      this.log.debug({ err: error }, 'artwork cache unavailable');
      return null;
    }
  }

  private async lookUpAndKeep(key: string, song: { artist: string; title: string; album: string | null }): Promise<string | null> {
    const outcome = await this.lookUp(song);
    if (outcome === 'unknown') return null;
    if (outcome === 'miss') {
      await this.store.saveLookup(key, { imageKey: null }, this.settings.missSeconds);
      return null;
    }
    const { key: imageKey, contentType, bytes } = outcome.image;
    await this.store.saveImage(imageKey, { contentType, bytes }, this.settings.foundSeconds);
    await this.store.saveLookup(key, { imageKey }, this.settings.foundSeconds);
    return `${ARTWORK_PATH}${imageKey}`;
  }

  private async lookUp(song: { artist: string; title: string; album: string | null }): Promise<Outcome> {
    let candidates = await this.search(song);
    // An album the database spells otherwise must not hide the song: once more without it.
    if (candidates?.length === 0 && song.album) candidates = await this.search({ ...song, album: null });
    if (candidates === null) return 'unknown';
    let fault = false;
    for (const url of candidates) {
      const cover = await this.cover(url);
      if (cover === 'fault') fault = true;
      else if (cover !== 'none') return this.healthy({ image: cover });
    }
    return fault ? 'unknown' : this.healthy('miss');
  }

  /** The cover URLs to try, [] for no match, null when MusicBrainz could not be asked or answered nonsense. */
  private async search(song: { artist: string; title: string; album: string | null }): Promise<string[] | null> {
    if (!(await this.pacer.turn())) return null;
    try {
      const answer = await safeGet(recordingSearchUrl(this.settings.musicBrainzUrl, song), this.request(MAX_SEARCH_BYTES, 'application/json'));
      if (answer.status !== 200) return this.fault(`MusicBrainz answered HTTP ${answer.status}`);
      const candidates = coverCandidates(JSON.parse(answer.body.toString('utf8')) as unknown, this.settings.coverArtUrl, song.album);
      return candidates ?? this.fault('MusicBrainz answered something other than a recording search');
    } catch (error) {
      return this.fault(`MusicBrainz: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  /** One cover: the image, 'none' (there is none, or it is not an image we serve), or 'fault'. */
  private async cover(url: string): Promise<{ key: string; contentType: string; bytes: Buffer } | 'none' | 'fault'> {
    try {
      const answer = await safeGet(url, this.request(this.settings.maxImageBytes, 'image/*'));
      if (answer.status === 404) return 'none';
      if (answer.status !== 200) {
        this.fault(`Cover Art Archive answered HTTP ${answer.status}`);
        return 'fault';
      }
      const type = imageTypeOf(answer.body);
      if (!answer.contentType.toLowerCase().startsWith('image/') || !type) {
        this.log.debug({ url, contentType: answer.contentType }, 'artwork answer is not an image we serve');
        return 'none';
      }
      return { key: createHash('sha256').update(answer.body).digest('hex').slice(0, 32), contentType: type, bytes: answer.body };
    } catch (error) {
      const why = error instanceof Error ? error.message : String(error);
      // Too large is this image's own fault: there is no artwork we would serve.
      if (/larger than|over \d+/.test(why)) return 'none';
      this.fault(`Cover Art Archive: ${why}`);
      return 'fault';
    }
  }

  private request(maxBytes: number, accept: string): SafeGetSettings {
    const { allowPrivateAddresses, timeoutMs, userAgent } = this.settings;
    return { allowPrivateAddresses, setting: 'artwork.allowPrivateAddresses', timeoutMs, maxBytes, maxRedirects: MAX_REDIRECTS, headers: { 'user-agent': userAgent, accept } };
  }

  /** One warning when lookups start failing, one line when they work again; each fault at debug. */
  private fault(why: string): null {
    if (!this.failing) this.log.warn({ reason: why }, 'artwork lookups failing; songs keep the station logo meanwhile');
    else this.log.debug({ reason: why }, 'artwork lookup failed');
    this.failing = true;
    return null;
  }

  private healthy<T>(outcome: T): T {
    if (this.failing) this.log.info('artwork lookups work again');
    this.failing = false;
    return outcome;
  }
}
