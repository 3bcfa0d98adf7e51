import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROGRAMME_MAX_BYTES, SCHEDULE_UPDATED_MAX_BYTES } from '../../src/station/programme-size.js';
import { connectLive } from '../support/live-client.js';
import { info } from '../support/redis-admin.js';
import { RedisServerProcess, redisServerInstalled } from '../support/redis-server-process.js';
import { call, startTestServer, type TestServer } from '../support/test-server.js';

// Issue 26, finding 5: each weekly occurrence repeated the show's description, so 110 shows with
// long texts made GET /api/mobile/schedule 2.1 MB (8.6 MB with every field at its maximum), every
// `schedule:updated` as large, and Redis grew about quadratically with edits (13 → 537 MB). Staff
// fill the programme until it is refused; the answers and events stay within the documented bounds.

const ADMIN_KEY = 'admin-key-for-programme-size-01';
const auth = { authorization: `Bearer ${ADMIN_KEY}` };
const EVERY_DAY = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'];
/** 2,000-character descriptions, short titles: the finding's first programme. */
const described = (i: number) => ({
  id: `show-${i}`,
  title: `Show ${i}`,
  host: 'Ruth',
  description: 'Psalms and hymns. '.repeat(112).slice(0, 2000),
  days: EVERY_DAY,
  start: '06:00',
  end: '07:00',
});
/** Every text at its maximum, in 4-byte characters: the finding's second. */
const widest = (i: number) => ({
  id: `wide-${i}`.padEnd(64, 'x'),
  title: '𝄞'.repeat(200),
  host: '𝄞'.repeat(200),
  description: '𝄞'.repeat(2000),
  days: EVERY_DAY,
  start: '06:00',
  end: '07:00',
});

const bytes = (value: unknown) => Buffer.byteLength(JSON.stringify(value));

