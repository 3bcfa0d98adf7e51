/** Entries in process memory, the newest `capacity` kept, read newest first (feedback, the audit log). */
export class MemoryCappedList<T> {
  private readonly entries: T[] = [];

  constructor(private readonly capacity: number) {}

  async append(entry: T): Promise<void> {
    this.entries.push(structuredClone(entry));
    if (this.entries.length > this.capacity) this.entries.splice(0, this.entries.length - this.capacity);
  }

  async recent(limit: number): Promise<T[]> {
    return this.entries
      .slice(-limit)
      .reverse()
      .map((entry) => structuredClone(entry));
  }
}
