import { REDIS_RETRY_AFTER_SECONDS, type RedisConnections } from '../../redis/redis-connection.js';
import type { FeedbackAtOnce, FeedbackChecks, FeedbackOutcome } from '../../station/ports.js';
import { LuaScript } from './lua-script.js';
import { pushCappedLua } from './redis-capped-list.js';
import { marginOf, redisCounterOf } from './redis-one-step.js';
import { AppError } from '../../errors.js';
import type { RedisFeedbackLog } from './redis-feedback-log.js';
import { stationSongKeys, tallyLua } from './redis-station-store.js';
import { countHitLua } from './redis-window-counter.js';

// Feedback in one round trip: the door's budget (spent whatever follows; past it nothing is
// written), the append to the capped log, and a rating's tally on its song.
// KEYS: the log, its counter, the songs, the tallies, the door budget's counter (the log's key
// when no budget is given: never touched).
// ARGV: json, capacity, the song's id and json ('' for no rating), the rating, the door budget's
// window ms ('' for none), its limit, the Redis time (ms) from which it is too late (its call has
// been given up and answered 503 on the hub, redis-clock.ts): it then writes nothing ('' for no check).
// Answers the kind, the door budget's count and ms to its reset, and the Redis time it ran at (ms).
const SUBMIT = new LuaScript(`${pushCappedLua}${tallyLua}
local time = redis.call('TIME')
local nowMs = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
if ARGV[8] ~= '' and nowMs >= tonumber(ARGV[8]) then return {'late', 0, 0, nowMs} end
local firstCount, firstTtl = 0, 0
if ARGV[6] ~= '' then
  ${countHitLua('KEYS[5]', 'ARGV[6]')}
  firstCount, firstTtl = count, ttl
  if count > tonumber(ARGV[7]) then return {'over-first-budget', firstCount, firstTtl, nowMs} end
end
pushCapped(KEYS[1], KEYS[2], ARGV[1], ARGV[2])
if ARGV[3] ~= '' then tally(KEYS[3], KEYS[4], ARGV[3], ARGV[4], {'ratingSum', ARGV[5], 'ratingCount', 1}) end
return {'stored', firstCount, firstTtl, nowMs}
`);

/**
 * Feedback as one Lua script: the route's budget, the append and a rating's tally in one round
 * trip. Only when the budget counts in this same Redis (the public one does while it answers);
 * otherwise the service goes step by step.
 */
export class RedisFeedbackPost implements FeedbackAtOnce {
  private readonly keys: string[];

  constructor(
    private readonly redis: RedisConnections,
    prefix: string,
    private readonly log: RedisFeedbackLog,
  ) {
    const station = stationSongKeys(prefix);
    this.keys = [log.key, log.counterKey, station.songs, station.tallies];
  }

  submit(checks: FeedbackChecks): Promise<FeedbackOutcome> | null {
    const { first, rating } = checks;
    const { clock, commandTimeoutMs } = this.redis;
    const counter = first && redisCounterOf(first.budget, this.redis);
    if (first && !counter) return null;
    const keys = [...this.keys, first && counter ? counter.keyOf(first.key) : this.log.key];
    const args = [
      checks.feedbackText,
      this.log.capacity,
      rating ? rating.song.id : '',
      rating ? JSON.stringify(rating.song) : '',
      rating ? rating.rating : 0,
      counter ? counter.windowMs : '',
      first ? first.budget.limit : 0,
      clock.deadlineFor(Date.now(), commandTimeoutMs, marginOf(commandTimeoutMs)),
    ];
    return this.redis.call(() =>
      SUBMIT.run(this.redis.commands, keys, args).then((reply): FeedbackOutcome => {
        const [kind, firstCount, firstTtl, redisMs] = reply as ['over-first-budget' | 'stored' | 'late', number, number, number];
        clock.observe(redisMs, Date.now());
        // Ran past the time the hub waits: it wrote nothing, and the caller gets the 503 a timeout gives.
        if (kind === 'late') throw new AppError('UNAVAILABLE', { retryAfterSeconds: REDIS_RETRY_AFTER_SECONDS });
        return { kind, ...(first ? { first: first.budget.decideFor(first.key, { count: firstCount, resetMs: firstTtl }) } : {}) };
      }),
    );
  }
}
