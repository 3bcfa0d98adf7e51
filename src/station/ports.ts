import type { ChatPosition } from './chat-cursor.js';
import type { AuditPage, AuditQuery } from './audit-query.js';
import type { WindowCounterFactory } from '../limits/window-counter.js';
import type { Budget, RateLimitDecision } from '../limits/rate-limit.js';
import type { ErrorReason } from '../errors.js';
import type { Programme, ProgrammeVersion } from './programme.js';
import type {
  ActiveBan,
  AuditEntry,
  BanNote,
  BanTarget,
  ChatMessage,
  DailyRevenue,
  SentChatMessage,
  Feedback,
  RecordOutcome,
  RevenueEvent,
  StoredSongRequest,
  SongTally,
  StationState,
  SubmitOutcome,
  RequestPriority,
  RequestStatus,
} from './model.js';
import type { Song } from './song.js';
import type { LiveStep } from './live-hub.js';
import type { StaffRole } from '../config/staff-identity.js';
import type { AudienceNow, AudienceStep, DayAggregate, PlayAudience } from './audience-model.js';

// The ports of the domain: what the services need from a backend. store/memory and store/redis
// implement them; app.ts picks one at start-up and injects it.

export interface ChatLog {
  /**
   * Stores a message; the log assigns id and time (in Redis from the server's clock, one clock for
   * all nodes). `client` (the sender's IPv4 address or IPv6 network) is kept beside it, for a ban
   * on the sender, and never given back with the message.
   */
  append(entry: { nickname: string; message: string; client?: string }): Promise<ChatMessage>;
  /** Messages strictly after `afterMs`, oldest first; the newest `limit` when more match. */
  listAfter(afterMs: number, limit: number): Promise<ChatMessage[]>;
  /** The message with its sender's client ('' when unknown); null when no message has that id. */
  find(id: string): Promise<SentChatMessage | null>;
  /** Removes a message from the history and gives it back, with its sender; null when there was none with that id. */
  delete(id: string): Promise<SentChatMessage | null>;
  /** The oldest `limit` messages from `start` on (ids at or after it), oldest first: one bounded read, whatever the history. */
  listFrom(start: ChatPosition, limit: number): Promise<ChatMessage[]>;
}

/** Chat moderation state shared by every node: bans and each sender's last message. */
export interface ModerationStore {
  /**
   * Bans `target` for `seconds`, with who set it and why. A nickname ban is given (and looked up)
   * by its look-alike skeleton (station/nickname-skeleton.ts).
   */
  ban(target: BanTarget, seconds: number, note: BanNote): Promise<void>;
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
  /** Keeps what an undo needs (`payload`, JSON) under `token` for `seconds`, for every node. */
  keepUndo(token: string, payload: string, seconds: number): Promise<void>;
  /** Takes the payload kept under `token` (once: a second take, or one after it expired, gets null). */
  takeUndo(token: string): Promise<string | null>;
}

/**
 * A chat post's work on the store, in the order the chat rules take it (chat-service.ts): the
 * door's own budget when it left it to the post (`first`: the REST route's), the client's chat
 * budget (spent whatever follows: refused posts cost too), a refusal known beforehand
 * that ranks before the ban (a reserved nickname), the ban, one that ranks after it (the content
 * filter, the nickname), the repeat check (it records the fingerprint), then the append.
 */
export interface ChatPostChecks {
  /** The door's budget, spent before anything else (the route's, counted in the post's own step); null: the door spent its own. */
  first: { budget: Budget; key: string } | null;
  budget: Budget;
  /** The client every limit and ban counts against. */
  client: string;
  refusedBeforeBan: ErrorReason | null;
  nicknameSkeleton: string;
  refusedAfterBan: ErrorReason | null;
  /** Absent when repeats are allowed (`chat.repeatWindowSeconds` 0). */
  repeat: { sender: string; fingerprint: string; windowSeconds: number } | null;
  entry: { nickname: string; message: string; client: string };
  /** Where the store step may record and relay the `chat:message` event itself (one round trip); null: the hub does. */
  live: LiveStep | null;
  /**
   * Told by the store step that recorded and relayed the event, as its reply arrives: also when it
   * arrives after the caller gave up (a 503), since the other nodes and the history have it then,
   * so this node's own clients must too (LiveHub.publishRecorded).
   */
  recorded?: (message: ChatMessage, liveId: string) => void;
}

