import type { LiveInfo, NextTrack, TrackDetails } from './track-details.js';

/** What one poll learned from the stream server, the same whatever kind of server it is. */
export interface StreamSnapshot {
  /** False when the server could not be reached or answered nonsense: the station is off the air. */
  reachable: boolean;
  /** A source is connected on our mount/stream. */
  online: boolean;
  listeners: number;
  /** Artist and title as the server announces them (artist may be ''). */
  song: { artist: string; title: string } | null;
  /** What a reader that knows more (AzuraCast, LibreTime) says of the song on air; absent otherwise. */
  details?: TrackDetails | null;
  /** What plays next, when the reader knows (up to 5). */
  next?: NextTrack[];
  /** Whether a presenter is live, when the reader knows. */
  live?: LiveInfo | null;
  /** Unix seconds the song on air started, when the reader knows (AzuraCast's `played_at`, LibreTime's `starts`). */
  songStartedAt?: number | null;
  bitrateKbps: number | null;
  /** Codec name for `quality`, e.g. "MP3", "AAC". */
  codec: string | null;
  /** Unix seconds the current stream started, when the server says. */
  streamStartedAt: number | null;
  /** Seconds, when the server measures it (SHOUTcast's averagetime). */
  averageListeningSeconds: number | null;
  /**
   * Distinct listener addresses, from the servers' listener lists (or as SHOUTcast counts them);
   * null or absent when not known. Only the count: addresses never leave the poll that read them.
   */
  uniqueListeners?: number | null;
  /**
   * The current listener connections as the listener lists give them, and their connected
   * seconds summed: the real length of the sessions so far. Absent without listener lists.
   */
  listenerSessions?: { count: number; connectedSeconds: number } | null;
  /**
   * Every listener connection on air, described for the reports (analytics.level not `none`):
   * null or absent when a source on air has no listener list, so nothing is known of sessions.
   */
  audience?: HeardListener[] | null;
  /** How each configured source answered, when the station has several. */
  sources?: SourceHealth[];
  /** Why the poll failed, for the logs. */
  error?: string;
}

/** One listener connection as the reports keep it: what the poll may pass on, never more. */
export interface HeardListener {
  /** The session: the source's name and the stream server's own id of the connection, never the address. */
  session: string;
  /** The source (mount, relay) it listens on, by its configured name. */
  mount: string;
  /** How long it has been connected, when the server says. */
  connectedSeconds: number | null;
  /** The player, from its User-Agent ('Other' when not recognised). */
  player: string;
  /** ISO 3166-1 alpha-2 from the offline country database; '' when unknown (private addresses). */
  country: string;
  /**
   * Counts distinct listeners in a day: the address under `full`; under `no_ip` a keyed hash
   * whose secret changes every station day and is never stored, so it cannot be reversed.
   */
  visitor: string;
  /** The address itself, only under `analytics.level: full`. */
  address?: string;
}

export interface SourceHealth {
  /** The source's name in the configuration (or its status URL and mount). */
  name: string;
  primary: boolean;
  reachable: boolean;
  online: boolean;
  listeners: number;
  /** Why the status page or the listener list could not be read. */
  error?: string;
}

export interface StreamReader {
  /** Never throws: a failure is a snapshot with `reachable: false`. */
  read(): Promise<StreamSnapshot>;
}

export const unreachable = (error: string): StreamSnapshot => ({
  reachable: false,
  online: false,
  listeners: 0,
  song: null,
  bitrateKbps: null,
  codec: null,
  streamStartedAt: null,
  averageListeningSeconds: null,
  error,
});

export const offAir = (): StreamSnapshot => ({ ...unreachable(''), reachable: true, error: undefined });
