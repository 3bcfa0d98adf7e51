import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { songId } from '../../src/station/song.js';
import { deleteKeys, serverStores } from '../support/redis.js';
import { call, startTestServer, type TestServer } from '../support/test-server.js';

// Issue 33 item 6: on Redis a song request is one script (the threshold, the client's delay, the
// queue and the song's tally). What a listener notices must not change with it, on either store:
// each outcome's answer and headers, what each refusal costs (a 409 or a pending song spends no
// delay, a 429 holds nothing), and on two hubs at once only what the rules allow gets in.

const DELAY = 300;
const THRESHOLD = 900;
const settings = (redis: { url: string; prefix: string } | undefined) => ({
  ...(redis ? { redis } : {}),
  trustProxy: ['127.0.0.1'],
  requests: { delaySeconds: DELAY, thresholdSeconds: THRESHOLD },
});

describe.each(serverStores('request-one-step'))('a song request in one step: $name store', ({ available, redis }) => {
  if (!available) {
    it.skip('skipped: no Redis (REDIS_URL)', () => undefined);
    return;
  }
  let server: TestServer;
  let nextAddress = 1;
  /** A listener of its own for each request that must not share a delay. */
  const freshClient = () => `198.51.100.${nextAddress++}`;

  beforeAll(async () => {
    server = await startTestServer(settings(redis));
  });
  afterAll(async () => {
    await server?.close();
    if (redis) await deleteKeys(redis.url, redis.prefix);
  });

  const ask = (from: string, song_title: string, artist = 'One Step Choir', url = server.url) =>
    call(`${url}/api/mobile/requests`, { headers: { 'x-forwarded-for': from }, body: { song_title, artist } });
  const pendingTitles = async () => ((await call(`${server.url}/api/mobile/requests?limit=50`)).body.data.requests as Array<{ song_title: string }>).map((r) => r.song_title);
  const requestTally = async (title: string, artist = 'One Step Choir') => (await server.app.store.station.tallies()).find((t) => t.song.id === songId(artist, title))?.requests ?? 0;

  it('queues a new song (201), answers a pending one with it (200) without using the delay, and counts the song once', async () => {
    const first = freshClient();
    const queued = await ask(first, 'Be Thou My Vision');
    expect(queued.status).toBe(201);
    expect(queued.body).toEqual({
      success: true,
      data: {
        id: expect.any(String),
        song_title: 'Be Thou My Vision',
        artist: 'One Step Choir',
        requester_name: 'Anonymous',
        message: null,
        priority: 'normal',
        status: 'pending',
        created_at: expect.any(Number),
      },
    });
    expect(queued.headers.get('ratelimit')).toMatch(/^"hourly";r=\d+;t=\d+$/);
    const second = freshClient();
    const again = await ask(second, '  be thou my VISION ', 'one step choir');
    expect(again.status).toBe(200);
    expect(again.body.data).toEqual(queued.body.data);
    // The pending song queued nothing: that listener's delay has not started.
    expect((await ask(second, 'Crown Him With Many Crowns')).status).toBe(201);
    expect((await pendingTitles()).filter((title) => title === 'Be Thou My Vision')).toHaveLength(1);
    expect(await requestTally('Be Thou My Vision')).toBe(1);
  });

  it('within the delay answers 429 request_delay with Retry-After, queues nothing, and still answers the song it queued', async () => {
    const from = freshClient();
    const queued = await ask(from, 'It Is Well');
    expect(queued.status).toBe(201);
    const tooSoon = await ask(from, 'Abide With Me');
    expect(tooSoon.status).toBe(429);
    expect(tooSoon.body).toEqual({
      success: false,
      error: {
        code: 'RATE_LIMITED',
        reason: 'request_delay',
        message: 'A song was just requested from your network (you or someone on your address); you can request another in 5 minutes.',
      },
    });
    expect(Number(tooSoon.headers.get('retry-after'))).toBeGreaterThan(DELAY - 10);
    expect(Number(tooSoon.headers.get('retry-after'))).toBeLessThanOrEqual(DELAY);
    // The route's own budget was spent for it, as for every request.
    expect(tooSoon.headers.get('ratelimit')).toMatch(/^"hourly";r=\d+;t=\d+$/);
    expect(await pendingTitles()).not.toContain('Abide With Me');
    expect(await requestTally('Abide With Me')).toBe(0);
    // Its own song, still pending, is answered with that request rather than refused.
    const mine = await ask(from, 'It Is Well');
    expect(mine.status).toBe(200);
    expect(mine.body.data.id).toBe(queued.body.data.id);
    // Another listener is not held back.
    expect((await ask(freshClient(), 'Abide With Me')).status).toBe(201);
  });

  it('refuses a song played within the threshold with 409 and Retry-After, spending no delay and writing nothing', async () => {
    const playedAt = Math.floor(Date.now() / 1000) - 600;
    await server.app.store.station.recordPlay(songId('One Step Choir', 'Just Played'), playedAt, THRESHOLD);
    const from = freshClient();
    const refused = await ask(from, 'just played', 'one step choir');
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatchObject({ code: 'RECENTLY_PLAYED', reason: 'recently_played' });
    // 15 minutes after the play: about 5 from now (a second may tick between the two clocks).
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(THRESHOLD - 600 - 2);
    expect(retryAfter).toBeLessThanOrEqual(THRESHOLD - 600);
    expect(await pendingTitles()).not.toContain('just played');
    expect(await requestTally('Just Played')).toBe(0);
    // The refusal used no delay: the same listener queues another song at once.
    expect((await ask(from, 'Great Is Thy Faithfulness')).status).toBe(201);
  });
});

