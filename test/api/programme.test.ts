import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../support/eventually.js';
import { connectLive } from '../support/live-client.js';
import { deleteKeys, hasRedis, redisUrl, serverStores, uniquePrefix } from '../support/redis.js';
import { call, startTestServer, type TestServer } from '../support/test-server.js';

// The programme edited live through the admin routes: validated with the config file's schemas,
// stored (memory or Redis), seeded from the config file once, and published to every node.

const ADMIN_KEY = 'admin-key-for-programme-01';
const auth = { authorization: `Bearer ${ADMIN_KEY}` };
const SEED = {
  schedule: { shows: [{ id: 'praise', title: 'Morning Praise', host: 'Ruth', days: ['mon', 'tue', 'wed', 'thu', 'fri'], start: '06:00', end: '09:00' }], events: [] },
  playlists: [{ id: 'hymns', name: 'Hymns' }],
};
const EVENING = { id: 'evening', title: 'Evening Psalms', days: ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'], start: '20:00', end: '21:00' };

const backends = serverStores('programme');

describe.each(backends)('the programme edited live ($name store)', (backend) => {
  if (!backend.available) {
    it.skip('skipped: no Redis answers at REDIS_URL (see the note printed at start)', () => undefined);
    return;
  }
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ adminApiKey: ADMIN_KEY, ...SEED, ...(backend.redis ? { redis: backend.redis } : {}) });
  });
  afterAll(async () => {
    await server?.close();
    if (backend.redis) await deleteKeys(redisUrl, backend.redis.prefix);
  });

  const put = (kind: string, item: { id: string } & Record<string, unknown>, id = item.id) =>
    call(`${server.url}/api/admin/programme/${kind}/${id}`, { method: 'PUT', body: item, headers: auth });

  it('starts from the config file, and a show edit changes the schedule answer and its ETag at once', async () => {
    const seeded = await call(`${server.url}/api/admin/programme`, { headers: auth });
    expect(seeded.body.data).toMatchObject({ revision: 1, shows: SEED.schedule.shows, events: [], playlists: SEED.playlists });
    const before = await call(`${server.url}/api/mobile/schedule`);
    const etag = before.headers.get('etag')!;
    expect((await call(`${server.url}/api/mobile/schedule`, { headers: { 'if-none-match': etag } })).status).toBe(304);

    const edited = await put('shows', EVENING);
    expect(edited.status).toBe(200);
    expect(edited.body.data).toMatchObject({ revision: 2 });
    const after = await call(`${server.url}/api/mobile/schedule`, { headers: { 'if-none-match': etag } });
    expect(after.status).toBe(200);
    expect(after.headers.get('etag')).not.toBe(etag);
    expect(after.body.data.shows.map((s: { id: string }) => s.id)).toEqual(['praise', 'evening']);
    expect(after.body.data.upcoming.some((o: { id: string }) => o.id === 'evening')).toBe(true);
  });

  it('edits playlists and one-off events, and deletes by id', async () => {
    const etag = (await call(`${server.url}/api/mobile/playlists`)).headers.get('etag')!;
    expect((await put('playlists', { id: 'youth', name: 'Youth Worship', genre: 'Worship' })).status).toBe(200);
    const playlists = await call(`${server.url}/api/mobile/playlists`, { headers: { 'if-none-match': etag } });
    expect(playlists.status).toBe(200);
    expect(playlists.body.data.playlists.map((p: { id: string }) => p.id)).toEqual(['hymns', 'youth']);
    const start = new Date(Date.now() + 86_400_000).toISOString();
    const end = new Date(Date.now() + 90_000_000).toISOString();
    expect((await put('events', { id: 'vigil', title: 'Night Vigil', start, end })).status).toBe(200);
    expect((await call(`${server.url}/api/mobile/schedule`)).body.data.upcoming.some((o: { id: string; type: string }) => o.id === 'vigil' && o.type === 'event')).toBe(true);
    const deleted = await call(`${server.url}/api/admin/programme/events/vigil`, { method: 'DELETE', headers: auth });
    expect(deleted.body.data.events).toEqual([]);
    expect((await call(`${server.url}/api/admin/programme/events/vigil`, { method: 'DELETE', headers: auth })).status).toBe(404);
  });

  it('refuses what the config file would refuse, with 400 naming the field, and changes nothing', async () => {
    const before = (await call(`${server.url}/api/admin/programme`, { headers: auth })).body.data;
    const refusals = [
      [await put('shows', { ...EVENING, start: '25:00' }), 'start'],
      [await put('shows', { ...EVENING, end: '20:00' }), 'shows.1.end'],
      [await put('shows', { ...EVENING, days: [] }), 'days'],
      [await put('shows', { ...EVENING, colour: 'red' }), 'colour'],
      [await put('shows', EVENING, 'other-id'), 'id'],
      [await put('events', { id: 'late', title: 'Late', start: '2026-07-01T20:00:00Z', end: '2026-07-01T19:00:00Z' }), 'events.0.end'],
      [await put('playlists', { id: 'bad', name: 'Bad', url: 'not a url' }), 'url'],
    ] as const;
    for (const [res, field] of refusals) {
      expect(res.status, field).toBe(400);
      expect(res.body.error.details.map((d: { field: string }) => d.field).join(' '), field).toContain(field);
    }
    expect((await call(`${server.url}/api/admin/programme/shows/x`, { method: 'PUT', body: EVENING })).status).toBe(401);
    expect((await call(`${server.url}/api/admin/programme`, { headers: auth })).body.data).toEqual(before);
  });

  it("applies the chat's text rules to every programme text (issue 26): no zero-width-only, NUL, bidi override or lone surrogate; NFC and trimmed", async () => {
    const before = (await call(`${server.url}/api/admin/programme`, { headers: auth })).body.data;
    const refusals = [
      [await put('shows', { ...EVENING, title: '\u200b' }), 'title', /visible/],
      [await put('shows', { ...EVENING, title: 'Evening\u0000Psalms' }), 'title', /control/],
      [await put('shows', { ...EVENING, host: '\u202EhturR' }), 'host', /bidirectional/],
      [await put('shows', { ...EVENING, description: 'Psalms \uD800' }), 'description', /well-formed/],
      [await put('events', { id: 'e', title: '\u2066Vigil', start: '2026-07-01T20:00:00Z', end: '2026-07-01T21:00:00Z' }), 'title', /bidirectional/],
      [await put('playlists', { id: 'p', name: '\u200b\u200d' }), 'name', /visible/],
      [await put('playlists', { id: 'p', name: 'Hymns', genre: 'Worship\u0007' }), 'genre', /control/],
    ] as const;
    for (const [res, field, says] of refusals) {
      expect(res.status, field).toBe(400);
      expect(res.body.error.details, field).toContainEqual({ field, message: expect.stringMatching(says) });
    }
    expect((await call(`${server.url}/api/admin/programme`, { headers: auth })).body.data).toEqual(before);
    // NFD "Jose\u0301" is stored as NFC "José", trimmed.
    const edited = await put('shows', { ...EVENING, id: 'jose', title: '  Jose\u0301 at Night ', host: 'Jose\u0301' });
    expect(edited.status).toBe(200);
    expect(edited.body.data.shows.find((s: { id: string }) => s.id === 'jose')).toMatchObject({ title: 'José at Night', host: 'José' });
    await call(`${server.url}/api/admin/programme/shows/jose`, { method: 'DELETE', headers: auth });
  });
});

