import { createClient } from 'redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openRedis, type RedisConnections } from '../../src/redis/redis-connection.js';
import { ensureStoreSchema, schemaKey, STORE_SCHEMA_VERSION, StoreSchemaTooNewError, type StoreMigration } from '../../src/store/redis/redis-schema.js';
import { moveSenderBans, RedisModerationStore } from '../../src/store/redis/redis-moderation-store.js';
import { auditStreamKey, moveAuditList, RedisAuditLog } from '../../src/store/redis/redis-audit-log.js';
import { backfillRevenueTimes, RedisRevenueLedger, revenueTimeKey } from '../../src/store/redis/redis-revenue-ledger.js';
import { capturedLog } from '../support/captured-log.js';
import { eventually } from '../support/eventually.js';
import { deleteKeys, hasRedis, redisUrl, uniquePrefix } from '../support/redis.js';

describe.skipIf(!hasRedis)('the stored schema version and the migration path (Redis)', () => {
  const { log, matching } = capturedLog();
  let redis: RedisConnections;
  const admin = createClient({ url: redisUrl });
  const prefixes: string[] = [];
  const fresh = () => {
    const prefix = uniquePrefix('schema');
    prefixes.push(prefix);
    return prefix;
  };

  beforeAll(async () => {
    redis = openRedis({ kind: 'single', url: redisUrl }, log);
    await eventually(async () => expect(redis.isReady()).toBe(true));
    await admin.connect();
  });
  afterAll(async () => {
    await redis.close();
    await admin.close();
    for (const prefix of prefixes) await deleteKeys(redisUrl, prefix);
  });

  it('stamps this build’s version on a store without one (new, or written before versions were kept), keeping its data', async () => {
    const prefix = fresh();
    await admin.set(`${prefix}station:state`, '{"kept":true}');
    expect(await ensureStoreSchema(redis, prefix, log)).toEqual({ found: 0, now: STORE_SCHEMA_VERSION });
    expect(await admin.get(schemaKey(prefix))).toBe(String(STORE_SCHEMA_VERSION));
    expect(await admin.get(`${prefix}station:state`)).toBe('{"kept":true}');
    // Again: nothing to do, nothing logged as a migration.
    const before = matching('migrating the Redis store').length;
    expect(await ensureStoreSchema(redis, prefix, log)).toEqual({ found: STORE_SCHEMA_VERSION, now: STORE_SCHEMA_VERSION });
    expect(matching('migrating the Redis store')).toHaveLength(before);
  });

  it('runs every step of the path in order from the stored version, each stamping its own', async () => {
    const prefix = fresh();
    await admin.set(schemaKey(prefix), '1');
    await admin.set(`${prefix}chat:old-name`, 'a message');
    const ran: string[] = [];
    const migrations: StoreMigration[] = [
      { from: 0, what: 'never run here', run: async () => void ran.push('0→1') },
      {
        from: 1,
        what: 'rename a key',
        run: async (r, p) => {
          ran.push('1→2');
          // What a real step does: reshape data, safely again if it already ran.
          await r.call(() => r.send(p, ['EVAL', "if redis.call('EXISTS', KEYS[1]) == 1 then redis.call('RENAME', KEYS[1], KEYS[2]) end", '2', `${p}chat:old-name`, `${p}chat:new-name`]));
        },
      },
      {
        from: 2,
        what: 'check it sees the previous step',
        run: async () => {
          ran.push('2→3');
          expect(await admin.get(schemaKey(prefix))).toBe('2');
        },
      },
    ];
    expect(await ensureStoreSchema(redis, prefix, log, { known: 3, migrations })).toEqual({ found: 1, now: 3 });
    expect(ran).toEqual(['1→2', '2→3']);
    expect(await admin.get(`${prefix}chat:new-name`)).toBe('a message');
    expect(matching('migrating the Redis store').filter((l) => l.what === 'rename a key')).toHaveLength(1);
  });

  it('runs each step once when several nodes start at the same time (one migrates, the others wait)', async () => {
    const prefix = fresh();
    let runs = 0;
    const migrations: StoreMigration[] = [
      {
        from: 0,
        what: 'a slow step',
        run: async () => {
          runs++;
          await new Promise((resolve) => setTimeout(resolve, 300));
        },
      },
    ];
    const nodes = await Promise.all(Array.from({ length: 4 }, () => ensureStoreSchema(redis, prefix, log, { known: 1, migrations })));
    expect(runs).toBe(1);
    expect(nodes.map((n) => n.now)).toEqual([1, 1, 1, 1]);
    expect(await admin.exists(`${prefix}schema:migrating`)).toBe(0);
  });

  it('refuses a store written by a newer build, touching nothing', async () => {
    const prefix = fresh();
    await admin.set(schemaKey(prefix), String(STORE_SCHEMA_VERSION + 1));
    const error = await ensureStoreSchema(redis, prefix, log).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StoreSchemaTooNewError);
    expect((error as Error).message).toContain(`schema version ${STORE_SCHEMA_VERSION + 1}, newer than this build knows (${STORE_SCHEMA_VERSION})`);
    expect(await admin.get(schemaKey(prefix))).toBe(String(STORE_SCHEMA_VERSION + 1));
    expect(await admin.exists(`${prefix}schema:migrating`)).toBe(0);
  });

  it('moves a sender ban stored by schema 1 under its address key apart (2): it still holds, with its time left, and no address door reaches it', async () => {
    const prefix = fresh();
    await admin.set(schemaKey(prefix), '1');
    // Schema 1's layout: a sender ban (told by its ref) and an address ban, both under chat:ban:ip:.
    const senderNote = { label: 'Troll99', by: 'Naomi', reason: 'spam', since: 1_790_000_000, ref: 'ref-old-1' };
    await admin.set(`${prefix}chat:ban:ip:198.51.100.66`, JSON.stringify(senderNote), { EX: 3600 });
    await admin.set(`${prefix}chat:ban:ip:203.0.113.9`, JSON.stringify({ ...senderNote, label: '203.0.113.9', ref: null }), { EX: 600 });
    expect(await ensureStoreSchema(redis, prefix, log)).toEqual({ found: 1, now: STORE_SCHEMA_VERSION });

    const moderation = new RedisModerationStore(redis, prefix);
    expect(await moderation.isBanned('newname', '198.51.100.66')).toBe(true);
    expect(await moderation.isBanned('newname', '203.0.113.9')).toBe(true);
    const bans = await moderation.bans();
    expect(bans.map(({ kind, value, ref }) => ({ kind, value, ref }))).toEqual([
      { kind: 'ip', value: '203.0.113.9', ref: null },
      { kind: 'sender', value: '198.51.100.66', ref: 'ref-old-1' },
    ]);
    expect(await admin.pTTL(`${prefix}chat:ban:sender:198.51.100.66`)).toBeGreaterThan(3_500_000);
    // The address door no longer finds it; running the step again changes nothing.
    expect(await moderation.unban({ kind: 'ip', value: '198.51.100.66' })).toBe(false);
    expect(await moveSenderBans(redis, prefix)).toBe(0);
    expect(await moderation.isBanned('newname', '198.51.100.66')).toBe(true);
  });

  it('moves the audit log of schema 2 (a capped list, newest first) into the stream kept by time (3): every entry, oldest first, at its own time', async () => {
    const prefix = fresh();
    await admin.set(schemaKey(prefix), '2');
    const old = [
      { id: 'u1', at: 1_790_000_000, actor: 'admin', role: 'admin', action: 'staff.create', target: 'Naomi', detail: 'moderator' },
      { id: 'u2', at: 1_790_000_060, actor: 'Naomi', role: 'moderator', action: 'chat.ban', target: 'nickname "Troll\\n99"', detail: null },
      // Another node's clock was behind: its entry keeps its place in the list, stamped no earlier than the one before.
      { id: 'u3', at: 1_790_000_050, actor: 'Naomi', role: 'moderator', action: 'chat.unban', target: 'nickname "Troll\\n99"', detail: null },
    ];
    for (const entry of old) await admin.lPush(`${prefix}audit`, JSON.stringify(entry));
    expect(await ensureStoreSchema(redis, prefix, log)).toEqual({ found: 2, now: STORE_SCHEMA_VERSION });

    expect(await admin.exists(`${prefix}audit`)).toBe(0);
    const page = await new RedisAuditLog(redis, auditStreamKey(prefix)).page({ limit: 10, scan: 100, before: null, actor: null, action: null, fromMs: 0, toMs: Number.MAX_SAFE_INTEGER });
    expect(page.entries.map(({ id: _id, ...rest }) => rest)).toEqual(old.reverse().map(({ id: _id, ...rest }) => rest));
    expect(page.entries.map((e) => e.id)).toEqual(['1790000060000-1', '1790000060000-0', '1790000000000-0']);
    // Again: no list, nothing moved twice.
    expect(await moveAuditList(redis, prefix)).toBe(0);
    expect(await admin.xLen(auditStreamKey(prefix))).toBe(3);
  });

  it('indexes the revenue events of schema 3 by time (4), in batches, so the listing by date holds every one of them', async () => {
    const prefix = fresh();
    await admin.set(schemaKey(prefix), '3');
    // 1,200 events as schema 3 stored them (by key only), more than one HSCAN batch.
    const old = Array.from({ length: 1200 }, (_, i) => ({
      id: `e${i}`,
      type: 'donation',
      amount: 100 + i,
      currency: 'USD',
      occurred_at: 1_780_000_000 + ((i * 7919) % 1200) * 60,
      source: null,
      metadata: {},
      recorded_at: 1_780_000_000,
    }));
    for (let i = 0; i < old.length; i += 200) await admin.hSet(`${prefix}revenue:events`, Object.fromEntries(old.slice(i, i + 200).map((e) => [`id:${e.id}`, JSON.stringify(e)])));
    expect(await ensureStoreSchema(redis, prefix, log)).toEqual({ found: 3, now: STORE_SCHEMA_VERSION });

    const ledger = new RedisRevenueLedger(redis, prefix);
    const listed: string[] = [];
    let after: string | null = null;
    do {
      const page = await ledger.eventsBetween(0, 2_000_000_000, { after, limit: 500 });
      listed.push(...page.events.map((e) => e.id));
      after = page.next;
    } while (after !== null);
    const oldestFirst = [...old].sort((a, b) => a.occurred_at - b.occurred_at).map((e) => e.id);
    expect(listed).toEqual(oldestFirst);
    // Again: every entry is there already, nothing written twice.
    expect(await backfillRevenueTimes(redis, prefix)).toBe(0);
    expect(await admin.zCard(revenueTimeKey(prefix))).toBe(1200);
  });

  it('stops at a gap in the path with a message naming it, leaving the version where it was', async () => {
    const prefix = fresh();
    await admin.set(schemaKey(prefix), '1');
    await expect(ensureStoreSchema(redis, prefix, log, { known: 2, migrations: [] })).rejects.toThrow('no store migration from schema version 1 (this build knows 2)');
    expect(await admin.get(schemaKey(prefix))).toBe('1');
  });
});
