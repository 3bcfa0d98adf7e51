import { randomBytes } from 'node:crypto';
import type { OneOffEvent, Playlist, WeeklyShow } from '../config/schema.js';
import { programmeProblem, type ProgrammeItems } from '../config/programme-rules.js';
import { AppError } from '../errors.js';
import { toUnixSeconds, type Clock } from './clock.js';
import type { LiveHub } from './live-hub.js';
import { ALWAYS_AVAILABLE, NO_PROGRAMME_SNAPSHOT, type ProgrammeSnapshot, type ProgrammeStore, type StoreAvailability } from './ports.js';
import { PROGRAMME_SUPERSEDED_KEPT, versionOf, type Programme, type ProgrammeVersion } from './programme.js';
import { programmeSizeProblem } from './programme-size.js';
import { ScheduleService } from './schedule-service.js';

/** One staff edit of the programme: a show, event or playlist put (added or replaced by id) or deleted. */
export type ProgrammeChange =
  | { action: 'put'; kind: 'shows'; item: WeeklyShow }
  | { action: 'put'; kind: 'events'; item: OneOffEvent }
  | { action: 'put'; kind: 'playlists'; item: Playlist }
  | { action: 'delete'; kind: 'shows' | 'events' | 'playlists'; id: string };

/** Who makes an edit, and the revision it started from. */
export interface ProgrammeEditor {
  /** The staff member's name, stored with the revision the edit makes. */
  name: string;
  /**
   * Whether the edit may go over the stored version (the route's If-Match); absent: any version
   * (the last write wins, as before revisions were checked). Asked inside the compare-and-set
   * loop, so a save racing another is judged against the revision it actually replaces.
   */
  startedFrom?: (stored: ProgrammeVersion) => boolean;
}

export interface ProgrammeServiceOptions {
  store: ProgrammeStore;
  /** The config file's programme: what an empty store is seeded with by a node that knows no other. */
  seedItems: ProgrammeItems;
  timezone: string;
  live: LiveHub;
  clock: Clock;
  /** Whether the store answers (the programme is marked stale while it is away). */
  availability?: StoreAvailability;
  /** This node's own copy of the last programme it held (served at a start while the store is away). */
  snapshot?: ProgrammeSnapshot;
  /** Told when this node writes its programme back into a store that lost it (a line in the log). */
  onWriteBack?: (written: Programme, found: Programme | null) => void;
}

/** Compare-and-set attempts before an edit gives up (only many staff editing in the same instant get there). */
const EDIT_ATTEMPTS = 10;
/** How soon a node tries again to seed or read the programme while the store is not answering yet. */
const SEED_RETRY_MS = 500;
/** How often the snapshot's confirmation time is written again while the programme does not change. */
const SNAPSHOT_REFRESH_MS = 60_000;

const newGeneration = () => randomBytes(9).toString('base64url');

/**
 * What a node does with the store's programme. Revisions compare only within one generation (the
 * lineage a store's first seed starts). The store wins within a generation this node knows when
 * it is ahead; this node's programme goes back into a store that is empty, behind it in the same
 * generation, or holds a generation this node never saw (it lost its data and was seeded again);
 * a programme that superseded this node's generation is adopted.
 */
function reconciled(mine: Programme, stored: Programme | null): 'adopt' | 'write back' | 'same' {
  if (!stored) return 'write back';
  if (stored.generation === mine.generation) return stored.revision === mine.revision ? 'same' : stored.revision > mine.revision ? 'adopt' : 'write back';
  if (stored.supersedes.includes(mine.generation)) return 'adopt';
  return 'write back';
}

/**
 * The programme staff edit live: seeded from the config file on the first start (a later start
 * keeps the edits), edited through `change` (every staff edit), published as `schedule:updated`.
 * Each node keeps the current programme in memory so the schedule and playlists answer without
 * I/O; another node's edit reaches it by the live relay (`refresh`), with a periodic check behind
 * it for a relay lost in a Redis outage. Every node ends on one programme after the store lost
 * its data (see `reconciled`), and keeps its own copy (the snapshot) for a start during an outage.
 */
