import type { DailyRevenue, RecordOutcome, RevenueEvent, RevenueType } from '../../station/model.js';
import type { RevenueLedger, RevenuePage } from '../../station/ports.js';
import { isTimeEntry, timeBound, timeEntry } from '../revenue-time-index.js';
import { LuaScript } from './lua-script.js';
import type { RedisConnections } from '../../redis/redis-connection.js';
import { checkLedgerEntry } from '../../station/input/money-rules.js';

// KEYS: fingerprints (key → fingerprint), events (key → json), daily (day|currency|type|amount|count → integer),
// the index by time (a sorted set of "<occurred_at>|<key>", score 0: ../revenue-time-index.ts).
// ARGV: idempotency key, fingerprint, event json, "day|currency|type", amount, the index entry.
// One script: the check and the write cannot interleave with a racing duplicate. The entry is
// checked before anything is written (a script's writes before an error are not rolled back): an
// amount that is not a whole number, or a bucket that is not day|CUR|type, writes nothing at all.
/** Exported for the test that drives it past the adapter's own check (test/store/redis-revenue-script.test.ts). */
export const RECORD_REVENUE = new LuaScript(`
if not string.match(ARGV[5], '^%-?[0-9]+$') or #ARGV[5] > 14
  or not string.match(ARGV[4], '^[0-9][0-9][0-9][0-9]%-[0-9][0-9]%-[0-9][0-9]|[A-Z][A-Z][A-Z]|[a-z]+$')
  or not string.match(ARGV[6], '^[0-9]+|') then
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
redis.call('ZADD', KEYS[4], 0, ARGV[6])
return {'created', ARGV[3]}
`);

/** Where the ledger's index by time lives. */
export const revenueTimeKey = (prefix: string) => `${prefix}revenue:by_time`;

/** Index entries written per round trip of the backfill. */
const BACKFILL_BATCH = 500;

/**
 * Schema 3 → 4: the index by time of every event recorded before it existed, read from the
 * events hash in batches (HSCAN). Safe to run again: ZADD of an entry already there changes nothing.
 */
export async function backfillRevenueTimes(redis: RedisConnections, prefix: string): Promise<number> {
  const events = `${prefix}revenue:events`;
  let cursor = '0';
  let written = 0;
  do {
    const [next, flat] = (await redis.call(() => redis.send(prefix, ['HSCAN', events, cursor, 'COUNT', String(BACKFILL_BATCH)]))) as [string, string[]];
    cursor = next;
    const entries: string[] = [];
    for (let i = 0; i + 1 < flat.length; i += 2) entries.push('0', timeEntry((JSON.parse(flat[i + 1]!) as RevenueEvent).occurred_at, flat[i]!));
    if (entries.length > 0) written += Number(await redis.call(() => redis.send(prefix, ['ZADD', revenueTimeKey(prefix), ...entries])));
  } while (cursor !== '0');
  return written;
}

// KEYS: the index by time, the events. ARGV: the range's start and end (ZRANGE BYLEX bounds), how
// many. Answers the index entries and their events' json, in one read (no event between the two).
const EVENTS_BETWEEN = new LuaScript(`
local entries = redis.call('ZRANGE', KEYS[1], ARGV[1], ARGV[2], 'BYLEX', 'LIMIT', 0, tonumber(ARGV[3]))
if #entries == 0 then return {{}, {}} end
local keys = {}
for i, entry in ipairs(entries) do keys[i] = string.sub(entry, 14) end
return {entries, redis.call('HMGET', KEYS[2], unpack(keys))}
`);

/** Revenue in Redis: events by idempotency key, integer sums per day, currency and type (HINCRBY), and an index by time. */
export class RedisRevenueLedger implements RevenueLedger {
  private readonly keys: [string, string, string, string];

  constructor(
    private readonly redis: RedisConnections,
    prefix: string,
  ) {
    this.keys = [`${prefix}revenue:fingerprints`, `${prefix}revenue:events`, `${prefix}revenue:daily`, revenueTimeKey(prefix)];
  }

  /**
   * On the durable connection, and acknowledged only once `redis.replicaAcks` replicas hold it:
   * a failover then cannot lose an acknowledged event. If they do not in time the answer is 503;
   * the client's retry with the same idempotency key replays the event and waits again.
   */
  async record(event: RevenueEvent, idempotencyKey: string, fingerprint: string, day: string): Promise<RecordOutcome> {
    checkLedgerEntry(event, day);
    return this.redis.durableWrite(
      this.keys[0],
      async (durable): Promise<RecordOutcome> => {
        const [kind, json] = (await RECORD_REVENUE.run(durable, this.keys, [
          idempotencyKey,
          fingerprint,
          JSON.stringify(event),
          `${day}|${event.currency}|${event.type}`,
          String(event.amount),
          timeEntry(event.occurred_at, idempotencyKey),
        ])) as [RecordOutcome['kind'], string | undefined];
        if (kind === 'conflict') return { kind };
        return { kind, event: JSON.parse(json!) as RevenueEvent };
      },
      // A conflict wrote nothing.
      (outcome) => outcome.kind !== 'conflict',
    );
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

  eventsBetween(fromSeconds: number, toSeconds: number, page: { after: string | null; limit: number }): Promise<RevenuePage> {
    const from = timeBound(fromSeconds);
    const start = page.after !== null && isTimeEntry(page.after) && page.after >= from ? `(${page.after}` : `[${from}`;
    return this.redis.call(async () => {
      // One more than asked: whether a next page exists.
      const [entries, json] = (await EVENTS_BETWEEN.run(this.redis.commands, [this.keys[3], this.keys[1]], [start, `(${timeBound(toSeconds)}`, page.limit + 1])) as [
        string[],
        Array<string | null>,
      ];
      const shown = entries.slice(0, page.limit);
      return {
        // An entry whose event is gone (never, short of a hand-edited store) is left out rather than failing the page.
        events: json.slice(0, page.limit).flatMap((text) => (text ? [JSON.parse(text) as RevenueEvent] : [])),
        next: entries.length > page.limit ? shown.at(-1)! : null,
      };
    });
  }
}
