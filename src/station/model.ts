import type { Song } from './song.js';

/** Times are Unix seconds in everything clients see; the chat log keeps milliseconds for `since`. */

export interface ChatMessage {
  /** "<milliseconds>-<sequence>": increases with time, so ids order messages and de-duplicate polls. */
  id: string;
  nickname: string;
  message: string;
  timestamp: number;
}

export interface BanTarget {
  kind: 'nickname' | 'ip';
  value: string;
}
/** A ban in force: nicknames are stored in lower case; `until` is Unix seconds. */
/** A ban in force; `label` is what staff wrote (the nickname as typed), `value` what it matches on. */
export type ActiveBan = BanTarget & { label: string; until: number };

export type RequestPriority = 'low' | 'normal' | 'high';
export type RequestStatus = 'pending' | 'played' | 'rejected';

export interface SongRequest {
  id: string;
  song_title: string;
  artist: string;
  requester_name: string;
  message: string | null;
  priority: RequestPriority;
  status: RequestStatus;
  created_at: number;
}

export type SubmitOutcome =
  | { kind: 'created'; request: SongRequest }
  /** The same song is already pending: the existing request, nothing queued twice. */
  | { kind: 'duplicate'; request: SongRequest };

export interface Feedback {
  id: string;
  type: string;
  content: string | null;
  rating: number | null;
  song: Song | null;
  created_at: number;
}

export interface PlayedSong {
  song: Song;
  played_at: number;
}

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
  };
}

/** Everything counted about one song, for `most_popular_songs`. */
export interface SongTally {
  song: Song;
  plays: number;
  requests: number;
  ratingSum: number;
  ratingCount: number;
}

export type RevenueType = 'donation' | 'subscription' | 'advertising' | 'merchandise' | 'other';

export interface RevenueEvent {
  id: string;
  type: RevenueType;
  /** Integer minor units. */
  amount: number;
  currency: string;
  occurred_at: number;
  source: string | null;
  metadata: Record<string, string | number | boolean>;
  recorded_at: number;
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

/** Freezes a state in depth: it is then shared between requests instead of copied for each. */
export function freezeState<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    for (const child of Object.values(value)) freezeState(child);
    Object.freeze(value);
  }
  return value;
}

export interface Uptime {
  seconds: number;
  /** "<days>d <hours>h <minutes>m" (spec 2.2). */
  human: string;
}

/** The `data` of GET /api/mobile/status, and the live `status` event (spec 2.2). */
export interface StationStatus {
  online: boolean;
  listeners: number;
  server_status: StationState['serverStatus'];
  stream_url: string;
  website_url: string;
  uptime: Uptime;
  quality: string;
  genre: string;
}

/** The now-playing object: GET /api/mobile/nowplaying, now-playing.php and the live `nowplaying` event. */
export interface NowPlaying {
  now_playing: { song: Song; played_at: number; elapsed: number } | null;
  song_history: PlayedSong[];
  listeners: { current: number; peak_today: number };
  online: boolean;
}
