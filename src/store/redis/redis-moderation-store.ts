import { banKey, bannedKeys, noteOf, targetOfKey } from '../memory/memory-moderation-store.js';
import type { ActiveBan, BanNote, BanTarget } from '../../station/model.js';
import type { ModerationStore } from '../../station/ports.js';
import type { RedisConnections } from '../../redis/redis-connection.js';
import { LuaScript } from './lua-script.js';

// GET and DEL in one step (GETDEL needs Redis 6.2): two nodes undoing at once, one gets it. KEYS: the record.
const TAKE = new LuaScript(`
local value = redis.call('GET', KEYS[1])
if value then redis.call('DEL', KEYS[1]) end
return value
`);

// Moves one sender ban of the old layout (under chat:ban:ip:, told by its ref) to chat:ban:sender:,
// its time left kept (RENAME keeps the TTL). KEYS: the old key, the new one. Safe to run again.
const MOVE_SENDER_BAN = new LuaScript(`
local stored = redis.call('GET', KEYS[1])
if not stored then return 0 end
local ok, note = pcall(cjson.decode, stored)
if not ok or type(note) ~= 'table' or type(note.ref) ~= 'string' then return 0 end
redis.call('RENAME', KEYS[1], KEYS[2])
return 1
`);

/** The Redis keys of every ban that would hold this nickname skeleton or this client. */
export const banKeysOf = (prefix: string, nickname: string, client: string) => bannedKeys(nickname, client).map((k) => `${prefix}chat:ban:${k}`);

/** The Redis key of a sender's last message (its fingerprint, kept for the repeat window). */
export const lastMessageKey = (prefix: string, sender: string) => `${prefix}chat:last:${sender}`;

/** Bans as expiring keys holding their note (JSON); a sender's last message as an expiring key swapped with SET … GET; undo records as expiring keys taken with GETDEL. */
export class RedisModerationStore implements ModerationStore {
  constructor(
    private readonly redis: RedisConnections,
    private readonly prefix: string,
  ) {}

  ban(target: BanTarget, seconds: number, note: BanNote): Promise<void> {
    return this.redis.call(async () => {
      await this.redis.commands.set(`${this.prefix}chat:ban:${banKey(target)}`, JSON.stringify(note), { EX: seconds });
    });
  }

  isBanned(nickname: string, ip: string): Promise<boolean> {
    return this.redis.call(async () => {
      return (await this.redis.commands.exists(banKeysOf(this.prefix, nickname, ip))) > 0;
    });
  }

  bans(): Promise<ActiveBan[]> {
    return this.redis.call(async () => {
      const base = `${this.prefix}chat:ban:`;
      const keys = await scanKeys(this.redis, this.prefix, base);
      if (keys.length === 0) return [];
      const [now, labels, ...ttls] = await Promise.all([this.redis.commands.time(), this.redis.commands.mGet(keys), ...keys.map((key) => this.redis.commands.pTTL(key))]);
      const nowMs = Number((now as unknown as [string, string])[0]) * 1000;
      const active: ActiveBan[] = [];
      keys.forEach((key, i) => {
        const ttl = ttls[i]!;
        const target = targetOfKey(key.slice(base.length));
        if (ttl > 0) active.push({ ...target, ...noteOf(labels[i], target.value), until: Math.ceil((nowMs + ttl) / 1000) });
      });
      return active.sort((a, b) => a.until - b.until);
    });
  }

  unban(target: BanTarget): Promise<boolean> {
    return this.redis.call(async () => (await this.redis.commands.del(`${this.prefix}chat:ban:${banKey(target)}`)) > 0);
  }

  repeatsLast(sender: string, fingerprint: string, windowSeconds: number): Promise<boolean> {
    return this.redis.call(async () => {
      const previous = await this.redis.commands.set(lastMessageKey(this.prefix, sender), fingerprint, { EX: Math.max(1, windowSeconds), GET: true });
      return previous === fingerprint;
    });
  }

  keepUndo(token: string, payload: string, seconds: number): Promise<void> {
    return this.redis.call(async () => {
      await this.redis.commands.set(`${this.prefix}chat:undo:${token}`, payload, { EX: seconds });
    });
  }

  takeUndo(token: string): Promise<string | null> {
    return this.redis.call(async () => (await TAKE.run(this.redis.commands, [`${this.prefix}chat:undo:${token}`], [])) as string | null);
  }
}

/**
 * The keys that start with `base`. Bans are few; SCAN walks the keyspace without blocking Redis
 * the way KEYS would. Sent to the master of the station's slot: on a Cluster every key of the
 * station lives there.
 */
async function scanKeys(redis: RedisConnections, prefix: string, base: string): Promise<string[]> {
  const keys: string[] = [];
  let cursor = '0';
  do {
    const [next, batch] = (await redis.send(prefix, ['SCAN', cursor, 'MATCH', `${escapeGlob(base)}*`, 'COUNT', '500'])) as [string, string[]];
    keys.push(...batch);
    cursor = next;
  } while (cursor !== '0');
  return keys;
}

/**
 * Store migration 1 → 2: schema 1 kept a sender ban under its client's address key
 * (`chat:ban:ip:<client>`, told apart by its `ref`), where the address doors could find it; each
 * moves to `chat:ban:sender:<client>` with the time it has left. Answers how many moved.
 */
export async function moveSenderBans(redis: RedisConnections, prefix: string): Promise<number> {
  const base = `${prefix}chat:ban:${banKey({ kind: 'ip', value: '' })}`;
  let moved = 0;
  for (const key of await scanKeys(redis, prefix, base)) {
    const client = key.slice(base.length);
    const target = `${prefix}chat:ban:${banKey({ kind: 'sender', value: client })}`;
    moved += Number(await redis.call(() => MOVE_SENDER_BAN.run(redis.commands, [key, target], [])));
  }
  return moved;
}

const escapeGlob = (text: string) => text.replace(/[*?[\]\\]/g, (c) => `\\${c}`);
