import type { RateLimiter } from '../http/rate-limit.js';
import type { Song } from '../station/song.js';

/** Times are Unix seconds in everything clients see; the chat log keeps milliseconds for `since`. */

export interface ChatMessage {
  /** "<milliseconds>-<sequence>": increases with time, so ids order messages and de-duplicate polls. */
  id: string;
  nickname: string;
  message: string;
  timestamp: number;
}

export interface ChatLog {
  /** Stores a message; the log assigns id and time (in Redis from the server's clock, one clock for all nodes). */
  append(entry: { nickname: string; message: string }): Promise<ChatMessage>;
  /** Messages strictly after `afterMs`, oldest first; the newest `limit` when more match. */
  listAfter(afterMs: number, limit: number): Promise<ChatMessage[]>;
  /** Removes a message from the history; false when there was none with that id. */
  delete(id: string): Promise<boolean>;
}

export type BanTarget = { kind: 'nickname' | 'ip'; value: string };

/** Chat moderation state shared by every node: bans and each sender's last message. */
export interface ModerationStore {
  ban(target: BanTarget, seconds: number): Promise<void>;
  /** Whether this nickname (any letter case) or this IP is banned now. */
  isBanned(nickname: string, ip: string): Promise<boolean>;
  /**
   * Records `fingerprint` as the sender's last message for `windowSeconds` and tells whether it
   * repeats the one recorded before (one atomic step, so racing duplicates are caught too).
   */
  repeatsLast(sender: string, fingerprint: string, windowSeconds: number): Promise<boolean>;
}

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
  | { kind: 'duplicate'; request: SongRequest }
  /** This requester queued something less than `delaySeconds` ago. */
  | { kind: 'too_soon'; retryAfterSeconds: number };

export interface SubmitRules {
  /** Same artist+title, case-insensitive: the song's id. */
  songId: string;
  /** Who asked (the client IP); one new request per `delaySeconds` each. */
  requester: string;
  delaySeconds: number;
  /** Creation time in ms: orders requests of the same priority, and starts the requester's delay. */
  createdMs: number;
}

export interface RequestQueue {
  /** Checks both rules and queues in one atomic step, so racing duplicates cannot both get in. */
  submit(request: SongRequest, rules: SubmitRules): Promise<SubmitOutcome>;
  /** Pending: high priority first, then oldest first. Other statuses and `all`: newest first. */
  list(status: RequestStatus | 'all', limit: number): Promise<SongRequest[]>;
  /** The pending request for this song becomes `played` (the poller calls this on a song change). */
  markPlayed(songId: string): Promise<SongRequest | null>;
}

export interface Feedback {
  id: string;
  type: string;
  content: string | null;
  rating: number | null;
  song: Song | null;
  created_at: number;
}

export interface FeedbackLog {
  append(feedback: Feedback): Promise<void>;
  /** Newest first. */
  recent(limit: number): Promise<Feedback[]>;
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

export interface StationStore {
  /**
   * The current state, shared and frozen (never modify it). Read on every status request, so a
   * shared store may serve it from a cache up to `stateCacheMs` old.
   */
  read(): Promise<StationState>;
  /** The state if it is at hand without I/O (memory, or a fresh cache), for synchronous hot paths. */
  peek(): StationState | undefined;
  /** The current state as stored this instant (the poller's read-modify-write needs it exact). */
  readFresh(): Promise<StationState>;
  write(state: StationState): Promise<void>;
  /** When this song last started playing (Unix seconds), for the recently-played request rule. */
  lastPlayedAt(songId: string): Promise<number | null>;
  recordPlay(songId: string, atSeconds: number): Promise<void>;
  /** Adds to a song's play or request count (atomic increments: any node may count). */
  tally(song: Song, field: 'plays' | 'requests'): Promise<void>;
  tallyRating(song: Song, rating: number): Promise<void>;
  /** Every song counted so far. */
  tallies(): Promise<SongTally[]>;
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

export interface RevenueLedger {
  /** Records once per idempotency key, atomically: two racing identical posts make one event. */
  record(event: RevenueEvent, idempotencyKey: string, fingerprint: string, day: string): Promise<RecordOutcome>;
  /** Sums per day and currency, days from `fromDay` to `toDay` inclusive. */
  dailyTotals(fromDay: string, toDay: string): Promise<DailyRevenue[]>;
}

export interface RateLimitSettings {
  limit: number;
  windowSeconds: number;
}

export interface Store {
  readonly kind: 'memory' | 'redis';
  readonly chat: ChatLog;
  readonly requests: RequestQueue;
  readonly feedback: FeedbackLog;
  readonly station: StationStore;
  readonly moderation: ModerationStore;
  readonly revenue: RevenueLedger;
  /** A counter shared by every node using this store (in Redis one atomic round trip per request). */
  rateLimiter(name: string, settings: RateLimitSettings): RateLimiter;
  /**
   * Takes `key` for `ttlMs` if nobody holds it: true for exactly one caller across all nodes
   * sharing the store (the poller's one-node-per-tick election).
   */
  claim(key: string, ttlMs: number): Promise<boolean>;
  /** Resolves when the store answers; throws AppError UNAVAILABLE otherwise. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export interface StoreLimits {
  /** How long a node may serve the station state from memory before asking Redis again. */
  stateCacheMs?: number;
  chatHistory: number;
  requestHistory: number;
  feedbackHistory: number;
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
    listenerHistory: [],
    mostPopular: [],
    updatedAt: null,
    poll: { peakDay: null, sessionsStarted: 0, onlineSince: null },
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
