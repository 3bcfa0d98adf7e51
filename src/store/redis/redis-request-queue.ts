import { pendingScore, PRIORITY_RANK } from '../request-order.js';
import type { RequestPriority, RequestStatus, StoredSongRequest, SubmitOutcome } from '../../station/model.js';
import type { RequestQueue, SubmitRules } from '../../station/ports.js';
import { LuaScript } from './lua-script.js';
import { storedRequestText } from '../../station/requester-name.js';
import type { RedisConnections } from '../../redis/redis-connection.js';

/**
 * The queue's rule in Lua, its one home: `queueRequest(keys, songId, id, json, score, capacity,
 * createdMs)` queues the request unless its song is already pending, and then gives that pending
 * request's JSON back having written nothing (a stale pointer to a request trimmed away is
 * dropped). The oldest past `capacity` roll off. `pendingJson(keys, songId)` only reads.
 * keys: data (id→json), pending (zset by priority then age), all (zset by time), bySong
 * (songId→pending id), songOf (id→songId).
 */
export const queueRequestLua = `
local function pendingJson(k, song)
  local id = redis.call('HGET', k.bySong, song)
  if not id then return nil end
  return redis.call('HGET', k.data, id)
end
local function queueRequest(k, song, id, json, score, capacity, createdMs)
  local existing = redis.call('HGET', k.bySong, song)
  if existing then
    local found = redis.call('HGET', k.data, existing)
    if found then return found end
    redis.call('HDEL', k.bySong, song)
  end
  redis.call('HSET', k.data, id, json)
  redis.call('HSET', k.songOf, id, song)
  redis.call('ZADD', k.pending, score, id)
  redis.call('ZADD', k.all, createdMs, id)
  redis.call('HSET', k.bySong, song, id)
  local excess = redis.call('ZCARD', k.all) - tonumber(capacity)
  if excess > 0 then
    for _, old in ipairs(redis.call('ZRANGE', k.all, 0, excess - 1)) do
      local oldSong = redis.call('HGET', k.songOf, old)
      if oldSong and redis.call('HGET', k.bySong, oldSong) == old then redis.call('HDEL', k.bySong, oldSong) end
      redis.call('HDEL', k.data, old)
      redis.call('HDEL', k.songOf, old)
      redis.call('ZREM', k.pending, old)
    end
    redis.call('ZREMRANGEBYRANK', k.all, 0, excess - 1)
  end
  return nil
end
`;

// KEYS: data, pending, all, bySong, songOf. ARGV: songId, id, json, pendingScore, capacity, createdMs.
const SUBMIT = new LuaScript(`${queueRequestLua}
local k = {data = KEYS[1], pending = KEYS[2], all = KEYS[3], bySong = KEYS[4], songOf = KEYS[5]}
local duplicate = queueRequest(k, ARGV[1], ARGV[2], ARGV[3], ARGV[4], ARGV[5], ARGV[6])
if duplicate then return {'duplicate', duplicate} end
return {'created', ARGV[3]}
`);

// KEYS: data, bySong. ARGV: songId.
const PENDING_FOR = new LuaScript(`${queueRequestLua}
return pendingJson({data = KEYS[1], bySong = KEYS[2]}, ARGV[1]) or false
`);

/**
 * A stored request's status or priority read or set in its JSON text, every other byte kept, so a
 * listing can answer the text as stored (storedRequestText). `"status":"` occurs once: a quote
 * inside a string is escaped. The values are plain words (no quote, no escape).
 */
const requestFieldLua = `
local function fieldAt(json, name)
  local key = '"' .. name .. '":"'
  local at = string.find(json, key, 1, true)
  if not at then return nil end
  local from = at + #key
  return from, (string.find(json, '"', from, true))
end
local function field(json, name)
  local from, to = fieldAt(json, name)
  return from and string.sub(json, from, to - 1)
end
local function withField(json, name, value)
  local from, to = fieldAt(json, name)
  return string.sub(json, 1, from - 1) .. value .. string.sub(json, to)
end
`;

// KEYS: data, pending, all. ARGV: status ('pending' | 'all' | other), limit.
const LIST = new LuaScript(`${requestFieldLua}
local want, limit, out = ARGV[1], tonumber(ARGV[2]), {}
local ids
if want == 'pending' then ids = redis.call('ZRANGE', KEYS[2], 0, limit - 1)
else ids = redis.call('ZREVRANGE', KEYS[3], 0, -1) end
for _, id in ipairs(ids) do
  local json = redis.call('HGET', KEYS[1], id)
  if json and (want == 'pending' or want == 'all' or field(json, 'status') == want) then
    out[#out + 1] = json
    if #out >= limit then break end
  end
end
return out
`);

// KEYS: data, pending, bySong. ARGV: songId.
const MARK_PLAYED = new LuaScript(`${requestFieldLua}
local id = redis.call('HGET', KEYS[3], ARGV[1])
if not id then return false end
redis.call('HDEL', KEYS[3], ARGV[1])
redis.call('ZREM', KEYS[2], id)
local json = redis.call('HGET', KEYS[1], id)
if not json then return false end
json = withField(json, 'status', 'played')
redis.call('HSET', KEYS[1], id, json)
return json
`);

