import type { OneOffEvent, Playlist, WeeklyShow } from '../config/schema.js';
import { programmeProblem, type ProgrammeItems } from '../config/programme-rules.js';
import { AppError } from '../errors.js';
import { toUnixSeconds, type Clock } from './clock.js';
import type { LiveHub } from './live-hub.js';
import type { ProgrammeStore } from './ports.js';
import type { Programme } from './programme.js';
import { ScheduleService } from './schedule-service.js';

/** One staff edit of the programme: a show, event or playlist put (added or replaced by id) or deleted. */
export type ProgrammeChange =
  | { action: 'put'; kind: 'shows'; item: WeeklyShow }
  | { action: 'put'; kind: 'events'; item: OneOffEvent }
  | { action: 'put'; kind: 'playlists'; item: Playlist }
  | { action: 'delete'; kind: 'shows' | 'events' | 'playlists'; id: string };

/** Compare-and-set attempts before an edit gives up (only many staff editing in the same instant get there). */
const EDIT_ATTEMPTS = 10;
/** How soon a node tries again to seed or read the programme while the store is not answering yet. */
const SEED_RETRY_MS = 500;

/**
 * The programme staff edit live: seeded from the config file on the first start (a later start
 * keeps the edits), edited through `change` (every staff edit), published as `schedule:updated`.
 * Each node keeps the current programme in memory so the schedule and playlists answer without
 * I/O; another node's edit reaches it by the live relay (`refresh`), with a periodic revision
 * check behind it for a relay lost in a Redis outage.
 */
export class ProgrammeService {
  readonly schedule: ScheduleService;
  private current: Programme;
  private seeded = false;

  constructor(
    private readonly store: ProgrammeStore,
    private readonly seedItems: ProgrammeItems,
    timezone: string,
    private readonly live: LiveHub,
    private readonly clock: Clock,
  ) {
    // Until the store answers, the config file's programme (what the store will be seeded with).
    this.current = { shows: [...seedItems.shows], events: [...seedItems.events], playlists: [...seedItems.playlists], revision: 0, updated_at: 0 };
    this.schedule = new ScheduleService({ timezone, programme: () => this.current }, clock);
  }

  /** The programme this node serves (frozen by convention: a new object on every change). */
  programme(): Programme {
    return this.current;
  }

  /** Seeds the store from the config file unless it holds a programme, and serves what it holds. */
  async start(): Promise<void> {
    const { shows, events, playlists } = structuredClone(this.seedItems);
    this.adopt(await this.store.seed({ shows: [...shows], events: [...events], playlists: [...playlists], revision: 1, updated_at: toUnixSeconds(this.clock()) }));
    this.seeded = true;
  }

  /**
   * Seeds (retrying every half second until that succeeds: the store may still be connecting at
   * start), then checks the store's revision every `everyMs`: the fallback for an edit whose live
   * relay this node missed. Failures are the store's outage, which the store logs once per state
   * change; `onError` hears them. Never waits on the store: returns the stop at once.
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
   * Seeds first if that has not succeeded yet; then reads the store's programme when its revision
   * is newer than this node's (another node's edit). A store that lost the programme (a Redis
   * restarted empty) gets this node's back, not the config file's.
   */
  async refresh(): Promise<void> {
    if (!this.seeded) return this.start();
    const revision = await this.store.revision();
    if (revision === 0) this.adopt(await this.store.seed(this.current));
    if (revision <= this.current.revision) return;
    const stored = await this.store.read();
    if (stored) this.adopt(stored);
  }

  /**
   * Every staff edit of the programme goes through here: applied to the stored programme (a
   * compare-and-set, retried if another edit came first), checked with the config file's rules,
   * then published to every live client. 404 to delete what is not there; 400 for a broken rule.
   */
  async change(change: ProgrammeChange): Promise<Programme> {
    if (!this.seeded) await this.start();
    for (let attempt = 0; attempt < EDIT_ATTEMPTS; attempt++) {
      // A store that lost the programme (a Redis restarted empty) is edited from this node's copy.
      const stored = await this.store.read();
      const next = applied(stored ?? this.current, change, toUnixSeconds(this.clock()));
      const problem = programmeProblem(next);
      if (problem) throw new AppError('VALIDATION_FAILED', { details: [{ field: problem[0], message: problem[1] }] });
      if (await this.store.replace(next, stored?.revision ?? 0)) {
        this.adopt(next);
        this.live.publish('schedule:updated', { revision: next.revision, updated_at: next.updated_at, schedule: this.schedule.schedule(), playlists: next.playlists });
        return next;
      }
    }
    throw new AppError('UNAVAILABLE', { message: 'The programme is being edited by others this instant; try again.', retryAfterSeconds: 1 });
  }

  private adopt(programme: Programme): void {
    if (programme.revision > this.current.revision) this.current = programme;
  }
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
