import type { Feedback } from '../../station/model.js';
import type { FeedbackLog } from '../../station/ports.js';
import type { RedisConnections } from '../../redis/redis-connection.js';
import { LuaScript } from './lua-script.js';

// KEYS: the list. ARGV: json, capacity.
const PUSH = new LuaScript(`
redis.call('LPUSH', KEYS[1], ARGV[1])
redis.call('LTRIM', KEYS[1], 0, tonumber(ARGV[2]) - 1)
`);

/** Feedback as a capped Redis list, newest at the head; push and trim in one script (atomic on every topology). */
export class RedisFeedbackLog implements FeedbackLog {
  constructor(
    private readonly redis: RedisConnections,
    private readonly key: string,
    private readonly capacity: number,
  ) {}

  append(feedback: Feedback): Promise<void> {
    return this.redis.call(async () => {
      await PUSH.run(this.redis.commands, [this.key], [JSON.stringify(feedback), this.capacity]);
    });
  }

  recent(limit: number): Promise<Feedback[]> {
    return this.redis.call(async () => {
      const rows = await this.redis.commands.lRange(this.key, 0, limit - 1);
      return rows.map((row) => JSON.parse(row) as Feedback);
    });
  }
}
