import type { WindowCounterFactory } from '../limits/window-counter.js';
import type { Programme } from './programme.js';
import type { ActiveBan, BanTarget, ChatMessage, DailyRevenue, Feedback, RecordOutcome, RevenueEvent, SongRequest, SongTally, StationState, SubmitOutcome, RequestStatus } from './model.js';
import type { Song } from './song.js';

// The ports of the domain: what the services need from a backend. store/memory and store/redis
// implement them; app.ts picks one at start-up and injects it.

export interface ChatLog {
  /** Stores a message; the log assigns id and time (in Redis from the server's clock, one clock for all nodes). */
  append(entry: { nickname: string; message: string }): Promise<ChatMessage>;
  /** Messages strictly after `afterMs`, oldest first; the newest `limit` when more match. */
  listAfter(afterMs: number, limit: number): Promise<ChatMessage[]>;
  /** Removes a message from the history; false when there was none with that id. */
  delete(id: string): Promise<boolean>;
}

/** Chat moderation state shared by every node: bans and each sender's last message. */
export interface ModerationStore {
  /** A nickname ban is given (and looked up) by its look-alike skeleton (station/nickname-skeleton.ts). */
  /** Bans `target` for `seconds`; `label` (default the value) is how the bans list shows it. */
  ban(target: BanTarget, seconds: number, label?: string): Promise<void>;
  /** Whether this nickname skeleton or this IP is banned now. */
  isBanned(nicknameSkeleton: string, ip: string): Promise<boolean>;
  /** Every ban still in force, soonest to end first. */
  bans(): Promise<ActiveBan[]>;
  /** Lifts a ban; false when there was none in force. */
  unban(target: BanTarget): Promise<boolean>;
  /**
   * Records `fingerprint` as the sender's last message for `windowSeconds` and tells whether it
   * repeats the one recorded before (one atomic step, so racing duplicates are caught too).
   */
  repeatsLast(sender: string, fingerprint: string, windowSeconds: number): Promise<boolean>;
}

export interface SubmitRules {
  /** Same artist+title, case-insensitive: the song's id. */
  songId: string;
  /** Creation time in ms: orders requests of the same priority. */
  createdMs: number;
}

export interface RequestQueue {
  /** Queues the request unless its song is already pending, in one atomic step, so racing duplicates cannot both get in. */
  submit(request: SongRequest, rules: SubmitRules): Promise<SubmitOutcome>;
  /** The pending request for this song, if any. */
  pendingFor(songId: string): Promise<SongRequest | null>;
  /** Pending: high priority first, then oldest first. Other statuses and `all`: newest first. */
  list(status: RequestStatus | 'all', limit: number): Promise<SongRequest[]>;
  /** The pending request for this song becomes `played` (the poller calls this on a song change). */
  markPlayed(songId: string): Promise<SongRequest | null>;
  /** A pending request, by id, becomes `played` or `rejected` (staff action); null when none is pending with that id. */
  resolve(id: string, status: 'played' | 'rejected'): Promise<SongRequest | null>;
}

export interface FeedbackLog {
  append(feedback: Feedback): Promise<void>;
  /** Newest first. */
  recent(limit: number): Promise<Feedback[]>;
}

export interface StationStore {
  /**
   * The current state, shared and frozen (never modify it). Read on every status request, so a
   * shared store may serve it from a cache up to a second old.
   */
  read(): Promise<StationState>;
  /** The state if it is at hand without I/O (memory, or a fresh cache), for synchronous hot paths. */
  peek(): StationState | undefined;
  /** The current state as stored this instant (the poller's read-modify-write needs it exact). */
  readFresh(): Promise<StationState>;
  write(state: StationState): Promise<void>;
  /** When this song last started playing (Unix seconds), for the recently-played request rule. */
  lastPlayedAt(songId: string): Promise<number | null>;
  /** Remembers that the song started at `atSeconds`, for at least `keepSeconds` (the request rule's window). */
  recordPlay(songId: string, atSeconds: number, keepSeconds: number): Promise<void>;
  /** Adds to a song's play or request count (atomic increments: any node may count). */
  tally(song: Song, field: 'plays' | 'requests'): Promise<void>;
  tallyRating(song: Song, rating: number): Promise<void>;
  /** Every song counted so far. */
  tallies(): Promise<SongTally[]>;
}

