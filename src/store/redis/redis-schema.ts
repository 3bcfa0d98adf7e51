import { randomUUID } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import type { Logger } from 'pino';
import type { RedisConnections } from '../../redis/redis-connection.js';
import { LuaScript } from './lua-script.js';
import { moveSenderBans } from './redis-moderation-store.js';
import { moveAuditList } from './redis-audit-log.js';
import { backfillRevenueTimes } from './redis-revenue-ledger.js';

/**
 * The shape of the station's data in Redis that this build reads and writes. It goes up by one
 * with a release that changes a stored shape older code would misread, together with a migration
 * from the version before (docs/operations.md, "Upgrades").
 */
export const STORE_SCHEMA_VERSION = 4;

/** One step of the migration path: turns a store of version `from` into one of `from + 1`. */
export interface StoreMigration {
  readonly from: number;
  /** What it does, for the log line an operator reads. */
  readonly what: string;
  /** Must be safe to run again on a store it already changed (a node may die half-way). */
  run(redis: RedisConnections, prefix: string): Promise<void>;
}

/** Every step from a store without a version (0: written before versions were kept, or empty) to this build's. */
export const STORE_MIGRATIONS: readonly StoreMigration[] = [
  {
    from: 0,
    what: 'stamp the schema version on a store written before versions were kept (no data changes)',
    run: async () => undefined,
  },
  {
    from: 1,
    what: 'move sender bans out of the address-ban keys (chat:ban:ip:<client> with a ref → chat:ban:sender:<client>, time left kept)',
    run: async (redis, prefix) => {
      await moveSenderBans(redis, prefix);
    },
  },
  {
    from: 2,
    what: 'move the audit log from its capped list (audit, newest 1,000) into the stream kept by time (audit:log)',
    run: async (redis, prefix) => {
      await moveAuditList(redis, prefix);
    },
  },
  {
    from: 3,
    what: 'index the revenue events by time (revenue:by_time, a sorted set) from the events recorded before it existed',
    run: async (redis, prefix) => {
      await backfillRevenueTimes(redis, prefix);
    },
  },
];

/** The store was written by a newer build: this one must not read or write it. */
export class StoreSchemaTooNewError extends Error {
  override readonly name = 'StoreSchemaTooNewError';

  constructor(
    readonly found: number,
    readonly known: number,
  ) {
    super(
      `the Redis store has schema version ${found}, newer than this build knows (${known}): a newer radio-hub has migrated it; run that release (or restore the backup taken before the upgrade)`,
    );
  }
}

// KEYS: the version key. ARGV: the version expected, the next one. Moves the version only from
// the one expected, so two nodes can never both apply one step.
const STAMP = new LuaScript(`
local current = tonumber(redis.call('GET', KEYS[1]) or '0')
if current ~= tonumber(ARGV[1]) then return current end
redis.call('SET', KEYS[1], ARGV[2])
return tonumber(ARGV[2])
`);

// KEYS: the lock key. ARGV: this node's token. Releases the lock only if it is still ours.
const RELEASE = new LuaScript(`
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0
`);

export interface SchemaOptions {
  /** The version this build writes (STORE_SCHEMA_VERSION; tests pass others). */
  known?: number;
  migrations?: readonly StoreMigration[];
  /** How long one node may hold the migration lock before another may take over. */
  lockMs?: number;
}

/** The stored schema version; 0 when there is none. */
export async function storedSchemaVersion(redis: RedisConnections, prefix: string): Promise<number> {
  const value = await redis.call(() => redis.commands.get(schemaKey(prefix)));
  return value === null ? 0 : Number(value);
}

/**
 * Brings the store to this build's version, at start: a newer store throws
 * StoreSchemaTooNewError; an older one runs the migration path step by step under a lock (one
 * node migrates, the others wait for it), each step stamping its version. Answers the version
 * found and the version now stored.
 */
export async function ensureStoreSchema(redis: RedisConnections, prefix: string, log: Logger, options: SchemaOptions = {}): Promise<{ found: number; now: number }> {
  const known = options.known ?? STORE_SCHEMA_VERSION;
  const migrations = options.migrations ?? STORE_MIGRATIONS;
  const lockMs = options.lockMs ?? 60_000;
  const found = await storedSchemaVersion(redis, prefix);
  if (found > known) throw new StoreSchemaTooNewError(found, known);
  if (found === known) return { found, now: found };

  const lock = `${prefix}schema:migrating`;
  const token = randomUUID();
  // Another node migrating: wait for it (it holds the lock at most lockMs), then look again.
  while (!(await redis.call(() => redis.commands.set(lock, token, { NX: true, PX: lockMs })))) await delay(200);
  try {
    let version = await storedSchemaVersion(redis, prefix);
    if (version > known) throw new StoreSchemaTooNewError(version, known);
    while (version < known) {
      const step = migrations.find((migration) => migration.from === version);
      if (!step) throw new Error(`no store migration from schema version ${version} (this build knows ${known})`);
      log.info({ from: version, to: version + 1, what: step.what }, 'migrating the Redis store');
      await step.run(redis, prefix);
      version = Number(await redis.call(() => STAMP.run(redis.commands, [schemaKey(prefix)], [version, version + 1])));
    }
    log.info({ found, now: version }, 'Redis store schema up to date');
    return { found, now: version };
  } finally {
    await redis.call(() => RELEASE.run(redis.commands, [lock], [token])).catch(() => undefined);
  }
}

/** Under the station prefix, so it lives in the station's hash slot on a Cluster. */
export const schemaKey = (prefix: string) => `${prefix}schema:version`;
