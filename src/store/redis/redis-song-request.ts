import { pendingScore } from '../request-order.js';
import { REDIS_RETRY_AFTER_SECONDS, type RedisConnections } from '../../redis/redis-connection.js';
import type { StoredSongRequest } from '../../station/model.js';
import type { SongRequestAtOnce, SongRequestChecks, SongRequestOutcome } from '../../station/ports.js';
import { LuaScript } from './lua-script.js';
import { queueRequestLua, type RedisRequestQueue } from './redis-request-queue.js';
import { stationSongKeys, tallyLua } from './redis-station-store.js';
import { countHitLua } from './redis-window-counter.js';
import type { RedisStream } from './redis-stream.js';
import { marginOf, redisCounterOf } from './redis-one-step.js';
import { AppError } from '../../errors.js';

// A song request in one round trip: the rules in the order SongRequestChecks gives them, and
// what each refusal writes is what it writes step by step. The door's budget is spent whatever
// follows; the threshold refuses before the delay is touched; a refused delay claim is taken back
// at once (the refusal holds nothing), and a song already pending gives the claim back too: only
// a request really queued starts the delay.
// KEYS: the queue's five (data, pending, all, bySong, songOf), the plays, the songs, the tallies,
// the delay's counter, the door budget's counter (for a budget not given, any of the station's
// keys: never touched).
// ARGV: songId, id, json, pending score, capacity, created ms, now (s), threshold (s), the delay's
// window ms ('' for none), its limit, the song's json, the door budget's window ms ('' for none),
// its limit; the Redis time (ms) from which the request is too late (its call has been given up
// and answered 503 on the hub, redis-clock.ts): it then writes nothing ('' for no check).
// ARGV[15..19]: the live event, recorded and relayed here as the hub would (LiveStep): the
// history's capacity ('' : the hub does it), the request:new payload (JSON), the relay's channel
// ('' : no other nodes), its message's head and tail. KEYS[11]: the live event history.
// Every answer ends with the door budget's count and ms to its reset (0, 0 when none), and the
// Redis time it ran at (ms), from which the hub learns the clocks' skew.
const SUBMIT = new LuaScript(`${queueRequestLua}${tallyLua}
local time = redis.call('TIME')
local nowMs = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
if ARGV[14] ~= '' and nowMs >= tonumber(ARGV[14]) then return {'late', 0, 0, 0, 0, nowMs} end
local k = {data = KEYS[1], pending = KEYS[2], all = KEYS[3], bySong = KEYS[4], songOf = KEYS[5]}
local firstCount, firstTtl = 0, 0
if ARGV[12] ~= '' then
  ${countHitLua('KEYS[10]', 'ARGV[12]')}
  firstCount, firstTtl = count, ttl
  if count > tonumber(ARGV[13]) then return {'over-first-budget', 0, 0, firstCount, firstTtl, nowMs} end
end
if tonumber(ARGV[8]) > 0 then
  local played = redis.call('ZSCORE', KEYS[6], ARGV[1])
  if played and tonumber(ARGV[7]) - tonumber(played) < tonumber(ARGV[8]) then return {'recently-played', played, 0, firstCount, firstTtl, nowMs} end
end
local claimed = false
if ARGV[9] ~= '' then
  ${countHitLua('KEYS[9]', 'ARGV[9]')}
  if count > tonumber(ARGV[10]) then
    redis.call('DECR', KEYS[9])
    local pending = pendingJson(k, ARGV[1])
    if pending then return {'duplicate', pending, 0, firstCount, firstTtl, nowMs} end
    return {'over-budget', count, ttl, firstCount, firstTtl, nowMs}
  end
  claimed = true
end
local duplicate = queueRequest(k, ARGV[1], ARGV[2], ARGV[3], ARGV[4], ARGV[5], ARGV[6])
if duplicate then
  if claimed then redis.call('DECR', KEYS[9]) end
  return {'duplicate', duplicate, 0, firstCount, firstTtl, nowMs}
end
tally(KEYS[7], KEYS[8], ARGV[1], ARGV[11], {'requests', 1})
if ARGV[15] == '' then return {'created', '', 0, firstCount, firstTtl, nowMs} end
local eventId = redis.call('XADD', KEYS[11], 'MAXLEN', '~', ARGV[15], '*', 'event', 'request:new', 'data', ARGV[16])
if ARGV[17] ~= '' then redis.call('PUBLISH', ARGV[17], ARGV[18] .. '"request:new",' .. ARGV[16] .. ',"' .. eventId .. '"' .. ARGV[19]) end
return {'created', eventId, 0, firstCount, firstTtl, nowMs}
`);

// A request queued but not acknowledged by the replicas in time (its WAIT failed, the client is
// answered 503): taken back, so that it is not queued either. Its live event was never sent (a
// durable write records it only once kept). KEYS: the queue's five, the tallies, the delay's
// counter. ARGV: id, songId, '1' when the delay was claimed.
const TAKE_BACK = new LuaScript(`
if not redis.call('HGET', KEYS[1], ARGV[1]) then return 0 end
redis.call('HDEL', KEYS[1], ARGV[1])
redis.call('HDEL', KEYS[5], ARGV[1])
redis.call('ZREM', KEYS[2], ARGV[1])
redis.call('ZREM', KEYS[3], ARGV[1])
if redis.call('HGET', KEYS[4], ARGV[2]) == ARGV[1] then redis.call('HDEL', KEYS[4], ARGV[2]) end
redis.call('HINCRBY', KEYS[6], ARGV[2] .. ':requests', -1)
if ARGV[3] == '1' and tonumber(redis.call('GET', KEYS[7]) or '0') > 0 then redis.call('DECR', KEYS[7]) end
return 1
`);