export type ChatPostOutcome = (
  | { kind: 'over-first-budget' }
  | { kind: 'over-budget'; decision: RateLimitDecision }
  | { kind: 'refused'; reason: ErrorReason }
  /** `liveId`: the step recorded and relayed the live event under this id (LiveHub.publishRecorded); absent: it did not. */
  | { kind: 'posted'; message: ChatMessage; liveId?: string }
) & {
  /** The verdict on `first` (ChatPostChecks), when it was given: the door's answer carries it. */
  first?: RateLimitDecision;
};

/**
 * All of a chat post's store work as one atomic step (on Redis one script: one round trip, and a
 * refused post writes nothing past what the rules above spend). A store offers it when it can;
 * the service goes step by step otherwise.
 */
export interface ChatPostAtOnce {
  /** null when it cannot carry these checks (the budget counts somewhere else): go step by step. */
  post(checks: ChatPostChecks): Promise<ChatPostOutcome> | null;
}

/**
 * A song request's store work in the order the request rules take it (request-service.ts): the
 * door's own budget when it left it to the request (`first`: the REST route's), the threshold (a song played within `thresholdSeconds` of `nowSeconds` is refused, nothing spent
 * but the route's budget), the client's delay (claimed; a refused claim holds nothing, and a song
 * already pending is then answered with that request), the queue (a song already pending queues
 * nothing and gives the claim back), then the song's tally of requests.
 */
export interface SongRequestChecks {
  /** The door's budget, spent before anything else (the route's, counted in the request's own step); null: the door spent its own. */
  first: { budget: Budget; key: string } | null;
  /** The delay: one new request per client per window; null when the station sets none. */
  delay: Budget | null;
  client: string;
  thresholdSeconds: number;
  nowSeconds: number;
  request: StoredSongRequest;
  rules: SubmitRules;
  /** The song as its tally keeps it. */
  song: Song;
  /** The `request:new` event's payload (JSON) and where the step may record and relay it itself; null: the hub does. */
  live: { step: LiveStep; data: string } | null;
  /** As ChatPostChecks.recorded: the step recorded and relayed `request:new`, told even after the caller gave up. */
  recorded?: (request: StoredSongRequest, liveId: string) => void;
}

export type SongRequestOutcome = (
  | { kind: 'over-first-budget' }
  | { kind: 'recently-played'; lastPlayedSeconds: number }
  | { kind: 'over-budget'; decision: RateLimitDecision }
  | Exclude<SubmitOutcome, { kind: 'created' }>
  /** `liveId`: the step recorded and relayed `request:new` under this id (LiveHub.publishRecorded); absent: it did not. */
  | (Extract<SubmitOutcome, { kind: 'created' }> & { liveId?: string })
) & {
  /** The verdict on `first` (SongRequestChecks), when it was given: the door's answer carries it. */
  first?: RateLimitDecision;
};

/**
 * All of a song request's store work as one atomic step (on Redis one script on the durable
 * connection: one round trip, and what each refusal writes is what the rules above say).
 */
export interface SongRequestAtOnce {
  /** null when it cannot carry these checks (the delay counts somewhere else): go step by step. */
  submit(checks: SongRequestChecks): Promise<SongRequestOutcome> | null;
}

/**
 * Feedback's store work: the door's own budget when it left it to the feedback (`first`: the
 * REST route's, spent whatever follows), then the append, and a rating's tally on its song.
 */
export interface FeedbackChecks {
  first: { budget: Budget; key: string } | null;
  feedback: Feedback;
  /** `feedback` as JSON text, made once: the store appends it and the answer splices it in. */
  feedbackText: string;
  /** A rating of the song on air, added to its tally; null for any other feedback. */
  rating: { song: Song; rating: number } | null;
}

