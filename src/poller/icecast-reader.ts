import { DateTime } from 'luxon';
import { countOf, objectOf, parseLenientJson, textOf, type LenientObject, type LenientValue } from './lenient-json.js';
import { codecOf, decodeHtmlEntities, kbpsOf, repairLatin1Mojibake, splitSongText } from './stream-text.js';
import { offAir, unreachable, type StreamSnapshot } from '../station/stream-snapshot.js';
import type { StatusParser } from './source-set.js';

const asText = (value: LenientValue | undefined) => decodeHtmlEntities(repairLatin1Mojibake(textOf(value))).trim();

function mountOf(source: LenientObject): string {
  const mount = asText(source.mount);
  if (mount.startsWith('/')) return mount;
  const url = asText(source.listenurl);
  try {
    return new URL(url).pathname;
  } catch {
    return url;
  }
}

function startOf(source: LenientObject): number | null {
  const iso = DateTime.fromISO(asText(source.stream_start_iso8601));
  if (iso.isValid) return Math.floor(iso.toSeconds());
  const rfc = Date.parse(asText(source.stream_start));
  return Number.isFinite(rfc) ? Math.floor(rfc / 1000) : null;
}

function songOf(source: LenientObject): StreamSnapshot['song'] {
  const artist = asText(source.artist);
  const title = asText(source.title);
  if (artist && title) return { artist, title };
  return splitSongText(title || artist);
}

/** `audio_info` is "channels=2;samplerate=44100;bitrate=128" (or ice-bitrate=…). */
function audioInfo(source: LenientObject, key: string): string {
  for (const pair of asText(source.audio_info).split(';')) {
    const at = pair.indexOf('=');
    if (at > 0 && pair.slice(0, at).trim().toLowerCase() === key) return pair.slice(at + 1);
  }
  return '';
}

/**
 * The first field that holds a readable bitrate: `bitrate` is text for some encoders (an Ogg
 * encoder's "Quality 4,00"), and then `ice-bitrate` or audio_info still says what it is.
 */
function bitrateOf(source: LenientObject): number | null {
  for (const text of [asText(source.bitrate), asText(source['ice-bitrate']), audioInfo(source, 'bitrate'), audioInfo(source, 'ice-bitrate')]) {
    const kbps = kbpsOf(text);
    if (kbps !== null) return kbps;
  }
  const bps = countOf(source.audio_bitrate);
  return bps !== null && bps >= 1000 ? Math.round(bps / 1000) : null;
}

// What only a connected stream has: its content type, start, audio parameters, metadata.
const STREAM_DETAILS = ['server_type', 'stream_start', 'stream_start_iso8601', 'audio_info', 'bitrate', 'ice-bitrate', 'title', 'artist', 'server_name', 'genre', 'connected', 'source_ip'];

/**
 * Whether a source is actually connected on the mount. Icecast-KH also lists a mount that has no
 * source of its own while its listeners are moved to a fallback: such an entry carries only
 * `listenurl`, `listeners` and `max_listeners`, none of the details a connected stream has.
 */
const hasStream = (source: LenientObject) => STREAM_DETAILS.some((field) => asText(source[field]) !== '');

/**
 * Icecast `status-json.xsl` (2.4, 2.5, KH and compatible servers): one snapshot for one mount.
 * The page is read with a lenient JSON reader, because Icecast 2.4 writes text that looks like a
 * number without quotes (`"title":007`, `"title":-`): that text is kept as written, and valid
 * JSON (formatted or not) reads exactly as it is.
 */
export class IcecastReader implements StatusParser {
  constructor(
    readonly statusUrl: string,
    private readonly mount: string,
    /** The presenter's mount (`stream.liveMount`): while it streams, a presenter is live. */
    private readonly liveMount: string | null = null,
  ) {}

  /** Never throws; a page that cannot be read at all is a failed poll (`reachable: false`). */
  parse(text: string): StreamSnapshot {
    const icestats = objectOf(objectOf(parseLenientJson(text))?.icestats);
    if (!icestats) return unreachable(`status-json.xsl is not readable JSON with icestats: ${JSON.stringify(text.slice(0, 80))}`);
    // No source: `source` is missing; one: an object; several: an array.
    const raw = icestats.source;
    const sources = (Array.isArray(raw) ? raw : [raw]).map(objectOf).filter((s) => s !== undefined);
    const source = sources.find((s) => mountOf(s) === this.mount);
    const live = this.liveOf(sources);
    if (!source || !hasStream(source)) return { ...offAir(), ...live };
    return {
      ...live,
      reachable: true,
      online: true,
      listeners: countOf(source.listeners) ?? 0,
      song: songOf(source),
      bitrateKbps: bitrateOf(source),
      codec: codecOf(asText(source.server_type) || undefined),
      streamStartedAt: startOf(source),
      averageListeningSeconds: null,
    };
  }

  /**
   * Whether the presenter's mount is on air; the name is left to the station, which knows the
   * host of the show on now. Absent without a live mount, so a richer source's word is kept.
   */
  private liveOf(sources: LenientObject[]): Pick<StreamSnapshot, 'live'> {
    if (this.liveMount === null) return {};
    const presenter = sources.find((s) => mountOf(s) === this.liveMount && hasStream(s));
    return { live: presenter ? { isLive: true, streamerName: null, since: startOf(presenter) } : { isLive: false, streamerName: null, since: null } };
  }
}
