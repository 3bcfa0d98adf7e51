import type { ChatMessage } from '../../station/model.js';
import type { ChatLog } from '../../station/ports.js';
import { compareToPosition, type ChatPosition } from '../../station/chat-cursor.js';
import { MemoryStream } from './memory-stream.js';

interface Entry {
  id: string;
  ms: number;
  message: ChatMessage;
}

/** Chat in process memory: the newest `capacity` messages, older ones roll off. */
export class MemoryChatLog implements ChatLog {
  private readonly stream: MemoryStream<Entry>;

  constructor(capacity: number, now: () => number = Date.now) {
    this.stream = new MemoryStream(capacity, now);
  }

  async append(entry: { nickname: string; message: string }): Promise<ChatMessage> {
    const stored = this.stream.append((id, ms) => ({
      id,
      ms,
      message: { id, nickname: entry.nickname, message: entry.message, timestamp: Math.floor(ms / 1000) },
    }));
    return stored.message;
  }

  async listAfter(afterMs: number, limit: number): Promise<ChatMessage[]> {
    const result: ChatMessage[] = [];
    // Walk back from the newest: the answer is the newest `limit` after the cut-off.
    for (let i = this.stream.size - 1; i >= 0 && result.length < limit; i--) {
      const entry = this.stream.at(i)!;
      if (entry.ms <= afterMs) break;
      result.push(entry.message);
    }
    return result.reverse();
  }

  async listFrom(start: ChatPosition, limit: number): Promise<ChatMessage[]> {
    const result: ChatMessage[] = [];
    const first = this.stream.firstIndexWhere((entry) => compareToPosition(entry.id, start) < 0);
    for (let i = first; i < this.stream.size && result.length < limit; i++) result.push(this.stream.at(i)!.message);
    return result;
  }

  async delete(id: string): Promise<boolean> {
    return this.stream.delete(id);
  }
}
