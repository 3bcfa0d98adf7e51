import type { ChatMessage } from '../../station/model.js';
import type { ChatLog } from '../../station/ports.js';

interface Entry {
  ms: number;
  message: ChatMessage;
}

/** Chat in process memory: the newest `capacity` messages, older ones roll off. */
export class MemoryChatLog implements ChatLog {
  private readonly entries: Entry[] = [];
  private lastMs = 0;
  private sequence = 0;

  constructor(
    private readonly capacity: number,
    private readonly now: () => number = Date.now,
  ) {}

  async append(entry: { nickname: string; message: string }): Promise<ChatMessage> {
    // Ids must keep increasing even if the wall clock steps back.
    const ms = Math.max(this.now(), this.lastMs);
    this.sequence = ms === this.lastMs ? this.sequence + 1 : 0;
    this.lastMs = ms;
    const message: ChatMessage = {
      id: `${ms}-${this.sequence}`,
      nickname: entry.nickname,
      message: entry.message,
      timestamp: Math.floor(ms / 1000),
    };
    this.entries.push({ ms, message });
    if (this.entries.length > this.capacity) this.entries.splice(0, this.entries.length - this.capacity);
    return message;
  }

  async listAfter(afterMs: number, limit: number): Promise<ChatMessage[]> {
    const result: ChatMessage[] = [];
    // Walk back from the newest: the answer is the newest `limit` after the cut-off.
    for (let i = this.entries.length - 1; i >= 0 && result.length < limit; i--) {
      const entry = this.entries[i]!;
      if (entry.ms <= afterMs) break;
      result.push(entry.message);
    }
    return result.reverse();
  }

  async delete(id: string): Promise<boolean> {
    const index = this.entries.findIndex((entry) => entry.message.id === id);
    if (index < 0) return false;
    this.entries.splice(index, 1);
    return true;
  }
}
