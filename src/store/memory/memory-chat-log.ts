import type { ChatMessage, SentChatMessage } from '../../station/model.js';
import type { ChatLog } from '../../station/ports.js';
import { compareToPosition, type ChatPosition } from '../../station/chat-cursor.js';
import { MemoryStreamLog } from './memory-stream.js';

interface Entry {
  id: string;
  ms: number;
  message: ChatMessage;
  /** The sender's client, for a ban on the sender; never part of `message`. */
  client: string;
}

/** Chat in process memory: the newest `capacity` messages, older ones roll off. */
export class MemoryChatLog extends MemoryStreamLog<Entry> implements ChatLog {
  async append(entry: { nickname: string; message: string; client?: string }): Promise<ChatMessage> {
    const stored = this.stream.append((id, ms) => ({
      id,
      ms,
      message: { id, nickname: entry.nickname, message: entry.message, timestamp: Math.floor(ms / 1000) },
      client: entry.client ?? '',
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

  async find(id: string): Promise<SentChatMessage | null> {
    return this.sent(id);
  }

  async delete(id: string): Promise<SentChatMessage | null> {
    // Found and removed in one synchronous step: of two racing deletes only one gets the message.
    const found = this.sent(id);
    if (found) this.stream.delete(id);
    return found;
  }

  private sent(id: string): SentChatMessage | null {
    const entry = this.stream.at(this.stream.indexOf(id));
    return entry ? { message: entry.message, client: entry.client } : null;
  }
}
