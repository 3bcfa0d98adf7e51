import { pendingScore } from '../request-order.js';
import type { RedisConnections } from '../../redis/redis-connection.js';
import type { StoredSongRequest } from '../../station/model.js';
import type { SongRequestAtOnce, SongRequestChecks, SongRequestOutcome } from '../../station/ports.js';
import { LuaScript } from './lua-script.js';
import { queueRequestLua, type RedisRequestQueue } from './redis-request-queue.js';
import { stationSongKeys, tallyLua } from './redis-station-store.js';
import { countHitLua, RedisWindowCounter } from './redis-window-counter.js';

// A song request in one round trip: the rules in the order SongRequestChecks gives them, and
// what each refusal writes is what it writes step by step. The threshold refuses before anything
// is spent here; a refused delay claim is taken back at once (the refusal holds nothing), and a
// song already pending gives the claim back too: only a request really queued starts the delay.
// KEYS: the queue's five (data, pending, all, bySong, songOf), the plays, the songs, the tallies,
// the delay counter (any of the station's keys when there is no delay: never touched).
// ARGV: songId, id, json, pending score, capacity, created ms, now (s), threshold (s), the delay's
// window ms ('' for none), its limit, the song's json.
const SUBMIT = new LuaScript(`${queueRequestLua}${tallyLua}
local k = {data = KEYS[1], pending = KEYS[2], all = KEYS[3], bySong = KEYS[4], songOf = KEYS[5]}
if tonumber(ARGV[8]) > 0 then
  local played = redis.call('ZSCORE', KEYS[6], ARGV[1])
  if played and tonumber(ARGV[7]) - tonumber(played) < tonumber(ARGV[8]) then return {'recently-played', played} end
end
local claimed = false
if ARGV[9] ~= '' then
  ${countHitLua('KEYS[9]', 'ARGV[9]')}
  if count > tonumber(ARGV[10]) then
    redis.call('DECR', KEYS[9])
    local pending = pendingJson(k, ARGV[1])
    if pending then return {'duplicate', pending} end
    return {'over-budget', count, ttl}
  end
  claimed = true
end
local duplicate = queueRequest(k, ARGV[1], ARGV[2], ARGV[3], ARGV[4], ARGV[5], ARGV[6])
if duplicate then
  if claimed then redis.call('DECR', KEYS[9]) end
  return {'duplicate', duplicate}
end
tally(KEYS[7], KEYS[8], ARGV[1], ARGV[11], {'requests', 1})
return {'created', ARGV[3]}
`);

/**
 * The song request as one Lua script: the threshold, the client's delay, the queue and the song's
 * tally in one round trip on the durable connection (acknowledged once `redis.replicaAcks`
 * replicas hold it, as the queue's own submit), atomic across nodes. Only when the delay counts
 * in this same Redis (or there is none); otherwise the service goes step by step.
 */
export class RedisSongRequest implements SongRequestAtOnce {
  private readonly keys: string[];

  constructor(
    private readonly redis: RedisConnections,
    prefix: string,
    private readonly queue: RedisRequestQueue,
  ) {
    const q = queue.keys;
    const station = stationSongKeys(prefix);
    this.keys = [q.data, q.pending, q.all, q.bySong, q.songOf, station.lastPlayed, station.songs, station.tallies];
  }

  submit(checks: SongRequestChecks): Promise<SongRequestOutcome> | null {
    const delay = checks.delay;
    // The delay must count in this same Redis for the script to claim it.
    const counter = delay && delay.counter instanceof RedisWindowCounter && delay.counter.redis === this.redis ? delay.counter : undefined;
    if (delay && !counter) return null;
    const { request, rules } = checks;
    const keys = [...this.keys, counter ? counter.keyOf(checks.client) : this.queue.keys.data];
    const json = JSON.stringify(request);
    const args = [
      rules.songId,
      request.id,
      json,
      pendingScore(rules.rank, rules.createdMs),
      this.queue.capacity,
      rules.createdMs,
      checks.nowSeconds,
      checks.thresholdSeconds,
      counter ? counter.windowMs : '',
      delay ? delay.limit : 0,
      JSON.stringify(checks.song),
    ];
    return this.redis.durableWrite(
      this.queue.keys.data,
      async (durable): Promise<SongRequestOutcome> => {
        const [kind, first, second] = (await SUBMIT.run(durable, keys, args)) as [string, string | number, number];
        if (kind === 'recently-played') return { kind, lastPlayedSeconds: Number(first) };
        if (kind === 'over-budget') return { kind, decision: delay!.decide({ count: Number(first), resetMs: second }) };
        // The created request is the one sent: its JSON need not be parsed back.
        if (kind === 'created') return { kind, request: { ...request } };
        return { kind: 'duplicate', request: JSON.parse(String(first)) as StoredSongRequest };
      },
      // What the queue's submit waits for (a retry after a failed wait finds the duplicate); a refusal wrote nothing to wait for.
      (outcome) => outcome.kind === 'created' || outcome.kind === 'duplicate',
    );
  }
}