describe('the programme has a byte bound (memory store)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ adminApiKey: ADMIN_KEY, schedule: { shows: [], events: [] }, playlists: [] });
  });
  afterAll(() => server?.close());

  const clear = async () => {
    const { shows } = (await call(`${server.url}/api/admin/programme`, { headers: auth })).body.data as { shows: Array<{ id: string }> };
    for (const show of shows) expect((await call(`${server.url}/api/admin/programme/shows/${show.id}`, { method: 'DELETE', headers: auth })).status).toBe(200);
  };

  /** Puts shows until one is refused; answers how many were taken, and the largest schedule:updated seen. */
  async function fill(make: (i: number) => { id: string }): Promise<{ taken: number; largestUpdate: number }> {
    const listener = await connectLive(server.url);
    let largestUpdate = 0;
    try {
      for (let i = 0; i < 200; i++) {
        const show = make(i);
        const res = await call(`${server.url}/api/admin/programme/shows/${show.id}`, { method: 'PUT', body: show, headers: auth });
        if (res.status === 400) {
          expect(res.body.error.details).toEqual([{ field: 'programme', message: expect.stringMatching(/at most/) }]);
          return { taken: i, largestUpdate };
        }
        expect(res.status).toBe(200);
        const update = await listener.next('schedule:updated', (p) => p.revision === res.body.data.revision);
        largestUpdate = Math.max(largestUpdate, bytes(update));
      }
      throw new Error('200 such shows were taken: no byte bound');
    } finally {
      listener.close();
    }
  }

  for (const [name, make] of [
    ['2,000-character descriptions', described],
    ['every text at its maximum, in 4-byte characters', widest],
  ] as const) {
    it(`refuses the show that would break the bound (${name}); the schedule and schedule:updated stay within it`, async () => {
      await clear();
      const { taken, largestUpdate } = await fill(make);
      const schedule = await call(`${server.url}/api/mobile/schedule`);
      const answerBytes = Buffer.byteLength(JSON.stringify(schedule.body));
      const stored = bytes((await call(`${server.url}/api/admin/programme`, { headers: auth })).body.data);
      process.stdout.write(
        `[programme size] ${name}: ${taken} daily shows taken; GET /api/mobile/schedule ${answerBytes} bytes, largest schedule:updated ${largestUpdate} bytes, programme ${stored} bytes\n`,
      );
      expect(taken).toBeGreaterThan(0);
      expect(answerBytes).toBeLessThanOrEqual(SCHEDULE_UPDATED_MAX_BYTES);
      expect(largestUpdate).toBeLessThanOrEqual(SCHEDULE_UPDATED_MAX_BYTES);
      expect(stored).toBeLessThanOrEqual(PROGRAMME_MAX_BYTES + 1024);
    });
  }

  it("gives a weekly show's description once (in shows), not on each occurrence; an event keeps its own; upcoming keeps title and host", async () => {
    await clear();
    expect((await call(`${server.url}/api/admin/programme/shows/show-1`, { method: 'PUT', body: described(1), headers: auth })).status).toBe(200);
    const start = new Date(Date.now() + 86_400_000).toISOString();
    const end = new Date(Date.now() + 90_000_000).toISOString();
    const vigil = { id: 'vigil', title: 'Night Vigil', host: 'Naomi', description: 'Prayer until dawn', start, end };
    expect((await call(`${server.url}/api/admin/programme/events/vigil`, { method: 'PUT', body: vigil, headers: auth })).status).toBe(200);
    const { shows, upcoming } = (await call(`${server.url}/api/mobile/schedule`)).body.data as { shows: Array<{ description?: string }>; upcoming: Array<Record<string, unknown>> };
    expect(shows[0]!.description).toBe(described(1).description);
    const ofShow = upcoming.filter((o) => o.id === 'show-1');
    expect(ofShow.length).toBeGreaterThanOrEqual(7);
    for (const occurrence of ofShow) expect(occurrence).toEqual({ id: 'show-1', title: 'Show 1', host: 'Ruth', starts_at: expect.any(Number), ends_at: expect.any(Number), type: 'show' });
    expect(upcoming.find((o) => o.id === 'vigil')).toMatchObject({ title: 'Night Vigil', host: 'Naomi', description: 'Prayer until dawn', type: 'event' });
    await call(`${server.url}/api/admin/programme/events/vigil`, { method: 'DELETE', headers: auth });
  });
});

describe.skipIf(!redisServerInstalled())('Redis grows by a bounded amount per programme edit (a private Redis)', () => {
  let redis: RedisServerProcess;
  let server: TestServer;
  beforeAll(async () => {
    redis = await RedisServerProcess.startOnFreePort();
    server = await startTestServer({ adminApiKey: ADMIN_KEY, schedule: { shows: [], events: [] }, playlists: [], redis: { url: redis.url, prefix: 'size:' } });
  });
  afterAll(async () => {
    await server?.close();
    await redis?.kill();
  });

  it('each edit adds at most one bounded schedule:updated to the event history, however large the programme already is', async () => {
    const used = async () => Number((await info(redis.port, 'memory')).used_memory);
    const before = await used();
    const growth: number[] = [];
    for (let i = 0; i < 60; i++) {
      const at = await used();
      const res = await call(`${server.url}/api/admin/programme/shows/show-${i}`, { method: 'PUT', body: described(i), headers: auth });
      if (res.status === 400) break;
      expect(res.status).toBe(200);
      growth.push((await used()) - at);
    }
    const after = await used();
    process.stdout.write(
      `[programme size] Redis used_memory ${(before / 1e6).toFixed(1)} → ${(after / 1e6).toFixed(1)} MB over ${growth.length} edits; largest growth of one edit ${(Math.max(...growth) / 1e3).toFixed(0)} kB\n`,
    );
    expect(growth.length).toBeGreaterThan(10);
    // The event (≤ the bound) and the programme replaced in place, with Redis's own overhead.
    for (const grown of growth) expect(grown).toBeLessThan(2 * SCHEDULE_UPDATED_MAX_BYTES);
  });
});
