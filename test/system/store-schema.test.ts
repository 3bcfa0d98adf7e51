import { createClient } from 'redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schemaKey, STORE_SCHEMA_VERSION } from '../../src/store/redis/redis-schema.js';
import { deleteKeys, hasRedis, redisUrl, uniquePrefix } from '../support/redis.js';
import { startService, type ServiceProcess } from '../support/service-process.js';

if (!hasRedis) process.stdout.write('[radio-hub tests] no Redis: the store schema suite is SKIPPED.\n');

// The built hub, as an operator upgrading a station meets it (docs/operations.md, "Upgrades").
describe.skipIf(!hasRedis)('a hub and the stored schema version', () => {
  const admin = createClient({ url: redisUrl });
  const prefixes: string[] = [];
  const started: ServiceProcess[] = [];
  const hub = (prefix: string) => {
    const node = startService({ PORT: '0', HOST: '127.0.0.1', REDIS_URL: redisUrl, REDIS_PREFIX: prefix }, { stream: { enabled: false } });
    started.push(node);
    return node;
  };
  const fresh = () => {
    const prefix = uniquePrefix('schema-hub');
    prefixes.push(prefix);
    return prefix;
  };

  beforeAll(() => admin.connect());
  afterAll(async () => {
    await Promise.all(started.map((node) => node.stop()));
    await admin.close();
    for (const prefix of prefixes) await deleteKeys(redisUrl, prefix);
  });

  it('refuses to start on a store a newer build wrote: a clear message, exit code 1, nothing written', async () => {
    const prefix = fresh();
    await admin.set(schemaKey(prefix), String(STORE_SCHEMA_VERSION + 1));
    const node = hub(prefix);
    expect(await node.exited).toBe(1);
    expect(node.stderr()).toContain(`radio-hub: cannot start: the Redis store has schema version ${STORE_SCHEMA_VERSION + 1}, newer than this build knows (${STORE_SCHEMA_VERSION})`);
    expect(node.lines.some((l) => l.msg === 'radio hub listening')).toBe(false);
    expect(await admin.keys(`${prefix}*`)).toEqual([schemaKey(prefix)]);
  });

  it('migrates a store written before versions were kept, keeping its data, and serves it', async () => {
    const prefix = fresh();
    const first = hub(prefix);
    const url = `http://127.0.0.1:${await first.listening}`;
    const posted = await fetch(`${url}/api/mobile/chat`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ nickname: 'Lydia', message: 'before the upgrade' }),
    });
    expect(posted.status).toBe(201);
    expect(await admin.get(schemaKey(prefix))).toBe(String(STORE_SCHEMA_VERSION));
    expect(await first.stop()).toBe(0);
    // As an older release left it: the data, no version.
    await admin.del(schemaKey(prefix));

    const second = hub(prefix);
    const again = `http://127.0.0.1:${await second.listening}`;
    const migration = second.lines.find((l) => l.msg === 'migrating the Redis store');
    expect(migration).toMatchObject({ from: 0, to: 1 });
    expect(second.lines.find((l) => l.msg === 'Redis store schema up to date')).toMatchObject({ found: 0, now: STORE_SCHEMA_VERSION });
    expect(await admin.get(schemaKey(prefix))).toBe(String(STORE_SCHEMA_VERSION));
    const chat = (await (await fetch(`${again}/api/mobile/chat`)).json()) as { data: { messages: Array<{ message: string }> } };
    expect(chat.data.messages.map((m) => m.message)).toContain('before the upgrade');
  });

  it('stops a running node (exit 1) once a newer build migrates its store during a rolling upgrade', async () => {
    const prefix = fresh();
    const old = hub(prefix);
    await old.listening;
    const at = performance.now();
    await admin.set(schemaKey(prefix), String(STORE_SCHEMA_VERSION + 1));
    expect(await old.exited).toBe(1);
    // It looks every 5 s; bounded generously for a loaded machine.
    expect(performance.now() - at).toBeLessThan(15_000);
    expect(old.stderr()).toContain(`radio-hub: stopping: the Redis store has schema version ${STORE_SCHEMA_VERSION + 1}, newer than this build knows`);
  });
});
