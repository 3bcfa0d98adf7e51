import type { DailyRevenue, RecordOutcome, RevenueEvent, RevenueType } from '../../station/model.js';
import type { RevenueLedger } from '../../station/ports.js';
import { LuaScript } from './lua-script.js';
import type { RedisConnections } from '../../redis/redis-connection.js';
import { checkLedgerEntry } from '../../station/input/money-rules.js';

// KEYS: fingerprints (key → fingerprint), events (key → json), daily (day|currency|type|amount|count → integer).
// ARGV: idempotency key, fingerprint, event json, "day|currency|type", amount.
// One script: the check and the write cannot interleave with a racing duplicate. The entry is
// checked before anything is written (a script's writes before an error are not rolled back): an
// amount that is not a whole number, or a bucket that is not day|CUR|type, writes nothing at all.
/** Exported for the test that drives it past the adapter's own check (test/store/redis-revenue-script.test.ts). */
export const RECORD_REVENUE = new LuaScript(`
if not string.match(ARGV[5], '^%-?[0-9]+$') or #ARGV[5] > 14
  or not string.match(ARGV[4], '^[0-9][0-9][0-9][0-9]%-[0-9][0-9]%-[0-9][0-9]|[A-Z][A-Z][A-Z]|[a-z]+$') then
  return redis.error_reply('ERR revenue entry refused: ' .. ARGV[4] .. ' ' .. ARGV[5])
end
local seen = redis.call('HGET', KEYS[1], ARGV[1])
if seen then
  if seen == ARGV[2] then return {'replayed', redis.call('HGET', KEYS[2], ARGV[1])} end
  return {'conflict'}
end
redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])
redis.call('HSET', KEYS[2], ARGV[1], ARGV[3])
redis.call('HINCRBY', KEYS[3], ARGV[4] .. '|amount', ARGV[5])
redis.call('HINCRBY', KEYS[3], ARGV[4] .. '|count', 1)
return {'created', ARGV[3]}
`);

/** Revenue in Redis: events by idempotency key, and integer sums per day, currency and type (HINCRBY). */
export class RedisRevenueLedger implements RevenueLedger {
  private readonly keys: [string, string, string];

  constructor(
    private readonly redis: RedisConnections,
    prefix: string,
  ) {
    this.keys = [`${prefix}revenue:fingerprints`, `${prefix}revenue:events`, `${prefix}revenue:daily`];
  }

  /**
   * On the durable connection, and acknowledged only once `redis.replicaAcks` replicas hold it:
   * a failover then cannot lose an acknowledged event. If they do not in time the answer is 503;
   * the client's retry with the same idempotency key replays the event and waits again.
   */
  async record(event: RevenueEvent, idempotencyKey: string, fingerprint: string, day: string): Promise<RecordOutcome> {
    checkLedgerEntry(event, day);
    const outcome = await this.redis.call(async (): Promise<RecordOutcome> => {
      const [kind, json] = (await RECORD_REVENUE.run(this.redis.durable, this.keys, [
        idempotencyKey,
        fingerprint,
        JSON.stringify(event),
        `${day}|${event.currency}|${event.type}`,
        String(event.amount),
      ])) as [RecordOutcome['kind'], string | undefined];
      if (kind === 'conflict') return { kind };
      return { kind, event: JSON.parse(json!) as RevenueEvent };
    });
    if (outcome.kind !== 'conflict') await this.redis.replicated(this.keys[0]);
    return outcome;
  }

  dailyTotals(fromDay: string, toDay: string): Promise<DailyRevenue[]> {
    return this.redis.call(async () => {
      const fields = await this.redis.commands.hGetAll(this.keys[2]);
      const totals = new Map<string, DailyRevenue>();
      for (const [field, value] of Object.entries(fields)) {
        const parts = field.split('|');
        // Sums written before types were kept ("day|currency|measure") count as `other`.
        const [date = '', currency = '', type, measure] = parts.length === 3 ? [parts[0], parts[1], 'other', parts[2]] : parts;
        if (date < fromDay || date > toDay) continue;
        const bucket = `${date}|${currency}|${type}`;
        const total = totals.get(bucket) ?? { date, currency, type: type as RevenueType, amount: 0, count: 0 };
        if (measure === 'amount') total.amount += Number(value);
        if (measure === 'count') total.count += Number(value);
        totals.set(bucket, total);
      }
      return [...totals.values()];
    });
  }
}
