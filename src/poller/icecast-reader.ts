import { DateTime } from 'luxon';
import { describeError, fetchStatus } from './fetch-status.js';
import { codecOf, decodeHtmlEntities, repairLatin1Mojibake, splitSongText } from './stream-text.js';
import { offAir, unreachable, type StreamReader, type StreamSnapshot } from '../station/stream-snapshot.js';

type IcecastSource = Record<string, unknown>;

// Fields Icecast 2.4 prints as text. It writes a value without quotes whenever it looks like a
// number ("1999" → 1999, "007" → 007, and "-" → -), which is invalid JSON in the last two cases.
const TEXT_FIELDS = 'title|artist|album|genre|server_name|server_description|yp_currently_playing|song';
const BARE_TEXT_VALUE = new RegExp(`"(${TEXT_FIELDS})"\\s*:\\s*(?!"|null\\b)([^,}\\]]*?)\\s*(?=[,}\\]])`, 'g');

/** Quotes the bare values Icecast leaves in text fields, so the document parses and keeps its text. */
export function repairIcecastJson(text: string): string {
  return text.replace(BARE_TEXT_VALUE, (_, field: string, raw: string) => `"${field}":${JSON.stringify(raw)}`);
}

const asText = (value: unknown) => (value === undefined || value === null ? '' : decodeHtmlEntities(repairLatin1Mojibake(String(value))).trim());

function mountOf(source: IcecastSource): string {
  const url = asText(source.listenurl);
  try {
    return new URL(url).pathname;
  } catch {
    return url;
  }
}

function startOf(source: IcecastSource): number | null {
  const iso = DateTime.fromISO(asText(source.stream_start_iso8601));
  if (iso.isValid) return Math.floor(iso.toSeconds());
  const rfc = Date.parse(asText(source.stream_start));
  return Number.isFinite(rfc) ? Math.floor(rfc / 1000) : null;
}

function songOf(source: IcecastSource): StreamSnapshot['song'] {
  const artist = asText(source.artist);
  const title = asText(source.title);
  if (artist && title) return { artist, title };
  return splitSongText(title || artist);
}

/** Icecast 2.4 `status-json.xsl`: one snapshot for the configured mount. */
export class IcecastReader implements StreamReader {
  constructor(
    private readonly statusUrl: string,
    private readonly mount: string,
  ) {}

  async read(): Promise<StreamSnapshot> {
    let text: string;
    try {
      text = (await fetchStatus(this.statusUrl)).text;
    } catch (error) {
      return unreachable(describeError(error));
    }
    let document: { icestats?: { source?: IcecastSource | IcecastSource[] } };
    try {
      document = JSON.parse(repairIcecastJson(text)) as typeof document;
    } catch (error) {
      return unreachable(`status-json.xsl is not JSON even after repair: ${describeError(error)}`);
    }
    if (typeof document?.icestats !== 'object' || document.icestats === null) return unreachable('status-json.xsl has no icestats');
    // No source: `source` is missing; one: an object; several: an array.
    const raw = document.icestats.source;
    const sources = Array.isArray(raw) ? raw : raw && typeof raw === 'object' ? [raw] : [];
    const source = sources.find((s) => mountOf(s) === this.mount);
    if (!source) return offAir();
    const bitrate = Number(source.bitrate ?? source['ice-bitrate']);
    return {
      reachable: true,
      online: true,
      listeners: Math.max(0, Math.trunc(Number(source.listeners) || 0)),
      song: songOf(source),
      bitrateKbps: Number.isFinite(bitrate) && bitrate > 0 ? Math.round(bitrate) : null,
      codec: codecOf(asText(source.server_type) || undefined),
      streamStartedAt: startOf(source),
      averageListeningSeconds: null,
    };
  }
}