export type FeedbackOutcome = ({ kind: 'over-first-budget' } | { kind: 'stored' }) & {
  /** The verdict on `first` (FeedbackChecks), when it was given: the door's answer carries it. */
  first?: RateLimitDecision;
};

/** All of feedback's store work as one atomic step (on Redis one script: one round trip). */
export interface FeedbackAtOnce {
  /** null when it cannot carry these checks (the budget counts somewhere else): go step by step. */
  submit(checks: FeedbackChecks): Promise<FeedbackOutcome> | null;
}

/** A staff key an admin made in the console: only its hash is kept. */
export interface StoredStaffKey {
  name: string;
  role: StaffRole;
  /** The key's hash, as config/staff-key-hash.ts writes it. */
  keyHash: string;
  /** Unix seconds. */
  createdAt: number;
  createdBy: string;
}

/** Staff keys made in the console, shared by every node, at most MAX_STORED_STAFF_KEYS. */
export interface StaffKeyStore {
  /** Adds a key; 'taken' when a key of that name or a look-alike (config/staff-keys.ts staffNameKey) exists, 'full' at the bound. */
  add(key: StoredStaffKey): Promise<'added' | 'taken' | 'full'>;
  /** The key whose hash is `keyHash`, or null (a revoked key is gone at once, on every node). */
  byHash(keyHash: string): Promise<StoredStaffKey | null>;
  /** Every stored key, oldest first. */
  list(): Promise<StoredStaffKey[]>;
  /** Revokes the key of `name`; false when there is none. */
  remove(name: string): Promise<boolean>;
}

export const MAX_STORED_STAFF_KEYS = 200;

/** An audit entry as the trail writes it; the store stamps its id. */
export type AuditRecord = Omit<AuditEntry, 'id'>;

/** The audit log of staff actions, kept by time, shared by every node (station/audit-query.ts: its pages). */
export interface AuditLog {
  /**
   * Stamps the entry "<ms>-<seq>" from `atMs` (or the newest entry's ms, if later: ids only grow)
   * and drops entries stamped before `keepFromMs` (the retention).
   */
  append(record: AuditRecord, atMs: number, keepFromMs: number): Promise<AuditEntry>;
  page(query: AuditQuery): Promise<AuditPage>;
}

export interface SubmitRules {
  /** Same artist+title, case-insensitive: the song's id. */
  songId: string;
  /** Creation time in ms: orders requests of the same rank. */
  createdMs: number;
  /** Where the queue ranks it: the listener's priority when the station honours it, else `normal`. */
  rank: RequestPriority;
}

export interface RequestQueue {
  /** Queues the request unless its song is already pending, in one atomic step, so racing duplicates cannot both get in. */
  submit(request: StoredSongRequest, rules: SubmitRules): Promise<SubmitOutcome>;
  /** The pending request for this song, if any. */
  pendingFor(songId: string): Promise<StoredSongRequest | null>;
  /** Pending: by rank (high first), then oldest first. Other statuses and `all`: newest first. */
  list(status: RequestStatus | 'all', limit: number): Promise<StoredSongRequest[]>;
  /**
   * The same listing, each request as JSON text in `storedRequestText`'s form (requester-name.ts),
   * for an answer that splices the rows in without parsing them.
   */
  listText(status: RequestStatus | 'all', limit: number): Promise<string[]>;
  /** The pending request for this song becomes `played` (the poller calls this on a song change). */
  markPlayed(songId: string): Promise<StoredSongRequest | null>;
  /** Staff set a pending request's priority, which also ranks it in the queue; null when none is pending with that id. */
  setPriority(id: string, priority: RequestPriority): Promise<StoredSongRequest | null>;
  /** A pending request, by id, becomes `played` or `rejected` (staff action); null when none is pending with that id. */
  resolve(id: string, status: 'played' | 'rejected'): Promise<StoredSongRequest | null>;
}

/** An entry with its place in its log: 1 for the first ever appended, one more for each after it. */
export interface Positioned<T> {
  readonly position: number;
  readonly entry: T;
}