export interface RevenueLedger {
  /** Records once per idempotency key, atomically: two racing identical posts make one event. */
  record(event: RevenueEvent, idempotencyKey: string, fingerprint: string, day: string): Promise<RecordOutcome>;
  /** Sums per day, currency and type, days from `fromDay` to `toDay` inclusive. */
  dailyTotals(fromDay: string, toDay: string): Promise<DailyRevenue[]>;
}

/** One live event as the history keeps it: its payload as the JSON text it was recorded as (serialised once, at publish). */
export interface LoggedLiveEvent {
  id: string;
  event: string;
  data: string;
}

/** What one resume may cost: only these events, and at most `maxBytes` of them (as SSE frames). */
export interface ResumeBounds {
  events: ReadonlySet<string>;
  maxBytes: number;
}

/** The size a logged event is counted at against `ResumeBounds.maxBytes`: its SSE frame ("id: …\nevent: …\ndata: …\n\n"). */
export const loggedEventBytes = (id: string, event: string, dataBytes: number) => id.length + event.length + dataBytes + 21;

/**
 * The bounded history of live events, so an SSE client that reconnects (to any node) gets what it
 * missed. The id is assigned here, once, when the broadcaster records the event; every node
 * delivers the event under it.
 */
export interface LiveEventLog {
  /** Stores an event (its payload as JSON text) and returns its id; ids increase in the order events were appended. */
  append(event: string, data: string): Promise<string>;
  /**
   * The events after `id` that `bounds.events` names, oldest first; null when they cannot be given
   * exactly within the bounds: `id` is not in the history (rolled off, from another history, or
   * malformed), or what followed it is more than `bounds.maxBytes`. The work is bounded by the
   * history's size and the reply by `maxBytes`, whatever `id` is.
   */
  since(id: string, bounds: ResumeBounds): Promise<LoggedLiveEvent[] | null>;
  /** The id of the newest event, null when there is none. */
  lastId(): Promise<string | null>;
}

/**
 * The programme staff edit live (weekly shows, one-off events, playlists), shared by every node:
 * seeded once from the config file, then changed only by edits, each a compare-and-set on the
 * revision so two staff editing at once cannot lose each other's change.
 */
export interface ProgrammeStore {
  /** Stores `programme` unless one is stored already (a later start never overwrites edits); answers what is stored. */
  seed(programme: Programme): Promise<Programme>;
  /** The stored programme's revision (a cheap check before reading it whole); 0 when none is stored. */
  revision(): Promise<number>;
  read(): Promise<Programme | null>;
  /** Stores `next` if the stored revision is still `expectedRevision`, in one atomic step; false when another edit came first. */
  replace(next: Programme, expectedRevision: number): Promise<boolean>;
}

export interface Store {
  readonly kind: 'memory' | 'redis';
  readonly liveEvents: LiveEventLog;
  readonly chat: ChatLog;
  readonly requests: RequestQueue;
  readonly feedback: FeedbackLog;
  readonly station: StationStore;
  readonly moderation: ModerationStore;
  readonly revenue: RevenueLedger;
  readonly programme: ProgrammeStore;
  /** Fixed-window counters for the limits module, shared by every node using this store. */
  counter: WindowCounterFactory;
  /**
   * Takes `key` for `ttlMs` if nobody holds it: true for exactly one caller across all nodes
   * sharing the store (the poller's one-node-per-tick election).
   */
  claim(key: string, ttlMs: number): Promise<boolean>;
  /** Resolves when the store answers; throws AppError UNAVAILABLE otherwise. */
  ping(): Promise<void>;
}

export interface StoreLimits {
  chatHistory: number;
  requestHistory: number;
  feedbackHistory: number;
  /** Clients an in-process counter tracks at most (the memory store's bound; Redis expires keys instead). */
  maxTrackedClients: number;
  /** Live events kept for SSE resume (default 500). */
  liveEventHistory?: number;
}
