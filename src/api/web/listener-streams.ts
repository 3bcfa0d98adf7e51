import type { Config } from '../../config/schema.js';

/** One stream the listener page offers (the bootstrap's `station.streams`). */
export interface ListenerStream {
  label: string;
  url: string;
  /** MIME type, so a browser that cannot play it is not offered it; absent when unknown. */
  type?: string;
}

// A stream without a declared type is guessed from its address's extension, as Icecast mounts are named.
const TYPES: Record<string, string> = { mp3: 'audio/mpeg', aac: 'audio/aac', m4a: 'audio/mp4', ogg: 'audio/ogg', oga: 'audio/ogg', opus: 'audio/ogg', flac: 'audio/flac' };

function guessedType(url: string): string | undefined {
  const extension = /\.([a-z0-9]+)$/i.exec(new URL(url).pathname)?.[1]?.toLowerCase();
  return extension ? TYPES[extension] : undefined;
}

/**
 * The streams a listener may choose between: `station.streams` when the station lists several
 * mounts, else `station.streamUrl` alone (no choice offered), else none (the page says the stream
 * is not set up). The first is the default.
 */
export function listenerStreams(station: Readonly<Config['station']>): ListenerStream[] {
  const listed = station.streams ?? [];
  const streams = listed.length > 0 ? listed : station.streamUrl ? [{ label: '', url: station.streamUrl }] : [];
  return streams.map(({ label, url, type }) => {
    const known = type ?? guessedType(url);
    return known ? { label, url, type: known } : { label, url };
  });
}

/** The origins the pages may play media from (the Content-Security-Policy's `media-src`). */
export function streamOrigins(station: Readonly<Config['station']>): string[] {
  return [...new Set(listenerStreams(station).map((stream) => new URL(stream.url).origin))];
}
