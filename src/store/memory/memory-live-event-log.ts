import type { LiveEventLog, LoggedLiveEvent } from '../../station/ports.js';

/**
 * Live event history in process memory: the newest `capacity` events. Ids are "<ms>-<seq>" like
 * the Redis log's, so an id from before a restart is simply unknown here (the client then gets a
 * fresh snapshot), never mistaken for a newer event.
 */
export class MemoryLiveEventLog implements LiveEventLog {
  private readonly entries: LoggedLiveEvent[] = [];
  private lastMs = 0;
  private sequence = 0;

  constructor(
    private readonly capacity: number,
    private readonly now: () => number = Date.now,
  ) {}

  async append(event: string, payload: unknown): Promise<string> {
    // Ids must keep increasing even if the wall clock steps back.
    const ms = Math.max(this.now(), this.lastMs);
    this.sequence = ms === this.lastMs ? this.sequence + 1 : 0;
    this.lastMs = ms;
    const id = `${ms}-${this.sequence}`;
    this.entries.push({ id, event, payload });
    if (this.entries.length > this.capacity) this.entries.splice(0, this.entries.length - this.capacity);
    return id;
  }

  async since(id: string): Promise<LoggedLiveEvent[] | null> {
    const index = this.entries.findIndex((entry) => entry.id === id);
    return index < 0 ? null : this.entries.slice(index + 1);
  }

  async lastId(): Promise<string | null> {
    return this.entries.at(-1)?.id ?? null;
  }
}
