import type { ErrorReason } from '../../errors.js';
import type { RedisConnections } from '../../redis/redis-connection.js';
import type { ChatPostAtOnce, ChatPostChecks, ChatPostOutcome } from '../../station/ports.js';
import { LuaScript } from './lua-script.js';
import { chatMessageOf, type RedisChatLog } from './redis-chat-log.js';
import { banKeysOf, lastMessageKey } from './redis-moderation-store.js';
import { countHitLua, RedisWindowCounter } from './redis-window-counter.js';

// A chat post in one round trip: the rules in the order ChatPostChecks gives them. Nothing past a
// refusal is written: the budget is spent whatever follows, the sender's last message only once
// the ban and the filter let the post through (as step by step: what each refusal costs is the same).
// KEYS: the budget counter, the three ban keys, the sender's last message, the chat stream.
// ARGV: window ms, limit, refused before the ban, refused after it ('' for none), the repeat window
// in seconds (0: off), the fingerprint, the stream's capacity, nickname, message, client.
const POST = new LuaScript(`${countHitLua('KEYS[1]', 'ARGV[1]')}
if count > tonumber(ARGV[2]) then return {'over-budget', count, ttl} end
if ARGV[3] ~= '' then return {'refused', ARGV[3]} end
if redis.call('EXISTS', KEYS[2], KEYS[3], KEYS[4]) > 0 then return {'refused', 'ban'} end
if ARGV[4] ~= '' then return {'refused', ARGV[4]} end
if ARGV[5] ~= '0' and redis.call('SET', KEYS[5], ARGV[6], 'EX', ARGV[5], 'GET') == ARGV[6] then return {'refused', 'repeat'} end
-- As RedisStream.append: Redis stamps the id, the approximate MAXLEN bounds the stream.
return {'posted', redis.call('XADD', KEYS[6], 'MAXLEN', '~', ARGV[7], '*', 'nickname', ARGV[8], 'message', ARGV[9], 'client', ARGV[10])}
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
  ) {}

  post(checks: ChatPostChecks): Promise<ChatPostOutcome> | null {
    const counter = checks.budget.counter;
    if (!(counter instanceof RedisWindowCounter) || counter.redis !== this.redis) return null;
    const { entry, repeat } = checks;
    const keys = [counter.keyOf(checks.client), ...banKeysOf(this.prefix, checks.nicknameSkeleton, checks.client), lastMessageKey(this.prefix, repeat?.sender ?? ''), this.log.stream.key];
    const args = [
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
    return this.redis.call(async () => {
      const [kind, first, second] = (await POST.run(this.redis.commands, keys, args)) as [string, number | string, number];
      if (kind === 'over-budget') return { kind, decision: checks.budget.decide({ count: Number(first), resetMs: second }) };
      if (kind === 'refused') return { kind, reason: first as ErrorReason };
      return { kind: 'posted', message: chatMessageOf(String(first), entry) };
    });
  }
}