export class ProgrammeService {
  readonly schedule: ScheduleService;
  private current: Programme;
  /** The config file's programme, not yet in any store: it yields to whatever a store holds. */
  private fromConfigFile = true;
  private seeded = false;
  /** When (Unix ms) the store last confirmed `current`; null: it never has, in this process or before it. */
  private confirmedAtMs: number | null = null;
  private readonly startedAtMs: number;
  /** What this node's copy holds now, and since when. */
  private saved: { programme: Programme; atMs: number } | null = null;
  private readonly snapshot: ProgrammeSnapshot;
  private readonly availability: StoreAvailability;

  constructor(private readonly options: ProgrammeServiceOptions) {
    const { seedItems, clock } = options;
    this.startedAtMs = clock();
    this.snapshot = options.snapshot ?? NO_PROGRAMME_SNAPSHOT;
    this.availability = options.availability ?? ALWAYS_AVAILABLE;
    // Until the store answers, the config file's programme (what an empty store would be seeded with).
    this.current = {
      shows: [...seedItems.shows],
      events: [...seedItems.events],
      playlists: [...seedItems.playlists],
      generation: newGeneration(),
      revision: 1,
      updated_at: toUnixSeconds(this.startedAtMs),
      supersedes: [],
    };
    this.schedule = new ScheduleService({ timezone: options.timezone, programme: () => this.current }, clock);
    // A store back from an outage may have come back empty: converge at once, not at the next check.
    this.availability.onChange((awaySince) => {
      if (awaySince === null && this.seeded) void this.refresh().catch(() => undefined);
    });
  }

  /** The station's zone, which the weekly shows' times are in. */
  get timezone(): string {
    return this.options.timezone;
  }

  /** The programme this node serves (frozen by convention: a new object on every change). */
  programme(): Programme {
    return this.current;
  }

  /**
   * Seconds since the store last confirmed the programme this node serves, while it is not
   * confirmed now (the store is away, or has not answered since this node started); null otherwise.
   */
  staleSeconds(): number | null {
    const away = this.availability.awaySince() !== null;
    // Before the store first answers, the config file's programme is stale only while the store is away.
    if (this.seeded ? !away : !away && this.confirmedAtMs === null) return null;
    return Math.max(0, toUnixSeconds(this.options.clock() - (this.confirmedAtMs ?? this.startedAtMs)));
  }

  /**
   * Before the store answers (called before `watch`, and before the node takes requests): serves
   * the last programme this node held, when it kept one (marked stale), instead of the config
   * file's. Reads only this node's own copy, never the store.
   */
  async restore(): Promise<void> {
    const saved = await this.snapshot.load();
    if (!saved || this.seeded) return;
    this.current = saved.programme;
    this.confirmedAtMs = saved.confirmedAtMs;
    this.fromConfigFile = false;
  }

  /** Seeds the store unless it holds a programme, and reconciles this node's with what it holds. */
  async start(): Promise<void> {
    const stored = await this.options.store.seed(this.current);
    if (this.fromConfigFile) this.adopt(stored);
    else await this.reconcile(stored);
    this.seeded = true;
  }

  /**
   * Seeds (retrying every half second until that
   * succeeds: the store may still be connecting at start), then checks the store's version every
   * `everyMs`: the fallback for an edit whose live relay this node missed, and for a store that
   * came back empty. Failures are the store's outage, which the store logs once per state change;
   * `onError` hears them. Never waits on the store: returns the stop at once.
   */
  watch(everyMs: number, onError: (error: unknown) => void): () => void {
    let timer: NodeJS.Timeout | undefined;
    let stopped = false;
    const tick = async () => {
      await this.refresh().catch(onError);
      if (!stopped) timer = setTimeout(() => void tick(), this.seeded ? everyMs : SEED_RETRY_MS).unref();
    };
    void tick();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }

  /**
   * Seeds first if that has not succeeded yet; then compares the store's version with this
   * node's: reads the programme when the store is ahead (another node's edit), and reconciles when
   * the store lost it or holds another generation.
   */
  async refresh(): Promise<void> {
    if (!this.seeded) return this.start();
    const version = await this.options.store.version();
    if (version?.generation === this.current.generation && version.revision === this.current.revision) this.confirmed();
    else await this.reconcile(await this.options.store.read());
  }

