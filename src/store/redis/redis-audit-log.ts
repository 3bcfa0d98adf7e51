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