/**
 * The song request as one Lua script: the door's budget, the threshold, the client's delay, the
 * queue and the song's tally in one round trip on the durable connection (acknowledged once `redis.replicaAcks`
 * replicas hold it, as the queue's own submit), atomic across nodes. Only when the budgets count
 * in this same Redis; otherwise (the public budget while Redis is away) the service goes step by step.
 */
export class RedisSongRequest implements SongRequestAtOnce {
  private readonly keys: string[];

  constructor(
    private readonly redis: RedisConnections,
    prefix: string,
    private readonly queue: RedisRequestQueue,
    private readonly history: RedisStream,
  ) {
    const q = queue.keys;
    const station = stationSongKeys(prefix);
    this.keys = [q.data, q.pending, q.all, q.bySong, q.songOf, station.lastPlayed, station.songs, station.tallies];
  }

  submit(checks: SongRequestChecks): Promise<SongRequestOutcome> | null {
    const { delay, first, request, rules } = checks;
    // Each budget spent here must count in this same Redis (the public one does while it answers).
    const counter = delay && redisCounterOf(delay, this.redis);
    const firstCounter = first && redisCounterOf(first.budget, this.redis);
    if ((delay && !counter) || (first && !firstCounter)) return null;
    const unused = this.queue.keys.data;
    const keys = [...this.keys, counter ? counter.keyOf(checks.client) : unused, first && firstCounter ? firstCounter.keyOf(first.key) : unused, this.history.key];
    const args = [
      rules.songId,
      request.id,
      JSON.stringify(request),
      pendingScore(rules.rank, rules.createdMs),
      this.queue.capacity,
      rules.createdMs,
      checks.nowSeconds,
      checks.thresholdSeconds,
      counter ? counter.windowMs : '',
      delay ? delay.limit : 0,
      JSON.stringify(checks.song),
      firstCounter ? firstCounter.windowMs : '',
      first ? first.budget.limit : 0,
    ];
    const { clock, commandTimeoutMs, waitsForReplicas } = this.redis;
    // The live event in the same step where the hub allows it (LiveStep), unless the request must
    // first be held by the replicas: announced only once kept, so then the hub records it after.
    const live = waitsForReplicas ? null : checks.live;
    const relay = live?.step.relay;
    const liveArgs = live ? [this.history.capacity, live.data, relay?.channel ?? '', relay?.head ?? '', relay?.tail ?? ''] : ['', '', '', '', ''];
    let created = false;
    const written = this.redis.durableWrite(
      this.queue.keys.data,
      async (durable): Promise<SongRequestOutcome> => {
        // Its deadline from when it is sent (a durable write may wait its turn for the replicas first).
        const deadline = clock.deadlineFor(Date.now(), commandTimeoutMs, marginOf(commandTimeoutMs));
        const reply = await SUBMIT.run(durable, keys, [...args, deadline, ...liveArgs]);
        const [kind, a, b, firstCount, firstTtl, redisMs] = reply as [string, string | number, number, number, number, number];
        clock.observe(redisMs, Date.now());
        // Ran past the time the hub waits: it wrote nothing, and the caller gets the 503 a timeout gives.
        if (kind === 'late') throw new AppError('UNAVAILABLE', { retryAfterSeconds: REDIS_RETRY_AFTER_SECONDS });
        const verdict = first ? { first: first.budget.decideFor(first.key, { count: firstCount, resetMs: firstTtl }) } : {};
        if (kind === 'over-first-budget') return { kind, ...verdict };
        if (kind === 'recently-played') return { kind, lastPlayedSeconds: Number(a), ...verdict };
        if (kind === 'over-budget') return { kind, decision: delay!.decide({ count: Number(a), resetMs: b }), ...verdict };
        // The created request is the one sent: its JSON need not be read back.
        if (kind === 'created') {
          created = true;
          if (!a) return { kind, request: { ...request }, ...verdict };
          // Delivered here now, even when this reply comes after the caller was answered 503.
          checks.recorded?.(request, String(a));
          return { kind, request: { ...request }, liveId: String(a), ...verdict };
        }
        return { kind: 'duplicate', request: JSON.parse(String(a)) as StoredSongRequest, ...verdict };
      },
      // What the queue's submit waits for (a retry after a failed wait finds the duplicate); a refusal wrote nothing to wait for.
      (outcome) => outcome.kind === 'created' || outcome.kind === 'duplicate',
    );
    if (!waitsForReplicas) return written;
    // Answered 503 because the replicas did not hold it in time: then it is not queued either.
    return written.catch(async (error: unknown) => {
      if (created) await this.takeBack(checks, counter ? counter.keyOf(checks.client) : unused).catch(() => undefined);
      throw error;
    });
  }

  private takeBack(checks: SongRequestChecks, delayKey: string): Promise<unknown> {
    const q = this.queue.keys;
    const keys = [q.data, q.pending, q.all, q.bySong, q.songOf, this.keys[7]!, delayKey];
    return this.redis.call(() => TAKE_BACK.run(this.redis.commands, keys, [checks.request.id, checks.rules.songId, checks.delay ? '1' : '0']));
  }
}
