import { describeError, fetchStatus } from './fetch-status.js';
import type { ListenerConnection, ListenerListReader } from './listener-list.js';
import { offAir, unreachable, type HeardListener, type SourceHealth, type StreamReader, type StreamSnapshot } from '../station/stream-snapshot.js';
import type { ListenerDescriber } from './listener-traits.js';

/** Reads one source's status page: what to fetch, and how to read it (never throws). */
export interface StatusParser {
  readonly statusUrl: string;
  readonly headers?: Record<string, string>;
  parse(text: string): StreamSnapshot;
}

export interface SourcePart {
  name: string;
  primary: boolean;
  status: StatusParser;
  /** With admin credentials: the source's listener list. */
  listeners: ListenerListReader | null;
}

interface Reading {
  part: SourcePart;
  snapshot: StreamSnapshot;
  /** Only within this poll: dropped as soon as the counts are made. */
  list: ListenerConnection[] | null;
  listError?: string;
}

/**
 * The station as heard on all its sources (mounts, relays, other servers), as one snapshot:
 *
 * - on air while any source is on air; now playing, quality and uptime come from the primary,
 *   or while it is off air from the first source on air (in configuration order);
 * - listeners are the sum over the sources on air (so is the day's peak, computed from them);
 * - unique listeners count distinct addresses over all listener lists (plus SHOUTcast's own
 *   unique count for a source without one), and are unknown when a source on air has neither;
 * - the poll fails only when nothing is on air and the primary could not be read: a relay that
 *   is down never takes the station off air, and a glitch of the primary alone is a failed poll
 *   (which the station tolerates once), not a station that went silent.
 *
 * A status page shared by several sources (two mounts of one Icecast) is fetched once per poll.
 */
export class SourceSet implements StreamReader {
  constructor(
    private readonly parts: SourcePart[],
    /** Describes each listener for the reports; null when analytics is off. */
    private readonly describer: ListenerDescriber | null = null,
  ) {
    if (parts.filter((p) => p.primary).length !== 1) throw new Error('a source set needs exactly one primary source');
  }

  async read(): Promise<StreamSnapshot> {
    const pages = new Map<string, Promise<{ text: string } | { error: string }>>();
    const page = (status: StatusParser) => {
      const key = `${status.statusUrl} ${JSON.stringify(status.headers ?? {})}`;
      let pending = pages.get(key);
      if (!pending) {
        pending = fetchStatus(status.statusUrl, status.headers).then(
          ({ text }) => ({ text }),
          (error: unknown) => ({ error: describeError(error) }),
        );
        pages.set(key, pending);
      }
      return pending;
    };
    const readings = await Promise.all(
      this.parts.map(async (part): Promise<Reading> => {
        const answer = await page(part.status);
        const snapshot = 'error' in answer ? unreachable(answer.error) : part.status.parse(answer.text);
        if (!snapshot.online || !part.listeners) return { part, snapshot, list: null };
        // Nobody to list: spare the server the admin request.
        if (snapshot.listeners === 0) return { part, snapshot, list: [] };
        try {
          return { part, snapshot, list: await part.listeners.read() };
        } catch (error) {
          return { part, snapshot, list: null, listError: `listener list: ${describeError(error)}` };
        }
      }),
    );
    const snapshot = combine(readings);
    return this.describer && snapshot.online ? { ...snapshot, audience: audienceOf(readings, this.describer) } : snapshot;
  }
}

/** Every listener on air, described; null when a source on air has no list (its sessions are unknown). */
function audienceOf(readings: Reading[], describer: ListenerDescriber): HeardListener[] | null {
  const heard: HeardListener[] = [];
  for (const { part, snapshot, list } of readings) {
    if (!snapshot.online) continue;
    if (!list) return null;
    for (const listener of list) {
      const described = describer.describe(listener, part.name);
      if (described) heard.push(described);
    }
  }
  return heard;
}

function combine(readings: Reading[]): StreamSnapshot {
  const sources: SourceHealth[] = readings.map(({ part, snapshot, listError }) => {
    const error = [snapshot.error, listError].filter(Boolean).join('; ');
    return { name: part.name, primary: part.primary, reachable: snapshot.reachable, online: snapshot.online, listeners: snapshot.listeners, ...(error ? { error } : {}) };
  });
  const primary = readings.find((r) => r.part.primary)!;
  const onAir = readings.filter((r) => r.snapshot.online);
  const lead = primary.snapshot.online ? primary : onAir[0];
  if (!lead) {
    if (!primary.snapshot.reachable) return { ...unreachable(`${primary.part.name}: ${primary.snapshot.error ?? 'unreadable'}`), sources };
    return { ...offAir(), sources };
  }

  const addresses = new Set<string>();
  let countedElsewhere = 0;
  let uniqueKnown = true;
  let sessions: { count: number; connectedSeconds: number } | null = null;
  for (const { snapshot, list } of onAir) {
    if (list) {
      for (const listener of list) addresses.add(listener.address);
      sessions ??= { count: 0, connectedSeconds: 0 };
      for (const { connectedSeconds } of list) {
        if (connectedSeconds === null) continue;
        sessions.count += 1;
        sessions.connectedSeconds += connectedSeconds;
      }
    } else if (snapshot.uniqueListeners !== undefined && snapshot.uniqueListeners !== null) countedElsewhere += snapshot.uniqueListeners;
    else uniqueKnown = false;
  }

  // The server's own average (SHOUTcast), weighted by each source's listeners.
  const averaging = onAir.filter((r) => r.snapshot.averageListeningSeconds !== null);
  const weight = averaging.reduce((sum, r) => sum + r.snapshot.listeners, 0);
  const average =
    averaging.length === 0
      ? null
      : weight === 0
        ? averaging[0]!.snapshot.averageListeningSeconds
        : Math.round(averaging.reduce((sum, r) => sum + r.snapshot.averageListeningSeconds! * r.snapshot.listeners, 0) / weight);

  return {
    reachable: true,
    online: true,
    listeners: onAir.reduce((sum, r) => sum + r.snapshot.listeners, 0),
    song: lead.snapshot.song,
    // What a playout system's reader knows beyond the song travels with it (absent for stream servers).
    ...richerFields(lead.snapshot),
    bitrateKbps: lead.snapshot.bitrateKbps,
    codec: lead.snapshot.codec,
    streamStartedAt: lead.snapshot.streamStartedAt,
    averageListeningSeconds: average,
    uniqueListeners: uniqueKnown ? addresses.size + countedElsewhere : null,
    listenerSessions: sessions,
    sources,
  };
}

function richerFields({ details, next, live, songStartedAt }: StreamSnapshot): Partial<StreamSnapshot> {
  return {
    ...(details !== undefined ? { details } : {}),
    ...(next !== undefined ? { next } : {}),
    ...(live !== undefined ? { live } : {}),
    ...(songStartedAt !== undefined ? { songStartedAt } : {}),
  };
}
