import type { AudienceFigures } from './audience-figures.js';
import type { SourceStatus } from './source-health.js';
import type { LiveInfo, NextTrack, TrackDetails } from './track-details.js';
import type { ChatMessage, PlayedSong, RevenueEvent, RevenueType, Song, SongRequest } from './shapes.js';

// What clients see is declared once, as TypeBox schemas (shapes.ts); these are their types.
// Times are Unix seconds in everything clients see; the chat log keeps milliseconds for `since`.
export type {
  AuditEntry,
  ChatBan,
  ChatMessage,
  ChatPage,
  Feedback,
  Listeners,
  NowPlaying,
  Occurrence,
  PlayedSong,
  RequestPriority,
  RequestStatus,
  RevenueEvent,
  RevenueType,
  Song,
  SongRequest,
  StationStatus,
  Stats,
  StreamStats,
  Uptime,
} from './shapes.js';

/**
 * What a ban matches on: a nickname skeleton, a client staff named (an address ban), or the client
 * of a message's sender (a sender ban). Address and sender bans on one client are kept apart, so
 * no lookup by address can find, lift or reveal a sender ban.
 */
export interface BanTarget {
  kind: 'nickname' | 'ip' | 'sender';
  value: string;
}
/** What is kept with a ban: who set it, why, and how the list shows it. */
export interface BanNote {
  /** What staff wrote (the nickname as typed), or the nickname of a banned sender's message. */
  label: string;
  by: string | null;
  reason: string | null;
  /** Unix seconds it was set. */
  since: number | null;
  /** Set on a sender ban: the opaque reference staff lift it by (its client is never shown). */
  ref: string | null;
}
/** A ban in force: `value` is what it matches on (a nickname skeleton, or a client); `until` is Unix seconds. */
export type ActiveBan = BanTarget & BanNote & { until: number };

/** A chat message with the client that sent it: kept server-side, never in any listing. */
export interface SentChatMessage {
  message: ChatMessage;
  client: string;
}

/**
 * A song request as the store keeps it: `requester_name` null when the requester gave none (the
 * answer names them in the reader's language, requester-name.ts). Requests stored before this
 * hold a word, and keep it.
 */
export type StoredSongRequest = Omit<SongRequest, 'requester_name'> & { requester_name: string | null };

export type SubmitOutcome =
  | { kind: 'created'; request: StoredSongRequest }
  /** The same song is already pending: the existing request, nothing queued twice. */
  | { kind: 'duplicate'; request: StoredSongRequest };

/** What the poller learns from the stream server; read by status, stats and now playing. */
export interface StationState {
  /** `unknown` until the first poll. */
  serverStatus: 'online' | 'offline' | 'unknown';
  listeners: number;
  peakToday: number;
  nowPlaying: PlayedSong | null;
  /** Newest first. */
  history: PlayedSong[];
  /** Unix seconds the current stream started, or null when not known. */
  streamStartedAt: number | null;
  bitrateKbps: number | null;
  codec: string | null;
  totalListenerSeconds: number;
  totalSongsPlayed: number;
  averageListeningSeconds: number | null;
  /** Distinct listener addresses, when the stream servers' listener lists (or SHOUTcast) tell; else null. */
  uniqueListeners: number | null;
  listenerHistory: Array<{ timestamp: number; listeners: number }>;
  mostPopular: Array<{ song: Song; plays: number; requests: number; average_rating: number | null }>;
  /** Unix seconds of the last poll. */
  updatedAt: number | null;
  /**
   * What a source that knows more said of the song on air (`songId`): a playout system's push or
   * a richer reader. Absent or null when only the stream server's title is known.
   */
  track?: TrackNote | null;
  /**
   * Listening figures from the reports' audience data (station/audience-figures.ts), refreshed each
   * poll: stats shows them instead of the polled counts' estimates. Absent or null when analytics
   * is off or no listener list was ever read.
   */
  audience?: AudienceFigures | null;
  /** Each stream source's health at the last poll (absent before the first poll, or in states stored before it existed). */
  sources?: SourceStatus[];
  /** Bookkeeping of the poller (not shown to clients as such). */
  poll: {
    /** Local date (station zone) that `peakToday` belongs to. */
    peakDay: string | null;
    /** Listener sessions seen starting (increases of the count), for the average listening estimate. */
    sessionsStarted: number;
    /** When the station was first seen on air in this run, when the server gives no start time. */
    onlineSince: number | null;
    /** Failed polls in a row (absent in states stored before it existed: 0). */
    failedPolls?: number;
    /**
     * Unix seconds of the last poll whose stream server still named the song on air (the
     * stale-song rule counts from it). Absent in states stored before it existed, or written
     * by hand: then the rule waits for the next poll.
     */
    titleSeenAt?: number | null;
  };
}

/** The details of the song on air from a push or a richer reader (station-progress.ts, track-push.ts merge them). */
export interface TrackNote {
  /** The song these details belong to (`nowPlaying.song.id` while they apply). */
  songId: string;
  details: TrackDetails;
  /** Up to 5, first plays next. */
  next: NextTrack[];
  live: LiveInfo | null;
  /**
   * A push holds against a poll's other title until this Unix second (its start, duration and
   * grace: the stream server's title lags the playout system's); null for a reader's details.
   */
  holdUntil: number | null;
}

/** Everything counted about one song, for `most_popular_songs`. */
export interface SongTally {
  song: Song;
  plays: number;
  requests: number;
  ratingSum: number;
  ratingCount: number;
}

export type RecordOutcome =
  | { kind: 'created'; event: RevenueEvent }
  /** The key was seen with the same body: the first event, nothing recorded twice. */
  | { kind: 'replayed'; event: RevenueEvent }
  /** The key was seen with a different body. */
  | { kind: 'conflict' };

export interface DailyRevenue {
  /** YYYY-MM-DD in the station's zone. */
  date: string;
  currency: string;
  type: RevenueType;
  /** Integer minor units. */
  amount: number;
  count: number;
}

export function emptyStationState(): StationState {
  return {
    serverStatus: 'unknown',
    listeners: 0,
    peakToday: 0,
    nowPlaying: null,
    history: [],
    streamStartedAt: null,
    bitrateKbps: null,
    codec: null,
    totalListenerSeconds: 0,
    totalSongsPlayed: 0,
    averageListeningSeconds: null,
    uniqueListeners: null,
    listenerHistory: [],
    mostPopular: [],
    updatedAt: null,
    poll: { peakDay: null, sessionsStarted: 0, onlineSince: null, failedPolls: 0 },
  };
}
