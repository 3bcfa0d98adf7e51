import type { RedisConnections } from '../../redis/redis-connection.js';
import type { AuditEntry } from '../../station/model.js';
import type { AuditLog, AuditRecord } from '../../station/ports.js';
import { pageFromScan, positionOfId, type AuditPage, type AuditQuery } from '../../station/audit-query.js';
import { LuaScript } from './lua-script.js';

// KEYS: the stream. ARGV: the entry's ms, the oldest id kept, the entry's JSON. Stamps
// "<ms>-<seq>" with the node's ms, or the newest entry's when another node already wrote later
// (ids only grow), and drops what is older than the retention (MINID ~: whole radix-tree nodes).
const APPEND = new LuaScript(`
local ms = tonumber(ARGV[1])
local newest = redis.call('XREVRANGE', KEYS[1], '+', '-', 'COUNT', 1)[1]
if newest then
  local newestMs = tonumber(string.match(newest[1], '^(%d+)-'))
  if newestMs > ms then ms = newestMs end
end
return redis.call('XADD', KEYS[1], 'MINID', '~', ARGV[2], string.format('%.0f-*', ms), 'e', ARGV[3])
`);

// KEYS: the capped list of older builds (newest first), the stream. Moves every entry into the
// stream, oldest first, at its own time (ids only grow: an entry stamped earlier than the one
// before it takes that one's ms), then deletes the list: one script, so a node dying half-way
// leaves either both or neither, and a second run finds no list and does nothing.
const MOVE_LIST = new LuaScript(`
local entries = redis.call('LRANGE', KEYS[1], 0, -1)
local last = 0
local top = redis.call('XREVRANGE', KEYS[2], '+', '-', 'COUNT', 1)[1]
if top then last = tonumber(string.match(top[1], '^(%d+)-')) end
for i = #entries, 1, -1 do
  local ok, entry = pcall(cjson.decode, entries[i])
  if ok and type(entry) == 'table' and type(entry.at) == 'number' then
    local ms = math.max(entry.at * 1000, last)
    last = ms
    entry.id = nil
    redis.call('XADD', KEYS[2], string.format('%.0f-*', ms), 'e', cjson.encode(entry))
  end
end
redis.call('DEL', KEYS[1])
return #entries
`);

/** The audit list older builds kept (`<prefix>audit`, newest 1,000) moved into the stream (schema 2 → 3); the count found. */
export async function moveAuditList(redis: RedisConnections, prefix: string): Promise<number> {
  return Number(await redis.call(() => MOVE_LIST.run(redis.commands, [`${prefix}audit`, auditStreamKey(prefix)], [])));
}

/** Where the audit stream lives. */
export const auditStreamKey = (prefix: string) => `${prefix}audit:log`;

/**
 * The audit log as a Redis stream kept by time, shared by every node: ids are "<ms>-<seq>" from
 * the acting node's clock, so the time range and the cursor are id ranges, and a page reads at
 * most `query.scan` entries (XREVRANGE with COUNT) however long the log.
 */
export class RedisAuditLog implements AuditLog {
  constructor(
    private readonly redis: RedisConnections,
    private readonly key: string,
  ) {}

  append(record: AuditRecord, atMs: number, keepFromMs: number): Promise<AuditEntry> {
    return this.redis.call(async () => {
      const id = String(await APPEND.run(this.redis.commands, [this.key], [Math.floor(atMs), `${Math.max(0, Math.floor(keepFromMs))}-0`, JSON.stringify(record)]));
      return { id, ...record };
    });
  }

  page(query: AuditQuery): Promise<AuditPage> {
    // The newest end: just before the cursor, or the end of `toMs` (an ms alone ends at its last sequence).
    const cursorFirst = query.before !== null && positionOfId(query.before).ms <= query.toMs;
    const end = cursorFirst ? `(${query.before}` : String(Math.floor(query.toMs));
    const start = `${Math.max(0, Math.ceil(query.fromMs))}-0`;
    return this.redis.call(async () => {
      const rows = await this.redis.commands.xRevRange(this.key, end, start, { COUNT: query.scan });
      return pageFromScan(
        rows.map((row) => ({ id: row.id, ...(JSON.parse(row.message.e ?? '{}') as AuditRecord) })),
        query,
      );
    });
  }
}
