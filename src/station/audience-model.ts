// What the reports keep of listeners and plays (station/audience-recorder.ts writes it, the store
// keeps it, station/listener-reports.ts reads it). Times are Unix seconds, days station-zone
// YYYY-MM-DD.

/** A session still open after the last poll: only what closing it needs (its start was counted when it opened). */
export interface OpenSession {
  /** The source's name and the stream server's listener id (HeardListener.session). */
  session: string;
  startedAt: number;
}

/** One play of a song and its audience. */
export interface PlayAudience {
  startedAt: number;
  artist: string;
  title: string;
  /** '' when not known. */
  album: string;
  label: string;
  isrc: string;
  /** Whole seconds: as the playout said, else measured from this play's start to the next. */
  durationSeconds: number;
  /** Listeners connected at the poll that found the song started. */
  listenersAtStart: number;
  /** The most listeners at one poll during it. */
  peakListeners: number;
  /** Distinct sessions that heard some of it: those connected at its start and those that joined during it. */
  sessions: number;
  listenerSeconds: number;
}

/** What the last poll left behind, read by the next one. */
export interface AudienceNow {
  sessions: OpenSession[];
  /** The play on air (its figures so far); null off air or before any song. */
  play: PlayAudience | null;
  /** When the last poll was recorded; null before the first. */
  polledAt: number | null;
}

/** One poll's changes, applied by the store in one step (never half-written). */
export interface AudienceStep {
  polledAt: number;
  opened: OpenSession[];
  /** Sessions that ended (by id). */
  closed: string[];
  /** Counters to add to: [day, field, amount]. */
  add: Array<[string, string, number]>;
  /** Maxima to raise: [day, field, value]. */
  max: Array<[string, string, number]>;
  /** Distinct-listener tokens seen: [day, token]. */
  visitors: Array<[string, string]>;
  /** The play on air after this poll. */
  play: PlayAudience | null;
  /** Plays that ended at this poll, with the day they started. */
  finished: Array<[string, PlayAudience]>;
  /** Days kept: older days' aggregates and plays may go. */
  keepDays: number;
}

/** One day's aggregates as stored: counters by field name (see audience-fields.ts) and the distinct listeners. */
export interface DayAggregate {
  day: string;
  fields: Record<string, number>;
  /** Distinct listener tokens of the day (exact in memory; Redis's HyperLogLog, 0.81 % standard error). */
  visitors: number;
}