// KEYS: data, pending, bySong, songOf. ARGV: id, new status.
const RESOLVE = new LuaScript(`${requestFieldLua}
local json = redis.call('HGET', KEYS[1], ARGV[1])
if not json then return false end
if field(json, 'status') ~= 'pending' then return false end
json = withField(json, 'status', ARGV[2])
redis.call('HSET', KEYS[1], ARGV[1], json)
redis.call('ZREM', KEYS[2], ARGV[1])
local song = redis.call('HGET', KEYS[4], ARGV[1])
if song and redis.call('HGET', KEYS[3], song) == ARGV[1] then redis.call('HDEL', KEYS[3], song) end
return json
`);

// KEYS: data, pending. ARGV: id, priority, its rank. Only a pending request (in the pending zset)
// changes; its creation time is kept in the score (rank * 1e13 + ms, request-order.ts).
const SET_PRIORITY = new LuaScript(`${requestFieldLua}
local score = redis.call('ZSCORE', KEYS[2], ARGV[1])
if not score then return false end
local json = redis.call('HGET', KEYS[1], ARGV[1])
if not json then return false end
json = withField(json, 'priority', ARGV[2])
redis.call('HSET', KEYS[1], ARGV[1], json)
redis.call('ZADD', KEYS[2], tonumber(ARGV[3]) * 1e13 + (tonumber(score) % 1e13), ARGV[1])
return json
`);

/** The song request queue in Redis; every change is one Lua script, so nodes cannot race. */
export class RedisRequestQueue implements RequestQueue {
  /** The queue's keys, in the order its scripts name them (a script queueing with other work names them too). */
  readonly keys: { data: string; pending: string; all: string; bySong: string; songOf: string };

  constructor(
    private readonly redis: RedisConnections,
    private readonly prefix: string,
    readonly capacity: number,
  ) {
    this.keys = {
      data: `${prefix}requests:data`,
      pending: `${prefix}requests:pending`,
      all: `${prefix}requests:all`,
      bySong: `${prefix}requests:pending-by-song`,
      songOf: `${prefix}requests:song-of`,
    };
  }

  /** On the durable connection, and acknowledged once `redis.replicaAcks` replicas hold it (a retry finds the duplicate). */
  async submit(request: StoredSongRequest, rules: SubmitRules): Promise<SubmitOutcome> {
    return this.redis.durableWrite(this.keys.data, async (durable): Promise<SubmitOutcome> => {
      const k = this.keys;
      const reply = (await SUBMIT.run(
        durable,
        [k.data, k.pending, k.all, k.bySong, k.songOf],
        [rules.songId, request.id, storedRequestText(request), pendingScore(rules.rank, rules.createdMs), this.capacity, rules.createdMs],
      )) as [string, string];
      const [kind, value] = reply;
      return { kind: kind as 'created' | 'duplicate', request: JSON.parse(value) as StoredSongRequest };
    });
  }

  pendingFor(songId: string): Promise<StoredSongRequest | null> {
    return this.redis.call(async () => {
      const json = (await PENDING_FOR.run(this.redis.commands, [this.keys.data, this.keys.bySong], [songId])) as string | null;
      return json ? (JSON.parse(json) as StoredSongRequest) : null;
    });
  }

  async list(status: RequestStatus | 'all', limit: number): Promise<StoredSongRequest[]> {
    return (await this.listText(status, limit)).map((row) => JSON.parse(row) as StoredSongRequest);
  }

  listText(status: RequestStatus | 'all', limit: number): Promise<string[]> {
    // No async wrapper: the rows go on as they came (each await on the hot path is a microtask more).
    return this.redis.call(() => LIST.run(this.redis.commands, [this.keys.data, this.keys.pending, this.keys.all], [status, limit]) as Promise<string[]>);
  }

  markPlayed(songId: string): Promise<StoredSongRequest | null> {
    return this.redis.call(async () => {
      const json = (await MARK_PLAYED.run(this.redis.commands, [this.keys.data, this.keys.pending, this.keys.bySong], [songId])) as string | null;
      return json ? (JSON.parse(json) as StoredSongRequest) : null;
    });
  }

  setPriority(id: string, priority: RequestPriority): Promise<StoredSongRequest | null> {
    return this.redis.call(async () => {
      const json = (await SET_PRIORITY.run(this.redis.commands, [this.keys.data, this.keys.pending], [id, priority, PRIORITY_RANK[priority]])) as string | null;
      return json ? (JSON.parse(json) as StoredSongRequest) : null;
    });
  }

  resolve(id: string, status: 'played' | 'rejected'): Promise<StoredSongRequest | null> {
    return this.redis.call(async () => {
      const k = this.keys;
      const json = (await RESOLVE.run(this.redis.commands, [k.data, k.pending, k.bySong, k.songOf], [id, status])) as string | null;
      return json ? (JSON.parse(json) as StoredSongRequest) : null;
    });
  }
}
