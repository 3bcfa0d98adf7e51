/**
 * What a source that knows more than a stream server's one line of text can tell about a track:
 * a playout system's push (POST /api/admin/nowplaying) or a reader of AzuraCast's or LibreTime's
 * own now-playing API. Every field is optional in fact (null when not known).
 */
export interface TrackDetails {
  readonly album: string | null;
  readonly label: string | null;
  /** Whole seconds. */
  readonly duration: number | null;
  /** An https URL or a path on the hub. */
  readonly artworkUrl: string | null;
  readonly isrc: string | null;
}

/** A track the source says plays next. */
export interface NextTrack {
  readonly artist: string;
  readonly title: string;
  /** Whole seconds. */
  readonly duration: number | null;
  readonly artworkUrl: string | null;
}

/** Whether a presenter is live, as the source says. */
export interface LiveInfo {
  readonly isLive: boolean;
  readonly streamerName: string | null;
  /** Unix seconds the live broadcast started, when known. */
  readonly since: number | null;
}

/**
 * Finds artwork for a song that came without any (the adapter: a MusicBrainz and Cover Art Archive
 * resolver that serves what it found from the hub's own origin). Never throws.
 */
export interface ArtworkFinder {
  /** A URL the pages may show (a path on the hub), or null when none is known (yet). */
  find(song: { readonly artist: string; readonly title: string; readonly album: string | null }): Promise<string | null>;
}
