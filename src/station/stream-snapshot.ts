/** What one poll learned from the stream server, the same whatever kind of server it is. */
export interface StreamSnapshot {
  /** False when the server could not be reached or answered nonsense: the station is off the air. */
  reachable: boolean;
  /** A source is connected on our mount/stream. */
  online: boolean;
  listeners: number;
  /** Artist and title as the server announces them (artist may be ''). */
  song: { artist: string; title: string } | null;
  bitrateKbps: number | null;
  /** Codec name for `quality`, e.g. "MP3", "AAC". */
  codec: string | null;
  /** Unix seconds the current stream started, when the server says. */
  streamStartedAt: number | null;
  /** Seconds, when the server measures it (SHOUTcast's averagetime). */
  averageListeningSeconds: number | null;
  /** Why the poll failed, for the logs. */
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
