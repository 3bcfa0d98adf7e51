/** An entry of a memory stream: its "<ms>-<seq>" id and the millisecond the id was stamped with. */
export interface StreamEntry {
  readonly id: string;
  readonly ms: number;
}

/**
 * The memory twin of a Redis stream, for the logs that promise Redis's ids (chat, live events):
 * ids "<ms>-<seq>" that keep increasing even if the wall clock steps back, and only the newest
 * `capacity` entries kept. Appending is O(1) (the dropped head is compacted away in bulk), and an
 * id from before a restart is simply not found, never mistaken for a newer entry.
 */
export class MemoryStream<T extends StreamEntry> {
  private entries: T[] = [];
  /** Index of the oldest live entry; those before it rolled off and await compaction. */
  private head = 0;
  private lastMs = 0;
  private sequence = 0;

  constructor(
    private readonly capacity: number,
    private readonly now: () => number,
  ) {}

  /** Stamps the next id and stores what `build` makes of it; the oldest entry rolls off past the capacity. */
  append(build: (id: string, ms: number) => T): T {
    const ms = Math.max(this.now(), this.lastMs);
    this.sequence = ms === this.lastMs ? this.sequence + 1 : 0;
    this.lastMs = ms;
    const entry = build(`${ms}-${this.sequence}`, ms);
    this.entries.push(entry);
    if (this.entries.length - this.head > this.capacity) this.head += 1;
    // Compact once the dead head is as long as the live part: amortised O(1) per append.
    if (this.head >= this.capacity) {
      this.entries = this.entries.slice(this.head);
      this.head = 0;
    }
    return entry;
  }

  /**
   * Drops the entries stamped before `ms`, oldest first: for a log kept by time (the audit log).
   * The dropped head is compacted away once it is as long as the live part (amortised O(1)).
   */
  dropOlderThan(ms: number): void {
    while (this.head < this.entries.length && this.entries[this.head]!.ms < ms) this.head += 1;
    if (this.head > 0 && this.head * 2 >= this.entries.length) {
      this.entries = this.entries.slice(this.head);
      this.head = 0;
    }
  }

  get size(): number {
    return this.entries.length - this.head;
  }

  /** The entry `index` places from the oldest (0) to the newest (size - 1). */
  at(index: number): T | undefined {
    return index < 0 ? undefined : this.entries[this.head + index];
  }

  newest(): T | undefined {
    return this.size === 0 ? undefined : this.entries[this.entries.length - 1];
  }

  /**
   * Index of the first entry for which `before(entry)` is false, entries being in id order and
   * `before` true for a prefix of them: a binary search, so a page costs O(log n + page).
   */
  firstIndexWhere(before: (entry: T) => boolean): number {
    let low = this.head;
    let high = this.entries.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (before(this.entries[middle]!)) low = middle + 1;
      else high = middle;
    }
    return low - this.head;
  }

  /** Position of `id` (searched from the newest end: resumes and deletions are mostly recent), or -1. */
  indexOf(id: string): number {
    for (let i = this.entries.length - 1; i >= this.head; i--) if (this.entries[i]!.id === id) return i - this.head;
    return -1;
  }

  /** Removes the entry with `id`; false when there is none. */
  delete(id: string): boolean {
    const index = this.indexOf(id);
    if (index < 0) return false;
    this.entries.splice(this.head + index, 1);
    return true;
  }
}

/** A log kept as one memory stream (chat, live events): the newest `capacity` entries, ids stamped by `now`. */
export abstract class MemoryStreamLog<T extends StreamEntry> {
  protected readonly stream: MemoryStream<T>;

  constructor(capacity: number, now: () => number = Date.now) {
    this.stream = new MemoryStream(capacity, now);
  }
}