  /**
   * Every staff edit of the programme goes through here: applied to the stored programme (a
   * compare-and-set, retried if another edit came first), checked with the config file's rules,
   * then published to every live client. 404 to delete what is not there; 400 for a broken rule;
   * 412 naming who saved the stored revision when the editor did not start from it.
   */
  async change(change: ProgrammeChange, editor: ProgrammeEditor): Promise<Programme> {
    // The store and this node agree first (a store that lost the programme gets this node's back).
    await this.refresh();
    for (let attempt = 0; attempt < EDIT_ATTEMPTS; attempt++) {
      const stored = await this.options.store.read();
      const base = stored ?? this.current;
      if (editor.startedFrom && !editor.startedFrom(versionOf(base)!)) throw staleEdit(base);
      const next = { ...applied(base, change, toUnixSeconds(this.options.clock())), updated_by: editor.name };
      const problem = programmeProblem(next) ?? programmeSizeProblem(next);
      if (problem) throw new AppError('VALIDATION_FAILED', { details: [{ field: problem[0], message: problem[1] }] });
      if (await this.options.store.replace(next, versionOf(stored))) {
        this.adopt(next);
        this.publish();
        return next;
      }
    }
    throw new AppError('UNAVAILABLE', { message: 'The programme is being edited by others this instant; try again.', retryAfterSeconds: 1 });
  }

  /** Adopts the store's programme or writes this node's back into it, until the two agree. */
  private async reconcile(found: Programme | null): Promise<void> {
    let stored = found;
    for (let attempt = 0; attempt < EDIT_ATTEMPTS; attempt++) {
      const step = reconciled(this.current, stored);
      if (step === 'same') this.confirmed();
      if (step === 'adopt') this.adopt(stored!);
      if (step !== 'write back') return;
      const back: Programme =
        stored && stored.generation !== this.current.generation
          ? { ...this.current, supersedes: [...this.current.supersedes, stored.generation].slice(-PROGRAMME_SUPERSEDED_KEPT) }
          : this.current;
      if (await this.options.store.replace(back, versionOf(stored))) {
        this.options.onWriteBack?.(back, stored);
        this.adopt(back);
        this.publish();
        return;
      }
      stored = await this.options.store.read();
    }
    throw new AppError('UNAVAILABLE', { message: 'The programme is being edited by others this instant; try again.', retryAfterSeconds: 1 });
  }

  /** Serves `programme`, which the store holds now, and keeps this node's copy of it. */
  private adopt(programme: Programme): void {
    this.current = programme;
    this.fromConfigFile = false;
    this.confirmed();
  }

  private confirmed(): void {
    const now = this.options.clock();
    this.confirmedAtMs = now;
    // The copy is written when the programme changes, and its confirmation time once a minute (the Age of a start during an outage).
    if (this.saved?.programme === this.current && now - this.saved.atMs < SNAPSHOT_REFRESH_MS) return;
    this.saved = { programme: this.current, atMs: now };
    void this.snapshot.save(this.current, now).catch(() => undefined);
  }

  private publish(): void {
    const next = this.current;
    this.options.live.publish('schedule:updated', { revision: next.revision, updated_at: next.updated_at, schedule: this.schedule.schedule(), playlists: next.playlists });
  }
}

/** 412: the edit started from an older revision than the stored one; says who saved that one. */
function staleEdit(stored: Programme): AppError {
  const editor = stored.updated_by;
  return new AppError('PRECONDITION_FAILED', {
    message: `${editor ?? 'The configuration file'} saved the programme (revision ${stored.revision}) after you read it; reload it and make your change again.`,
    text: (strings) => (editor ? strings.programmeChanged(editor, stored.revision) : strings.codes.PRECONDITION_FAILED!),
    details: [{ field: 'If-Match', message: `the programme is at revision ${stored.revision}${editor ? `, saved by ${editor}` : ''}` }],
  });
}

function applied(programme: Programme, change: ProgrammeChange, now: number): Programme {
  const items: Array<{ id: string }> = programme[change.kind];
  let list: Array<{ id: string }>;
  if (change.action === 'put') {
    const at = items.findIndex((item) => item.id === change.item.id);
    list = at === -1 ? [...items, change.item] : items.map((item, i) => (i === at ? change.item : item));
  } else {
    if (!items.some((item) => item.id === change.id)) throw new AppError('NOT_FOUND', { message: `No ${change.kind.slice(0, -1)} has that id.` });
    list = items.filter((item) => item.id !== change.id);
  }
  return { ...programme, [change.kind]: list, revision: programme.revision + 1, updated_at: now };
}
