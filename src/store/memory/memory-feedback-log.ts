import type { Feedback } from '../../station/model.js';
import type { FeedbackLog } from '../../station/ports.js';

/** Feedback in process memory: the newest `capacity` entries, older ones roll off. */
export class MemoryFeedbackLog implements FeedbackLog {
  private readonly entries: Feedback[] = [];

  constructor(private readonly capacity: number) {}

  async append(feedback: Feedback): Promise<void> {
    this.entries.push(structuredClone(feedback));
    if (this.entries.length > this.capacity) this.entries.splice(0, this.entries.length - this.capacity);
  }

  async recent(limit: number): Promise<Feedback[]> {
    return this.entries
      .slice(-limit)
      .reverse()
      .map((f) => structuredClone(f));
  }
}
