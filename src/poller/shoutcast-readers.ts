import { describeError, fetchStatus } from './fetch-status.js';
import { codecOf, decodeHtmlEntities, splitSongText } from './stream-text.js';
import { offAir, unreachable, type StreamReader, type StreamSnapshot } from '../station/stream-snapshot.js';

const count = (value: unknown) => Math.max(0, Math.trunc(Number(value) || 0));
const kbps = (value: unknown) => {
  const n = Number(value);
  return Number.isFinite(n) && n > 0 ? Math.round(n) : null;
};

/** SHOUTcast DNAS v2 `/stats?sid=N&json=1`. */
export class Shoutcast2Reader implements StreamReader {
  constructor(
    private readonly statusUrl: string,
    private readonly clock: () => number = Date.now,
  ) {}

  async read(): Promise<StreamSnapshot> {
    let stats: Record<string, unknown>;
    try {
      stats = JSON.parse((await fetchStatus(this.statusUrl)).text) as Record<string, unknown>;
      if (typeof stats !== 'object' || stats === null) throw new Error('not an object');
    } catch (error) {
      return unreachable(describeError(error));
    }
    if (Number(stats.streamstatus) !== 1) return offAir();
    const uptime = Number(stats.streamuptime);
    const average = Number(stats.averagetime);
    return {
      reachable: true,
      online: true,
      listeners: count(stats.currentlisteners),
      song: splitSongText(String(stats.songtitle ?? '')),
      bitrateKbps: kbps(stats.bitrate),
      codec: codecOf(String(stats.content ?? '') || undefined),
      streamStartedAt: Number.isFinite(uptime) && uptime >= 0 ? Math.floor(this.clock() / 1000 - uptime) : null,
      averageListeningSeconds: Number.isFinite(average) && average >= 0 ? average : null,
    };
  }
}

/**
 * SHOUTcast v1 `/7.html`: `CURRENTLISTENERS,STREAMSTATUS,PEAKLISTENERS,MAXLISTENERS,
 * UNIQUELISTENERS,BITRATE,SONGTITLE` in an HTML body. The title is everything after the sixth
 * comma, since titles contain commas. v1 serves the audio itself to anything but a browser,
 * hence the Mozilla user agent.
 */
export class Shoutcast1Reader implements StreamReader {
  constructor(private readonly statusUrl: string) {}

  async read(): Promise<StreamSnapshot> {
    let body: string;
    try {
      body = (await fetchStatus(this.statusUrl, { 'user-agent': 'Mozilla/5.0 (compatible; radio-hub poller)' })).text;
    } catch (error) {
      return unreachable(describeError(error));
    }
    const line = body.replace(/<[^>]*>/g, '').trim();
    const fields = line.split(',');
    if (fields.length < 7 || !fields.slice(0, 6).every((f) => /^\s*\d+\s*$/.test(f))) return unreachable(`7.html is not in the v1 format: ${line.slice(0, 80)}`);
    if (Number(fields[1]) !== 1) return offAir();
    return {
      reachable: true,
      online: true,
      listeners: count(fields[0]),
      song: splitSongText(decodeHtmlEntities(fields.slice(6).join(','))),
      bitrateKbps: kbps(fields[5]),
      // v1 reports no content type; the v1 DNAS serves MP3 unless told otherwise.
      codec: 'MP3',
      streamStartedAt: null,
      averageListeningSeconds: null,
    };
  }
}
