import type { RedisConnections } from '../../redis/redis-connection.js';
import type { Positioned } from '../../station/ports.js';
import { LuaScript } from './lua-script.js';

/**
 * The capped list's append in Lua, its one home: `pushCapped(list, counter, json, capacity)`. A
 * list written before the counter existed starts counting from its length, so its entries keep
 * positions 1..n. A script appending with other work (feedback, redis-feedback-post.ts) defines it with this text.
 */
export const pushCappedLua = `
local function pushCapped(list, counter, json, capacity)
  if redis.call('EXISTS', counter) == 0 then redis.call('SET', counter, redis.call('LLEN', list)) end
  redis.call('INCR', counter)
  redis.call('LPUSH', list, json)
  redis.call('LTRIM', list, 0, tonumber(capacity) - 1)
end
`;
// KEYS: the list, its counter (entries ever appended). ARGV: json, capacity.
const PUSH = new LuaScript(`${pushCappedLua}
pushCapped(KEYS[1], KEYS[2], ARGV[1], ARGV[2])
`);

// KEYS: the list, its counter. ARGV: the position to read before (0: from the newest), count.
// The head (index 0) is at position <counter>, index i at <counter> - i: the index of the first
// entry before the cursor follows, and one LRANGE of `count` reads the page. Returns the head's
// position and the rows.
const READ_BEFORE = new LuaScript(`
local newest = tonumber(redis.call('GET', KEYS[2]) or redis.call('LLEN', KEYS[1]))
local before = tonumber(ARGV[1])
local start = 0
if before > 0 then start = math.max(0, newest - before + 1) end
return { tostring(newest - start), redis.call('LRANGE', KEYS[1], start, start + tonumber(ARGV[2]) - 1) }
`);

/**
 * Entries as a capped Redis list of JSON, newest at the head (feedback); push and trim in one
 * script (atomic on every topology). A counter beside the list numbers the entries (1 for the
 * first ever appended), so a cursor keeps its place while newer entries arrive and older roll off.
 * The counter shares the list's key prefix, hence its Cluster slot.
 */
export class RedisCappedList<T> {
  /** Its keys and bound, as `pushCappedLua` takes them (a script appending with other work names them too). */
  readonly counterKey: string;

  constructor(
    private readonly redis: RedisConnections,
    readonly key: string,
    readonly capacity: number,
  ) {
    this.counterKey = `${key}:appended`;
  }

  append(entry: T): Promise<void> {
    return this.redis.call(async () => {
      await PUSH.run(this.redis.commands, [this.key, this.counterKey], [JSON.stringify(entry), this.capacity]);
    });
  }

  recent(limit: number): Promise<T[]> {
    return this.redis.call(async () => {
      const rows = await this.redis.commands.lRange(this.key, 0, limit - 1);
      return rows.map((row) => JSON.parse(row) as T);
    });
  }

  readBefore(before: number | null, count: number): Promise<Array<Positioned<T>>> {
    return this.redis.call(async () => {
      const [top, rows] = (await READ_BEFORE.run(this.redis.commands, [this.key, this.counterKey], [before ?? 0, count])) as [string, string[]];
      const first = Number(top);
      return rows.map((row, i) => ({ position: first - i, entry: JSON.parse(row) as T }));
    });
  }
}