describe.skipIf(!hasRedis)('the programme on two nodes sharing Redis', () => {
  const prefix = uniquePrefix('programme-nodes');
  const redis = { url: redisUrl, prefix };
  let a: TestServer;
  let b: TestServer;
  beforeAll(async () => {
    a = await startTestServer({ adminApiKey: ADMIN_KEY, ...SEED, redis });
    b = await startTestServer({ adminApiKey: ADMIN_KEY, ...SEED, redis });
  });
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
    await deleteKeys(redisUrl, prefix);
  });

  it("reaches a live client of the other node within a second, and the other node's answers with it", async () => {
    const listener = await connectLive(b.url);
    try {
      const etag = (await call(`${b.url}/api/mobile/schedule`)).headers.get('etag');
      const started = performance.now();
      const edit = call(`${a.url}/api/admin/programme/shows/evening`, { method: 'PUT', body: EVENING, headers: auth });
      const update = await listener.next('schedule:updated', (p) => p.schedule.shows.some((s: { id: string }) => s.id === 'evening'));
      const elapsedMs = performance.now() - started;
      expect((await edit).status).toBe(200);
      expect(elapsedMs).toBeLessThan(1000);
      process.stdout.write(`[programme] edit on node A reached a live client on node B in ${elapsedMs.toFixed(0)} ms\n`);
      expect(update.revision).toBe(2);
      expect(update.schedule.upcoming.some((o: { id: string }) => o.id === 'evening')).toBe(true);
      await eventually(async () => {
        const res = await call(`${b.url}/api/mobile/schedule`);
        expect(res.headers.get('etag')).not.toBe(etag);
        expect(res.body.data.shows.map((s: { id: string }) => s.id)).toContain('evening');
      });
    } finally {
      listener.close();
    }
  });

  it('keeps every edit when staff on both nodes save at the same moment', async () => {
    const shows = Array.from({ length: 6 }, (_, i) => ({ ...EVENING, id: `slot-${i}`, title: `Slot ${i}` }));
    const results = await Promise.all(shows.map((show, i) => call(`${[a, b][i % 2]!.url}/api/admin/programme/shows/${show.id}`, { method: 'PUT', body: show, headers: auth })));
    expect(results.map((r) => r.status)).toEqual(shows.map(() => 200));
    const stored = (await call(`${a.url}/api/admin/programme`, { headers: auth })).body.data;
    expect(stored.shows.map((s: { id: string }) => s.id)).toEqual(expect.arrayContaining(shows.map((s) => s.id)));
    await Promise.all(shows.map((show) => call(`${a.url}/api/admin/programme/shows/${show.id}`, { method: 'DELETE', headers: auth })));
  });

  it('keeps the edits when a node starts again with the config file (seeded once, never overwritten)', async () => {
    await b.close();
    b = await startTestServer({ adminApiKey: ADMIN_KEY, schedule: { shows: [], events: [] }, playlists: [], redis });
    const programme = (await call(`${b.url}/api/admin/programme`, { headers: auth })).body.data;
    expect(programme.shows.map((s: { id: string }) => s.id)).toEqual(['praise', 'evening']);
    expect((await call(`${b.url}/api/mobile/playlists`)).body.data.playlists).toEqual(SEED.playlists);
  });
});

