import type { RedisConnections } from '../../redis/redis-connection.js';
import { LuaScript } from './lua-script.js';

// KEYS: the list. ARGV: json, capacity.
const PUSH = new LuaScript(`
redis.call('LPUSH', KEYS[1], ARGV[1])
redis.call('LTRIM', KEYS[1], 0, tonumber(ARGV[2]) - 1)
`);

/**
 * Entries as a capped Redis list of JSON, newest at the head (feedback, the audit log); push and
 * trim in one script (atomic on every topology).
 */
export class RedisCappedList<T> {
  constructor(
    private readonly redis: RedisConnections,
    private readonly key: string,
    private readonly capacity: number,
  ) {}

  append(entry: T): Promise<void> {
    return this.redis.call(async () => {
      await PUSH.run(this.redis.commands, [this.key], [JSON.stringify(entry), this.capacity]);
    });
  }

  recent(limit: number): Promise<T[]> {
    return this.redis.call(async () => {
      const rows = await this.redis.commands.lRange(this.key, 0, limit - 1);
      return rows.map((row) => JSON.parse(row) as T);
    });
  }
}
