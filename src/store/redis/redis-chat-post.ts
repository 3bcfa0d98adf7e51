import { AppError, type ErrorReason } from '../../errors.js';
import { REDIS_RETRY_AFTER_SECONDS, type RedisConnections } from '../../redis/redis-connection.js';
import type { ChatPostAtOnce, ChatPostChecks, ChatPostOutcome } from '../../station/ports.js';
import { LuaScript } from './lua-script.js';
import { chatMessageOf, type RedisChatLog } from './redis-chat-log.js';
import { banKeysOf, lastMessageKey } from './redis-moderation-store.js';
import { countHitLua } from './redis-window-counter.js';
import type { RedisStream } from './redis-stream.js';
import { marginOf, redisCounterOf } from './redis-one-step.js';

// A chat post in one round trip: the rules in the order ChatPostChecks gives them. Nothing past a
// refusal is written: the budgets are spent whatever follows, the sender's last message only once
// the ban and the filter let the post through (as step by step: what each refusal costs is the same).
// KEYS: the chat budget's counter, the three ban keys, the sender's last message, the chat stream,
// the door's budget's counter (when it left it to the post, ARGV[11] not ''; else any key of the
// station's, never touched), the live event history.
// ARGV: window ms, limit, refused before the ban, refused after it ('' for none), the repeat window
// in seconds (0: off), the fingerprint, the stream's capacity, nickname, message, client; then the
// door's budget's window ms ('' for none) and limit.
// ARGV[13]: the Redis time (ms) from which the post is too late (its call has been given up and
// answered 503 on the hub, redis-clock.ts): it then writes nothing. '' for no check.
// ARGV[14..19]: the live event, recorded and relayed here as the hub would (LiveStep): the
// history's capacity ('' : the hub does it), nickname and message as JSON, the relay's channel
// ('' : no other nodes), its message's head and tail.
// Every answer ends with the door budget's count and ms to its reset (0, 0 when none), and the
// Redis time it ran at (ms), from which the hub learns the clocks' skew.
const POST = new LuaScript(`
local time = redis.call('TIME')
local nowMs = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
local firstCount, firstTtl = 0, 0
local function answer(kind, a, b) return {kind, a, b, firstCount, firstTtl, nowMs} end
if ARGV[13] ~= '' and nowMs >= tonumber(ARGV[13]) then return answer('late', 0, 0) end
if ARGV[11] ~= '' then
${countHitLua('KEYS[7]', 'ARGV[11]')}
  firstCount, firstTtl = count, ttl
  if count > tonumber(ARGV[12]) then return answer('over-first-budget', 0, 0) end
end
${countHitLua('KEYS[1]', 'ARGV[1]')}
if count > tonumber(ARGV[2]) then return answer('over-budget', count, ttl) end
if ARGV[3] ~= '' then return answer('refused', ARGV[3], 0) end
if redis.call('EXISTS', KEYS[2], KEYS[3], KEYS[4]) > 0 then return answer('refused', 'ban', 0) end
if ARGV[4] ~= '' then return answer('refused', ARGV[4], 0) end
if ARGV[5] ~= '0' and redis.call('SET', KEYS[5], ARGV[6], 'EX', ARGV[5], 'GET') == ARGV[6] then return answer('refused', 'repeat', 0) end
-- As RedisStream.append: Redis stamps the id, the approximate MAXLEN bounds the stream.
local id = redis.call('XADD', KEYS[6], 'MAXLEN', '~', ARGV[7], '*', 'nickname', ARGV[8], 'message', ARGV[9], 'client', ARGV[10])
if ARGV[14] == '' then return answer('posted', id, '') end
-- The live payload is JSON.stringify(chatMessageOf(id, entry)), byte for byte: SSE and the other nodes send this text.
local data = '{"id":"' .. id .. '","nickname":' .. ARGV[15] .. ',"message":' .. ARGV[16] .. ',"timestamp":' .. math.floor(tonumber(string.match(id, '^%d+')) / 1000) .. '}'
local eventId = redis.call('XADD', KEYS[8], 'MAXLEN', '~', ARGV[14], '*', 'event', 'chat:message', 'data', data)
if ARGV[17] ~= '' then redis.call('PUBLISH', ARGV[17], ARGV[18] .. '"chat:message",' .. data .. ',"' .. eventId .. '"' .. ARGV[19]) end
return answer('posted', id, eventId)
`);