describe.each(serverStores('request-two-hubs').filter((s) => s.name === 'redis'))('song requests on two hubs at once: $name store', ({ available, redis }) => {
  if (!available) {
    it.skip('skipped: no Redis (REDIS_URL)', () => undefined);
    return;
  }
  let hubs: TestServer[] = [];
  beforeAll(async () => {
    hubs = [await startTestServer(settings(redis)), await startTestServer(settings(redis))];
  });
  afterAll(async () => {
    for (const hub of hubs) await hub.close();
    await deleteKeys(redis!.url, redis!.prefix);
  });
  const ask = (hub: number, from: string, song_title: string) =>
    call(`${hubs[hub]!.url}/api/mobile/requests`, { headers: { 'x-forwarded-for': from }, body: { song_title, artist: 'Two Hubs Choir' } });

  it('the same song asked by eight listeners on both hubs is queued once; the others get it (200) and keep their delay', async () => {
    const listeners = Array.from({ length: 8 }, (_, i) => `203.0.113.${i + 1}`);
    const answers = await Promise.all(listeners.map((from, i) => ask(i % 2, from, 'Holy, Holy, Holy')));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 200, 200, 200, 200, 200, 201]);
    expect(new Set(answers.map((a) => a.body.data.id)).size).toBe(1);
    const listed = await call(`${hubs[0]!.url}/api/mobile/requests?limit=50`);
    expect(listed.body.data.requests.filter((r: { song_title: string }) => r.song_title === 'Holy, Holy, Holy')).toHaveLength(1);
    const tally = (await hubs[1]!.app.store.station.tallies()).find((t) => t.song.id === songId('Two Hubs Choir', 'Holy, Holy, Holy'));
    expect(tally?.requests).toBe(1);
    // Only the listener whose request was queued started its delay.
    const next = await Promise.all(listeners.map((from, i) => ask((i + 1) % 2, from, `Next song of ${from}`)));
    const queuedBy = answers.findIndex((a) => a.status === 201);
    expect(next.map((a, i) => (i === queuedBy ? 429 : 201))).toEqual(next.map((a) => a.status));
  });

  it('one listener racing different songs on both hubs gets exactly one queued', async () => {
    const from = '203.0.113.99';
    const answers = await Promise.all([0, 1, 0, 1, 0, 1].map((hub, i) => ask(hub, from, `Race ${i}`)));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 429, 429, 429, 429, 429]);
    const listed = await call(`${hubs[1]!.url}/api/mobile/requests?limit=50`);
    expect(listed.body.data.requests.filter((r: { song_title: string }) => r.song_title.startsWith('Race '))).toHaveLength(1);
  });
});
