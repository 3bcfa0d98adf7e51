import type { RedisConnections } from '../../redis/redis-connection.js';
import { MAX_STORED_STAFF_KEYS, type StaffKeyStore, type StoredStaffKey } from '../../station/ports.js';
import { LuaScript } from './lua-script.js';

// KEYS: names hash (name → json), hashes hash (keyHash → json). ARGV: name, keyHash, json, bound.
const ADD = new LuaScript(`
if redis.call('HEXISTS', KEYS[1], ARGV[1]) == 1 then return 'taken' end
if redis.call('HLEN', KEYS[1]) >= tonumber(ARGV[4]) then return 'full' end
redis.call('HSET', KEYS[1], ARGV[1], ARGV[3])
redis.call('HSET', KEYS[2], ARGV[2], ARGV[3])
return 'added'
`);

// KEYS: names hash, hashes hash. ARGV: name. Both entries go in one step.
const REMOVE = new LuaScript(`
local json = redis.call('HGET', KEYS[1], ARGV[1])
if not json then return 0 end
redis.call('HDEL', KEYS[1], ARGV[1])
redis.call('HDEL', KEYS[2], cjson.decode(json).keyHash)
return 1
`);

/** Console-made staff keys as two Redis hashes (by name, by key hash), changed together by script. */
export class RedisStaffKeys implements StaffKeyStore {
  private readonly names: string;
  private readonly hashes: string;

  constructor(
    private readonly redis: RedisConnections,
    prefix: string,
  ) {
    this.names = `${prefix}staff:names`;
    this.hashes = `${prefix}staff:hashes`;
  }

  add(key: StoredStaffKey): Promise<'added' | 'taken' | 'full'> {
    return this.redis.call(
      async () => (await ADD.run(this.redis.commands, [this.names, this.hashes], [key.name, key.keyHash, JSON.stringify(key), MAX_STORED_STAFF_KEYS])) as 'added' | 'taken' | 'full',
    );
  }

  byHash(keyHash: string): Promise<StoredStaffKey | null> {
    return this.redis.call(async () => {
      const [json] = (await this.redis.send(this.names, ['HMGET', this.hashes, keyHash])) as Array<string | null>;
      return json ? (JSON.parse(json) as StoredStaffKey) : null;
    });
  }

  list(): Promise<StoredStaffKey[]> {
    return this.redis.call(async () => {
      const all = await this.redis.commands.hGetAll(this.names);
      return Object.values(all)
        .map((json) => JSON.parse(json) as StoredStaffKey)
        .sort((a, b) => a.createdAt - b.createdAt);
    });
  }

  async remove(name: string): Promise<boolean> {
    return this.redis.call(async () => (await REMOVE.run(this.redis.commands, [this.names, this.hashes], [name])) === 1);
  }
}