export interface FeedbackLog {
  append(feedback: Feedback): Promise<void>;
  /** Newest first. */
  recent(limit: number): Promise<Feedback[]>;
  /**
   * At most `count` kept entries older than position `before` (all kept ones when null), newest
   * first, with their positions: one bounded read, whatever the kept history (station/feedback-search.ts).
   */
  readBefore(before: number | null, count: number): Promise<Array<Positioned<Feedback>>>;
}

export interface StationStore {
  /**
   * The current state, shared and frozen (never modify it). Read on every status request, so a
   * shared store may serve it from a cache up to a second old.
   */
  read(): Promise<StationState>;
  /** The state if it is at hand without I/O (memory, or a fresh cache), for synchronous hot paths. */
  peek(): StationState | undefined;
  /**
   * The state last read from or written to the store, and how long ago (ms): what the node still
   * knows while the store is away. Undefined before the first read.
   */
  lastKnown(): { state: StationState; ageMs: number } | undefined;
  /** The current state as stored this instant (the poller's read-modify-write needs it exact). */
  readFresh(): Promise<StationState>;
  /** Another node changed the state (its relayed event came): the next read asks the store, not a cache. */
  forgetCached(): void;
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
  /**
   * The events that occurred in [`fromSeconds`, `toSeconds`), oldest first (ties in the order of
   * their keys), at most `limit` of them after `after` (a page's `next`); `next` is null on the last
   * page. Reads an index by time (memory: a sorted list; Redis: a sorted set), never every event.
   */
  eventsBetween(fromSeconds: number, toSeconds: number, page: { after: string | null; limit: number }): Promise<RevenuePage>;
}

/** One page of revenue events by time; `next` continues after its last event (opaque to callers). */
export interface RevenuePage {
  events: RevenueEvent[];
  next: string | null;
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

/** One SSE message; `data` is JSON text, which never contains a raw newline, so it is one line. */
export function encodeSseFrame(event: string, data: string, id: string | undefined): string {
  return `${id === undefined ? '' : `id: ${id}\n`}event: ${event}\ndata: ${data}\n\n`;
}

/** What a frame with an id adds to its id, event name and data: derived from the one frame format above. */
export const SSE_FRAME_OVERHEAD = encodeSseFrame('', '', '').length;

/** The size a logged event is counted at against `ResumeBounds.maxBytes`: its SSE frame. */
export const loggedEventBytes = (id: string, event: string, dataBytes: number) => id.length + event.length + dataBytes + SSE_FRAME_OVERHEAD;

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
  /** The same, where the history is in this process and needs no I/O (an SSE stream then opens inside the uWS callback). */
  lastIdNow?(): string | null;
}

/**
 * Whether the store answers, as one fact for this node (one outage, logged once). While it is
 * away the node answers station reads from its last known state, counts budgets in its own memory
 * and tells its live clients; writes are refused (503). The memory store is never away.
 */
export interface StoreAvailability {
  /** When (Unix ms) this node found the store away; null while it answers. */
  awaySince(): number | null;
  /** Told on each change, in order: the time the store went away, or null when it is back. */
  onChange(listener: (awaySinceMs: number | null) => void): void;
  /** What refused writes tell clients to wait meanwhile (their Retry-After). */
  readonly retryAfterSeconds: number;
}

/** A store in this process: always there. */
export const ALWAYS_AVAILABLE: StoreAvailability = { awaySince: () => null, onChange: () => undefined, retryAfterSeconds: 1 };

/**
 * The programme staff edit live (weekly shows, one-off events, playlists), shared by every node:
 * seeded once from the config file, then changed only by edits, each a compare-and-set on the
 * generation and revision so two staff editing at once cannot lose each other's change.
 */
export interface ProgrammeStore {
  /** Stores `programme` unless one is stored already (a later start never overwrites edits); answers what is stored. */
  seed(programme: Programme): Promise<Programme>;
  /** The stored programme's generation and revision (a cheap check before reading it whole); null when none is stored. */
  version(): Promise<ProgrammeVersion | null>;
  read(): Promise<Programme | null>;
  /** Stores `next` if the stored version is still `expected` (null: none stored), in one atomic step; false when another write came first. */
  replace(next: Programme, expected: ProgrammeVersion | null): Promise<boolean>;
}

