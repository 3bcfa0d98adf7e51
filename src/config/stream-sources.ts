import type { Config } from './schema.js';

/** One source as the poller uses it: every default filled in. */
export interface StreamSource {
  name: string;
  kind: Config['stream']['kind'];
  statusUrl: string;
  /** Icecast mount ('' for SHOUTcast). */
  mount: string;
  /** SHOUTcast stream id, when configured. */
  streamId: number | null;
  admin: { user: string; password: string } | null;
  primary: boolean;
}

/**
 * The sources to poll: `stream.sources` when it lists any, else the single source of
 * `stream.{kind, statusUrl, mount, streamId, admin}` (the settings before several sources existed).
 * The primary is the one marked `primary`, else the first.
 */
export function streamSourcesOf(stream: Config['stream']): StreamSource[] {
  const listed = stream.sources?.length ? stream.sources : [{ ...stream, primary: true, name: undefined }];
  const primaryAt = Math.max(
    0,
    listed.findIndex((s) => s.primary === true),
  );
  return listed.map((source, i) => ({
    name: source.name ?? `${source.statusUrl}${source.kind === 'icecast' ? ` ${source.mount}` : source.streamId ? ` sid=${source.streamId}` : ''}`,
    kind: source.kind,
    statusUrl: source.statusUrl,
    mount: source.kind === 'icecast' ? (source.mount ?? '') : '',
    streamId: source.streamId ?? null,
    admin: source.admin ? { user: source.admin.user ?? 'admin', password: source.admin.password } : null,
    primary: i === primaryAt,
  }));
}

/** What JSON Schema cannot say about the sources; the problem with its key, or null. */
export function streamSourcesProblem(stream: Config['stream']): string | null {
  const sources = stream.sources ?? [];
  const where = (i: number, key: string) => (sources.length ? `stream.sources.${i}.${key}` : `stream.${key}`);
  const listed = sources.length ? sources : [stream];
  const seen = new Set<string>();
  for (const [i, source] of listed.entries()) {
    if (source.kind === 'icecast' && !source.mount?.startsWith('/')) return `${where(i, 'mount')}: an Icecast source needs its mount, e.g. "/live.mp3"`;
    if (source.kind !== 'icecast' && source.kind !== 'shoutcast2' && source.admin) return `${where(i, 'admin')}: listener lists are read from icecast and shoutcast2 sources only`;
    const identity = `${source.statusUrl} ${source.kind === 'icecast' ? source.mount : (source.streamId ?? '')}`;
    if (seen.has(identity)) return `${where(i, 'statusUrl')}: the same source is listed twice (its listeners would count twice)`;
    seen.add(identity);
  }
  const primaries = sources.flatMap((s, i) => (s.primary ? [i] : []));
  if (primaries.length > 1) return `stream.sources.${primaries[1]}.primary: only one source may be primary`;
  return null;
}
