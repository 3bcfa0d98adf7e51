import type { ChatMessage } from '../../station/model.js';
import type { ChatLog } from '../../station/ports.js';
import { redisCall, type RedisClient } from '../../redis/redis-connection.js';

/**
 * Chat as a Redis stream. Stream ids are "<server ms>-<seq>", exactly the monotonic id we
 * promise, stamped by one clock for every node; `since` becomes an id range (XREVRANGE), and
 * XADD's approximate MAXLEN keeps the log bounded at no extra cost.
 */
export class RedisChatLog implements ChatLog {
  constructor(
    private readonly client: RedisClient,
    private readonly key: string,
    private readonly capacity: number,
  ) {}

  append(entry: { nickname: string; message: string }): Promise<ChatMessage> {
    return redisCall(async () => {
      const id = await this.client.xAdd(
        this.key,
        '*',
        { nickname: entry.nickname, message: entry.message },
        {
          TRIM: { strategy: 'MAXLEN', strategyModifier: '~', threshold: this.capacity },
        },
      );
      return toMessage(id, entry);
    });
  }

  listAfter(afterMs: number, limit: number): Promise<ChatMessage[]> {
    return redisCall(async () => {
      // Strictly after afterMs: the first id that can qualify is the next whole millisecond.
      const start = `${Math.max(0, Math.floor(afterMs) + 1)}-0`;
      const entries = await this.client.xRevRange(this.key, '+', start, { COUNT: limit });
      return entries.reverse().map((e) => toMessage(e.id, { nickname: e.message.nickname ?? '', message: e.message.message ?? '' }));
    });
  }

  delete(id: string): Promise<boolean> {
    // A malformed id would make XDEL fail with an error reply; it simply names no message.
    if (!/^\d{1,15}-\d{1,15}$/.test(id)) return Promise.resolve(false);
    return redisCall(async () => (await this.client.xDel(this.key, id)) > 0);
  }
}

function toMessage(id: string, entry: { nickname: string; message: string }): ChatMessage {
  const ms = Number(id.slice(0, id.indexOf('-')));
  return { id, nickname: entry.nickname, message: entry.message, timestamp: Math.floor(ms / 1000) };
}
