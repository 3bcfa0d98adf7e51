import type { Positioned } from '../../station/ports.js';

/**
 * Entries in process memory, the newest `capacity` kept, read newest first (feedback). Each entry
 * has a position: 1 for the first ever appended, one more for each after it, never reused, so a
 * cursor stays on the same entry while newer ones arrive and older ones roll off.
 */
export class MemoryCappedList<T> {
  private readonly entries: T[] = [];
  /** Entries ever appended: the newest one's position. */
  private appended = 0;

  constructor(private readonly capacity: number) {}

  async append(entry: T): Promise<void> {
    this.entries.push(structuredClone(entry));
    this.appended += 1;
    if (this.entries.length > this.capacity) this.entries.splice(0, this.entries.length - this.capacity);
  }

  async recent(limit: number): Promise<T[]> {
    return this.entries
      .slice(-limit)
      .reverse()
      .map((entry) => structuredClone(entry));
  }

  async readBefore(before: number | null, count: number): Promise<Array<Positioned<T>>> {
    // entries[i] is at position first + i.
    const first = this.appended - this.entries.length + 1;
    const end = before === null ? this.entries.length : Math.min(this.entries.length, Math.max(0, before - first));
    const start = Math.max(0, end - count);
    const read: Array<Positioned<T>> = [];
    for (let i = end - 1; i >= start; i--) read.push({ position: first + i, entry: structuredClone(this.entries[i]!) });
    return read;
  }
}