/**
 * Listener sessions and each play's audience, for the reports (station/audience-recorder.ts):
 * the sessions open now (bounded by the listeners now), daily aggregates and the plays of each
 * day, both kept `keepDays`. The poll runs on one node per tick, so one writer at a time.
 */
export interface AudienceLog {
  /** What the last poll left. */
  now(): Promise<AudienceNow>;
  /** Applies one poll's changes in one atomic step. */
  commit(step: AudienceStep): Promise<void>;
  /** The aggregates of the days from `fromDay` to `toDay` that have any, oldest first. */
  days(fromDay: string, toDay: string): Promise<DayAggregate[]>;
  /** The plays that started on the days from `fromDay` to `toDay`, oldest first. */
  plays(fromDay: string, toDay: string): Promise<PlayAudience[]>;
}

/** What the artwork resolver learned of one song: the image it found (by the image's key), or none (a miss). */
export interface ArtworkLookup {
  readonly imageKey: string | null;
}

/** An image fetched once and served from the hub's own origin. */
export interface ArtworkImage {
  readonly contentType: string;
  readonly bytes: Buffer;
}

/**
 * The artwork resolver's cache, shared by every node: lookups per song (hits and misses) and the
 * images found. Bounded twice: each entry expires after the seconds it is saved with, and past
 * the store's cap (StoreLimits) the entry closest to expiring gives way.
 */
export interface ArtworkStore {
  lookup(songKey: string): Promise<ArtworkLookup | null>;
  saveLookup(songKey: string, lookup: ArtworkLookup, ttlSeconds: number): Promise<void>;
  image(imageKey: string): Promise<ArtworkImage | null>;
  /** Whether the image is still kept (without reading it). */
  hasImage(imageKey: string): Promise<boolean>;
  saveImage(imageKey: string, image: ArtworkImage, ttlSeconds: number): Promise<void>;
}

/**
 * This node's own copy of the last programme it held, kept outside the shared store so that a
 * node started while the store is away serves it (marked stale) rather than the config file's.
 */
export interface ProgrammeSnapshot {
  /** The programme last saved and when (Unix ms) the store last confirmed it; null when none was saved. */
  load(): Promise<{ programme: Programme; confirmedAtMs: number } | null>;
  save(programme: Programme, confirmedAtMs: number): Promise<void>;
}

/** No snapshot kept (the in-memory store, or no `store.dataDir`): a start serves the config file's programme until the store answers. */
export const NO_PROGRAMME_SNAPSHOT: ProgrammeSnapshot = { load: async () => null, save: async () => undefined };

export interface Store {
  readonly kind: 'memory' | 'redis';
  readonly availability: StoreAvailability;
  readonly liveEvents: LiveEventLog;
  readonly chat: ChatLog;
  readonly requests: RequestQueue;
  readonly feedback: FeedbackLog;
  readonly station: StationStore;
  readonly moderation: ModerationStore;
  readonly audit: AuditLog;
  readonly staffKeys: StaffKeyStore;
  readonly revenue: RevenueLedger;
  readonly programme: ProgrammeStore;
  readonly audience: AudienceLog;
  readonly artwork: ArtworkStore;
  /** Fixed-window counters for the limits module, shared by every node using this store. */
  counter: WindowCounterFactory;
  /** A chat post's checks and append in one step, where the store can (Redis); absent: step by step. */
  readonly chatPost?: ChatPostAtOnce;
  /** A song request's checks, queueing and tally in one step, where the store can (Redis); absent: step by step. */
  readonly songRequest?: SongRequestAtOnce;
  /** Feedback's budget, append and tally in one step, where the store can (Redis); absent: step by step. */
  readonly feedbackPost?: FeedbackAtOnce;
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
  // The bounds below have their defaults in config/default.json only (live.sse.historySize,
  // artwork.lookups, artwork.images): the composition root always passes them.
  /** Live events kept for SSE resume. */
  liveEventHistory: number;
  /** Songs whose artwork lookup is kept. */
  artworkLookups: number;
  /** Artwork images kept (each at most artwork.maxImageBytes). */
  artworkImages: number;
}
