import { DateTime } from 'luxon';
import type { AudienceNow, AudienceStep, DayAggregate, PlayAudience } from '../../station/audience-model.js';
import type { AudienceLog } from '../../station/ports.js';
import type { RedisConnections } from '../../redis/redis-connection.js';
import { LuaScript } from './lua-script.js';

// KEYS: 1 open sessions (hash session → start), 2 the last poll (JSON), then the days' keys the
// step names by index (hashes of counters, HyperLogLogs of listeners, lists of plays).
// ARGV: 1 the step as JSON (keys by index), 2 the last poll's JSON, 3 seconds a day's keys live.
// One script: a poll's changes are all written or none (a timeout or a failover between commands
// cannot leave a session opened without its day counted).
const COMMIT = new LuaScript(`
local step = cjson.decode(ARGV[1])
for _, s in ipairs(step.opened) do redis.call('HSET', KEYS[1], s[1], s[2]) end
for _, id in ipairs(step.closed) do redis.call('HDEL', KEYS[1], id) end
for _, a in ipairs(step.add) do redis.call('HINCRBY', KEYS[a[1]], a[2], a[3]) end
for _, m in ipairs(step.max) do
  local current = tonumber(redis.call('HGET', KEYS[m[1]], m[2]) or '0')
  if m[3] > current then redis.call('HSET', KEYS[m[1]], m[2], m[3]) end
end
for _, v in ipairs(step.visitors) do redis.call('PFADD', KEYS[v[1]], v[2]) end
for _, p in ipairs(step.finished) do redis.call('RPUSH', KEYS[p[1]], p[2]) end
redis.call('SET', KEYS[2], ARGV[2])
for i = 3, #KEYS do redis.call('EXPIRE', KEYS[i], ARGV[3]) end
`);

/** A play as one compact row: the JSON of its values in a fixed order (about 120 bytes with names). */
const encodePlay = (p: PlayAudience) =>
  JSON.stringify([p.startedAt, p.artist, p.title, p.album, p.label, p.isrc, p.durationSeconds, p.listenersAtStart, p.peakListeners, p.sessions, p.listenerSeconds]);

function decodePlay(row: string): PlayAudience {
  const [startedAt, artist, title, album, label, isrc, durationSeconds, listenersAtStart, peakListeners, sessions, listenerSeconds] = JSON.parse(row) as [
    number,
    string,
    string,
    string,
    string,
    string,
    number,
    number,
    number,
    number,
    number,
  ];
  return { startedAt, artist, title, album, label, isrc, durationSeconds, listenersAtStart, peakListeners, sessions, listenerSeconds };
}

/**
 * The audience in Redis: open sessions in one hash (bounded by the listeners now), per day a hash
 * of integer counters, a HyperLogLog of distinct listeners (12 KiB at most) and a list of plays,
 * each day's keys expiring after the retention.
 */
export class RedisAudienceLog implements AudienceLog {
  private readonly openKey: string;
  private readonly nowKey: string;

  constructor(
    private readonly redis: RedisConnections,
    private readonly prefix: string,
  ) {
    this.openKey = `${prefix}audience:open`;
    this.nowKey = `${prefix}audience:now`;
  }

  now(): Promise<AudienceNow> {
    return this.redis.call(async () => {
      const [open, last] = await Promise.all([this.redis.commands.hGetAll(this.openKey), this.redis.commands.get(this.nowKey)]);
      const { play, polledAt } = last ? (JSON.parse(last) as { play: string | null; polledAt: number }) : { play: null, polledAt: null };
      return {
        sessions: Object.entries(open).map(([session, startedAt]) => ({ session, startedAt: Number(startedAt) })),
        play: play === null ? null : decodePlay(play),
        polledAt,
      };
    });
  }

  commit(step: AudienceStep): Promise<void> {
    const keys = [this.openKey, this.nowKey];
    const index = new Map<string, number>();
    const keyOf = (key: string) => {
      let at = index.get(key);
      if (at === undefined) {
        keys.push(key);
        index.set(key, (at = keys.length));
      }
      return at;
    };
    const payload = {
      opened: step.opened.map(({ session, startedAt }) => [session, startedAt]),
      closed: step.closed,
      add: step.add.map(([day, field, amount]) => [keyOf(this.dayKey(day)), field, amount]),
      max: step.max.map(([day, field, value]) => [keyOf(this.dayKey(day)), field, value]),
      visitors: step.visitors.map(([day, token]) => [keyOf(this.visitorsKey(day)), token]),
      finished: step.finished.map(([day, play]) => [keyOf(this.playsKey(day)), encodePlay(play)]),
    };
    // cjson decodes an empty JSON array as an object; ipairs over it does nothing, as wanted.
    const last = JSON.stringify({ play: step.play && encodePlay(step.play), polledAt: step.polledAt });
    const ttl = (step.keepDays + 2) * 86_400;
    return this.redis.call(async () => {
      await COMMIT.run(this.redis.commands, keys, [JSON.stringify(payload), last, ttl]);
    });
  }

  days(fromDay: string, toDay: string): Promise<DayAggregate[]> {
    return this.redis.call(async () => {
      const days = dayList(fromDay, toDay);
      const read = await Promise.all(days.map((day) => Promise.all([this.redis.commands.hGetAll(this.dayKey(day)), this.redis.commands.pfCount(this.visitorsKey(day))])));
      return days.flatMap((day, i) => {
        const [fields, visitors] = read[i]!;
        if (Object.keys(fields).length === 0 && visitors === 0) return [];
        return [{ day, fields: Object.fromEntries(Object.entries(fields).map(([field, value]) => [field, Number(value)])), visitors }];
      });
    });
  }

  plays(fromDay: string, toDay: string): Promise<PlayAudience[]> {
    return this.redis.call(async () => {
      const rows = await Promise.all(dayList(fromDay, toDay).map((day) => this.redis.commands.lRange(this.playsKey(day), 0, -1)));
      return rows.flat().map(decodePlay);
    });
  }

  private dayKey = (day: string) => `${this.prefix}audience:day:${day}`;
  private visitorsKey = (day: string) => `${this.prefix}audience:visitors:${day}`;
  private playsKey = (day: string) => `${this.prefix}audience:plays:${day}`;
}

/** Every day from `fromDay` to `toDay` (the caller bounds the range: reports allow 400 days). */
function dayList(fromDay: string, toDay: string): string[] {
  const days: string[] = [];
  const end = DateTime.fromISO(toDay, { zone: 'UTC' });
  for (let day = DateTime.fromISO(fromDay, { zone: 'UTC' }); day <= end && days.length < 1000; day = day.plus({ days: 1 })) days.push(day.toISODate()!);
  return days;
}