describe('a weekly show edited live across the spring-forward night', () => {
  it('keeps 02:30 local where it exists and starts it at 03:00, when the clock jumps, on the night that skips it (America/New_York)', async () => {
    // Saturday 7 March 2026, noon in New York (that night's 02:30 EST is past); clocks go 02:00 → 03:00 early on Sunday 8 March.
    const now = Date.parse('2026-03-07T17:00:00Z');
    const server = await startTestServer({ adminApiKey: ADMIN_KEY, station: { timezone: 'America/New_York' }, schedule: { shows: [], events: [] } }, { clock: () => now });
    try {
      const night = { id: 'night-watch', title: 'Night Watch', days: ['sat', 'sun', 'mon'], start: '02:30', end: '04:00' };
      expect((await call(`${server.url}/api/admin/programme/shows/night-watch`, { method: 'PUT', body: night, headers: auth })).status).toBe(200);
      const upcoming = (await call(`${server.url}/api/mobile/schedule`)).body.data.upcoming as Array<{ id: string; starts_at: number; ends_at: number }>;
      const iso = (s: number) => new Date(s * 1000).toISOString();
      expect(upcoming.filter((o) => o.id === 'night-watch').map((o) => [iso(o.starts_at), iso(o.ends_at)])).toEqual([
        ['2026-03-08T07:00:00.000Z', '2026-03-08T08:00:00.000Z'], // Sunday: 02:30 does not exist, 03:00 EDT to 04:00 EDT
        ['2026-03-09T06:30:00.000Z', '2026-03-09T08:00:00.000Z'], // Monday 02:30 EDT
        ['2026-03-14T06:30:00.000Z', '2026-03-14T08:00:00.000Z'], // next Saturday: 02:30 EDT
      ]);
    } finally {
      await server.close();
    }
  });
});
