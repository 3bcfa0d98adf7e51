import { staffNameKey } from '../../config/staff-keys.js';
import type { RedisConnections } from '../../redis/redis-connection.js';
import { MAX_STORED_STAFF_KEYS, type StaffKeyStore, type StoredStaffKey } from '../../station/ports.js';
import { LuaScript } from './lua-script.js';

// KEYS: names hash (name → json), hashes hash (keyHash → json), the names' version. ARGV: name,
// keyHash, json, bound, the version the caller read the names at. 'moved' when the names changed
// since (the caller looks again: its look-alike check read an older list).
const ADD = new LuaScript(`
if (tonumber(redis.call('GET', KEYS[3]) or '0')) ~= tonumber(ARGV[5]) then return 'moved' end
if redis.call('HEXISTS', KEYS[1], ARGV[1]) == 1 then return 'taken' end
if redis.call('HLEN', KEYS[1]) >= tonumber(ARGV[4]) then return 'full' end
redis.call('HSET', KEYS[1], ARGV[1], ARGV[3])
redis.call('HSET', KEYS[2], ARGV[2], ARGV[3])
redis.call('INCR', KEYS[3])
return 'added'
`);

// KEYS: the names' version, names hash. The names with the version they were read at, in one step.
const READ_NAMES = new LuaScript(`
return { tonumber(redis.call('GET', KEYS[1]) or '0'), redis.call('HKEYS', KEYS[2]) }
`);

// KEYS: names hash, hashes hash, the names' version. ARGV: name. Both entries go in one step.
const REMOVE = new LuaScript(`
local json = redis.call('HGET', KEYS[1], ARGV[1])
if not json then return 0 end
redis.call('HDEL', KEYS[1], ARGV[1])
redis.call('INCR', KEYS[3])
redis.call('HDEL', KEYS[2], cjson.decode(json).keyHash)
return 1
`);

/**
 * Console-made staff keys as two Redis hashes (by name, by key hash), changed together by script.
 * Look-alike names are refused by optimistic concurrency: the names are read with a version
 * (a counter every add and remove moves; none is 0, so stores of older builds need no migration),
 * compared here by staffNameKey (Lua has no Unicode tables), and the add goes through only if the
 * version is still the one read.
 */
export class RedisStaffKeys implements StaffKeyStore {
  private readonly names: string;
  private readonly hashes: string;
  private readonly version: string;

  constructor(
    private readonly redis: RedisConnections,
    prefix: string,
  ) {
    this.names = `${prefix}staff:names`;
    this.hashes = `${prefix}staff:hashes`;
    this.version = `${prefix}staff:names:version`;
  }

  add(key: StoredStaffKey): Promise<'added' | 'taken' | 'full'> {
    const nameKey = staffNameKey(key.name);
    return this.redis.call(async () => {
      // Bounded: each retry means another add or remove landed in between, and there are at most
      // MAX_STORED_STAFF_KEYS names; an admin racing that many changes gets 'taken' (try again).
      for (let attempt = 0; attempt < MAX_STORED_STAFF_KEYS; attempt++) {
        const [version, names] = (await READ_NAMES.run(this.redis.commands, [this.version, this.names], [])) as [number, string[]];
        if (names.some((name) => staffNameKey(name) === nameKey)) return 'taken';
        const outcome = (await ADD.run(this.redis.commands, [this.names, this.hashes, this.version], [key.name, key.keyHash, JSON.stringify(key), MAX_STORED_STAFF_KEYS, version])) as
          'added' | 'taken' | 'full' | 'moved';
        if (outcome !== 'moved') return outcome;
      }
      return 'taken';
    });
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
    return this.redis.call(async () => (await REMOVE.run(this.redis.commands, [this.names, this.hashes, this.version], [name])) === 1);
  }
}
