import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteKeys, hasRedis, redisUrl, serverStores, uniquePrefix } from '../support/redis.js';
import { call, startTestServer, type TestServer } from '../support/test-server.js';

// Issue 32: the programme's revision is its ETag; an edit that carries the revision it started
// from (If-Match) is refused with 412 when someone saved since, and the answer names who. The
// editor is stored with each revision (memory, and Redis in the same compare-and-set script).

const hash = (key: string) => `sha256:${createHash('sha256').update(key).digest('hex')}`;
const RUTH_KEY = 'ruth-admin-key-with-enough-entropy-00001';
const BOAZ_KEY = 'boaz-admin-key-with-enough-entropy-00001';
const ruth = { authorization: `Bearer ${RUTH_KEY}` };
const boaz = { authorization: `Bearer ${BOAZ_KEY}` };
const STAFF = [
  { name: 'Ruth', role: 'admin', keyHash: hash(RUTH_KEY) },
  { name: 'Boaz', role: 'admin', keyHash: hash(BOAZ_KEY) },
];
const PRAISE = { id: 'praise', title: 'Morning Praise', host: 'Ruth', description: 'Hymns to start the day', days: ['mon', 'tue'], start: '06:00', end: '09:00' };
const overrides = { staff: STAFF, schedule: { shows: [PRAISE], events: [] }, playlists: [] };

const backends = serverStores('programme-rev');

describe.each(backends)('programme revisions, If-Match and 412 ($name store)', (backend) => {
  if (!backend.available) {
    it.skip('skipped: no Redis answers at REDIS_URL (see the note printed at start)', () => undefined);
    return;
  }
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ ...overrides, ...(backend.redis ? { redis: backend.redis } : {}) });
  });
  afterAll(async () => {
    await server?.close();
    if (backend.redis) await deleteKeys(redisUrl, backend.redis.prefix);
  });
  const read = (headers: Record<string, string> = {}) => call(`${server.url}/api/admin/programme`, { headers: { ...ruth, ...headers } });
  const put = (who: Record<string, string>, item: { id: string } & Record<string, unknown>, ifMatch?: string) =>
    call(`${server.url}/api/admin/programme/shows/${item.id}`, { method: 'PUT', body: item, headers: { ...who, ...(ifMatch ? { 'if-match': ifMatch } : {}) } });

  it('answers its revision as the ETag, 304 to If-None-Match while it is current, and HEAD without a body', async () => {
    const first = await read();
    const etag = first.headers.get('etag')!;
    expect(etag).toBe(`"${first.body.data.generation}.${first.body.data.revision}"`);
    expect(first.body.data.updated_by).toBeNull();
    expect((await read({ 'if-none-match': etag })).status).toBe(304);
    const head = await fetch(`${server.url}/api/admin/programme`, { method: 'HEAD', headers: ruth });
    expect(head.status).toBe(200);
    expect(head.headers.get('etag')).toBe(etag);
    expect(await head.text()).toBe('');
  });

  it('saves an edit that started from the current revision, and records who made it', async () => {
    const etag = (await read()).headers.get('etag')!;
    const saved = await put(ruth, { ...PRAISE, title: 'Morning Praise and Prayer' }, etag);
    expect(saved.status).toBe(200);
    expect(saved.body.data.updated_by).toBe('Ruth');
    expect(saved.headers.get('etag')).toBe(`"${saved.body.data.generation}.${saved.body.data.revision}"`);
    expect(saved.headers.get('etag')).not.toBe(etag);
    expect((await read()).body.data).toMatchObject({ updated_by: 'Ruth', revision: saved.body.data.revision });
  });

  it('refuses a stale save with 412 naming who saved since, in the asked language, and changes nothing', async () => {
    const startedFrom = (await read()).headers.get('etag')!;
    expect((await put(boaz, { ...PRAISE, host: 'Boaz' }, startedFrom)).status).toBe(200);
    const before = (await read()).body.data;

    const stale = await put(ruth, { ...PRAISE, description: 'Ruth’s words' }, startedFrom);
    expect(stale.status).toBe(412);
    expect(stale.body.error.code).toBe('PRECONDITION_FAILED');
    expect(stale.body.error.message).toContain('Boaz');
    expect(stale.body.error.details).toEqual([{ field: 'If-Match', message: `the programme is at revision ${before.revision}, saved by Boaz` }]);
    const deleting = await call(`${server.url}/api/admin/programme/shows/praise`, { method: 'DELETE', headers: { ...ruth, 'if-match': startedFrom } });
    expect(deleting.status).toBe(412);
    const spanish = await call(`${server.url}/api/admin/programme/shows/praise`, {
      method: 'PUT',
      body: PRAISE,
      headers: { ...ruth, 'if-match': startedFrom, 'accept-language': 'es' },
    });
    expect(spanish.body.error.message).toMatch(/^Boaz guardó la programación/);
    expect((await read()).body.data).toEqual(before);
  });

  it('keeps the old behaviour without If-Match (the last write wins), takes *, and refuses a weak or foreign tag', async () => {
    const current = (await read()).headers.get('etag')!;
    expect((await put(ruth, { ...PRAISE, title: 'Morning Praise' })).status).toBe(200);
    expect((await put(ruth, { ...PRAISE, title: 'Morning Praise' }, '*')).status).toBe(200);
    const now = (await read()).headers.get('etag')!;
    expect((await put(ruth, PRAISE, `W/${now}`)).status).toBe(412);
    expect((await put(ruth, PRAISE, '"another.1"')).status).toBe(412);
    expect((await put(ruth, PRAISE, 'not a tag')).status).toBe(412);
    expect((await put(ruth, PRAISE, `"x.0", ${now}`)).status).toBe(200);
    expect(now).not.toBe(current);
  });
});

describe.skipIf(!hasRedis)('two staff on two nodes saving from the same revision (Redis)', () => {
  const prefix = uniquePrefix('programme-rev-nodes');
  let a: TestServer;
  let b: TestServer;
  beforeAll(async () => {
    a = await startTestServer({ ...overrides, redis: { url: redisUrl, prefix } });
    b = await startTestServer({ ...overrides, redis: { url: redisUrl, prefix } });
  });
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
    await deleteKeys(redisUrl, prefix);
  });

  it('saves exactly one of them; the other gets 412 naming the one who won', async () => {
    const etag = (await call(`${a.url}/api/admin/programme`, { headers: ruth })).headers.get('etag')!;
    const [byRuth, byBoaz] = await Promise.all([
      call(`${a.url}/api/admin/programme/shows/praise`, { method: 'PUT', body: { ...PRAISE, title: 'Ruth’s title' }, headers: { ...ruth, 'if-match': etag } }),
      call(`${b.url}/api/admin/programme/shows/praise`, { method: 'PUT', body: { ...PRAISE, title: 'Boaz’s title' }, headers: { ...boaz, 'if-match': etag } }),
    ]);
    expect([byRuth.status, byBoaz.status].sort()).toEqual([200, 412]);
    const [winner, loser] = byRuth.status === 200 ? ['Ruth', byBoaz] : ['Boaz', byRuth];
    expect(loser.body.error.message).toContain(winner);
    const stored = (await call(`${b.url}/api/admin/programme`, { headers: boaz })).body.data;
    expect(stored.updated_by).toBe(winner);
    expect(stored.shows[0].title).toBe(`${winner}’s title`);
  });
});
