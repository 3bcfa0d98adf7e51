import type { ChatMessage, SentChatMessage } from '../../station/model.js';
import type { ChatLog } from '../../station/ports.js';
import type { RedisConnections } from '../../redis/redis-connection.js';
import type { ChatPosition } from '../../station/chat-cursor.js';
import { isStreamId, RedisStream } from './redis-stream.js';

/**
 * Chat as a Redis stream. Stream ids are "<server ms>-<seq>", exactly the monotonic id we
 * promise, stamped by one clock for every node; `since` and `after` become id ranges (XREVRANGE
 * for the newest, XRANGE for a page on). The sender's client is a field of the entry: it rolls off
 * with the message, and only `find` and `delete` read it.
 */
export class RedisChatLog implements ChatLog {
  readonly stream: RedisStream;

  constructor(
    private readonly redis: RedisConnections,
    private readonly key: string,
    capacity: number,
  ) {
    this.stream = new RedisStream(redis, key, capacity);
  }

  async append(entry: { nickname: string; message: string; client?: string }): Promise<ChatMessage> {
    return chatMessageOf(await this.stream.append({ nickname: entry.nickname, message: entry.message, client: entry.client ?? '' }), entry);
  }

  listAfter(afterMs: number, limit: number): Promise<ChatMessage[]> {
    return this.redis.call(async () => {
      // Strictly after afterMs: the first id that can qualify is the next whole millisecond.
      const start = `${Math.max(0, Math.floor(afterMs) + 1)}-0`;
      const entries = await this.redis.commands.xRevRange(this.key, '+', start, { COUNT: limit });
      return entries.reverse().map((e) => chatMessageOf(e.id, { nickname: e.message.nickname ?? '', message: e.message.message ?? '' }));
    });
  }

  listFrom(start: ChatPosition, limit: number): Promise<ChatMessage[]> {
    return this.redis.call(async () => {
      // XRANGE with COUNT: the read is the page, however long the stream.
      const entries = await this.redis.commands.xRange(this.key, `${start.ms}-${start.seq}`, '+', { COUNT: limit });
      return entries.map((e) => chatMessageOf(e.id, { nickname: e.message.nickname ?? '', message: e.message.message ?? '' }));
    });
  }

  find(id: string): Promise<SentChatMessage | null> {
    // A malformed id simply names no message.
    if (!isStreamId(id)) return Promise.resolve(null);
    return this.redis.call(async () => {
      const [entry] = await this.redis.commands.xRange(this.key, id, id);
      if (!entry) return null;
      return { message: chatMessageOf(entry.id, { nickname: entry.message.nickname ?? '', message: entry.message.message ?? '' }), client: entry.message.client ?? '' };
    });
  }

  async delete(id: string): Promise<SentChatMessage | null> {
    const found = await this.find(id);
    if (!found) return null;
    // Of two racing deletes only the one whose XDEL removed the entry gets it back.
    return this.redis.call(async () => ((await this.redis.commands.xDel(this.key, id)) > 0 ? found : null));
  }
}

/** A chat message as answered, from its stream id (server ms, sequence) and fields. */
export function chatMessageOf(id: string, entry: { nickname: string; message: string }): ChatMessage {
  const ms = Number(id.slice(0, id.indexOf('-')));
  return { id, nickname: entry.nickname, message: entry.message, timestamp: Math.floor(ms / 1000) };
}
