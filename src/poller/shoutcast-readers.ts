import { countOf, objectOf, parseLenientJson, textOf, type LenientObject } from './lenient-json.js';
import { codecOf, decodeHtmlEntities, kbpsOf, splitSongText } from './stream-text.js';
import { offAir, unreachable, type StreamSnapshot } from '../station/stream-snapshot.js';
import type { StatusParser } from './source-set.js';
import type { Clock } from '../station/clock.js';

/** The stream id a SHOUTcast URL names (`?sid=2`), else null. */
export function streamIdOf(url: string): number | null {
  try {
    const sid = Number(new URL(url).searchParams.get('sid'));
    return Number.isInteger(sid) && sid > 0 ? sid : null;
  } catch {
    return null;
  }
}

/**
 * SHOUTcast DNAS v2 `/stats?sid=N&json=1` (one stream), or `/statistics?json=1` (every stream,
 * under `streams`, of which the configured stream id is read).
 */
export class Shoutcast2Reader implements StatusParser {
  private readonly streamId: number;

  constructor(
    readonly statusUrl: string,
    /** For the stream's start, counted back from its uptime. */
    private readonly clock: Clock,
    streamId?: number,
  ) {
    this.streamId = streamId ?? streamIdOf(statusUrl) ?? 1;
  }

  /** Never throws; a page that cannot be read at all is a failed poll. */
  parse(text: string): StreamSnapshot {
    const document = objectOf(parseLenientJson(text));
    if (!document) return unreachable(`SHOUTcast stats are not readable JSON: ${JSON.stringify(text.slice(0, 80))}`);
    let stats: LenientObject | undefined = document;
    if (Array.isArray(document.streams)) {
      const streams = document.streams.map(objectOf).filter((s) => s !== undefined);
      stats = streams.find((s) => countOf(s.id) === this.streamId);
      if (!stats) return offAir();
    }
    if (countOf(stats.streamstatus) !== 1) return offAir();
    const uptime = countOf(stats.streamuptime);
    const average = countOf(stats.averagetime);
    return {
      reachable: true,
      online: true,
      listeners: countOf(stats.currentlisteners) ?? 0,
      song: splitSongText(decodeHtmlEntities(textOf(stats.songtitle))),
      bitrateKbps: kbpsOf(textOf(stats.bitrate)),
      codec: codecOf(textOf(stats.content) || undefined),
      streamStartedAt: uptime !== null ? Math.floor(this.clock() / 1000 - uptime) : null,
      averageListeningSeconds: average,
      uniqueListeners: countOf(stats.uniquelisteners),
    };
  }
}

const FIELDS = /^\s*(\d+)\s*,\s*(\d+)\s*,\s*(\d+)\s*,\s*(\d+)\s*,\s*(\d+)\s*,\s*(\d+)\s*,(.*)$/s;

/**
 * SHOUTcast `/7.html`: `CURRENTLISTENERS,STREAMSTATUS,PEAKLISTENERS,MAXLISTENERS,
 * UNIQUELISTENERS,BITRATE,SONGTITLE` in an HTML body. The title is everything after the sixth
 * comma, since titles contain commas. DNAS v2 answers `/7.html` without `sid` with one
 * `<body>` per stream, in stream id order: the configured stream id picks one (`/7.html?sid=N`
 * answers that stream alone). v1 serves the audio itself to anything but a browser, hence the
 * Mozilla user agent.
 */
export class Shoutcast1Reader implements StatusParser {
  readonly headers = { 'user-agent': 'Mozilla/5.0 (compatible; radio-hub poller)' };
  private readonly streamId: number;

  constructor(
    readonly statusUrl: string,
    streamId?: number,
  ) {
    this.streamId = streamId ?? streamIdOf(statusUrl) ?? 1;
  }

  /** Never throws; a page not in this format is a failed poll. */
  parse(page: string): StreamSnapshot {
    const bodies = [...page.matchAll(/<body[^>]*>([\s\S]*?)(?:<\/body>|$)/gi)].map((m) => m[1]!);
    if (bodies.length === 0) bodies.push(page);
    // One body: the stream the URL named. Several: the N-th is stream N.
    const body = bodies.length === 1 ? bodies[0]! : bodies[this.streamId - 1];
    if (body === undefined) return offAir();
    const line = body.replace(/<[^>]*>/g, '').trim();
    const fields = FIELDS.exec(line);
    if (!fields) return unreachable(`7.html is not in the SHOUTcast format: ${JSON.stringify(line.slice(0, 80))}`);
    if (Number(fields[2]) !== 1) return offAir();
    return {
      reachable: true,
      online: true,
      listeners: Number(fields[1]),
      song: splitSongText(decodeHtmlEntities(fields[7]!)),
      bitrateKbps: kbpsOf(fields[6]!),
      // 7.html gives no content type; the DNAS serves MP3 unless told otherwise.
      codec: 'MP3',
      streamStartedAt: null,
      averageListeningSeconds: null,
      uniqueListeners: Number(fields[5]),
    };
  }
}