/**
 * The chat post as one Lua script: the client's budget, the ban, the repeat check and the append
 * in one round trip, atomic across nodes. Only when the chat budget counts in this same Redis (a
 * `RedisWindowCounter` on these connections); otherwise the service goes step by step.
 */
export class RedisChatPost implements ChatPostAtOnce {
  constructor(
    private readonly redis: RedisConnections,
    private readonly prefix: string,
    private readonly log: RedisChatLog,
    private readonly history: RedisStream,
  ) {}

  post(checks: ChatPostChecks): Promise<ChatPostOutcome> | null {
    const counter = redisCounterOf(checks.budget, this.redis);
    const firstCounter = checks.first && redisCounterOf(checks.first.budget, this.redis);
    if (!counter || (checks.first && !firstCounter)) return null;
    const { entry, repeat, first } = checks;
    const keys = [counter.keyOf(checks.client), ...banKeysOf(this.prefix, checks.nicknameSkeleton, checks.client), lastMessageKey(this.prefix, repeat?.sender ?? ''), this.log.stream.key];
    const args: Array<string | number> = [
      counter.windowMs,
      checks.budget.limit,
      checks.refusedBeforeBan ?? '',
      checks.refusedAfterBan ?? '',
      repeat ? Math.max(1, repeat.windowSeconds) : 0,
      repeat?.fingerprint ?? '',
      this.log.stream.capacity,
      entry.nickname,
      entry.message,
      entry.client,
    ];
    if (first && firstCounter) {
      keys.push(firstCounter.keyOf(first.key));
      args.push(firstCounter.windowMs, first.budget.limit);
    } else {
      keys.push(this.log.stream.key);
      args.push('', '');
    }
    keys.push(this.history.key);
    const { clock, commandTimeoutMs } = this.redis;
    args.push(clock.deadlineFor(Date.now(), commandTimeoutMs, marginOf(commandTimeoutMs)));
    // The live event in the same step where the hub allows it (LiveStep), on a single server or Sentinel: on a
    // Cluster the relay is a sharded publish only Socket.IO writes (the hub then gets null).
    const relay = checks.live?.relay;
    if (checks.live) args.push(this.history.capacity, JSON.stringify(entry.nickname), JSON.stringify(entry.message), relay?.channel ?? '', relay?.head ?? '', relay?.tail ?? '');
    else args.push('', '', '', '', '', '');
    return this.redis.call(() =>
      POST.run(this.redis.commands, keys, args).then((reply) => {
        const [kind, a, b, firstCount, firstTtl, redisMs] = reply as [string, number | string, number | string, number, number, number];
        clock.observe(redisMs, Date.now());
        // Ran past the time the hub waits: it wrote nothing, and the caller gets the 503 a timeout gives.
        if (kind === 'late') throw new AppError('UNAVAILABLE', { retryAfterSeconds: REDIS_RETRY_AFTER_SECONDS });
        const firstDecision = first ? { first: first.budget.decideFor(first.key, { count: firstCount, resetMs: firstTtl }) } : {};
        if (kind === 'over-first-budget') return { kind, ...firstDecision };
        if (kind === 'over-budget') return { kind, decision: checks.budget.decideFor(checks.client, { count: Number(a), resetMs: Number(b) }), ...firstDecision };
        if (kind === 'refused') return { kind, reason: a as ErrorReason, ...firstDecision };
        const message = chatMessageOf(String(a), entry);
        if (!b) return { kind: 'posted', message, ...firstDecision };
        // Delivered here now, even when this reply comes after the caller was answered 503.
        checks.recorded?.(message, String(b));
        return { kind: 'posted', message, liveId: String(b), ...firstDecision };
      }),
    );
  }
}
