import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { songId } from '../../src/station/song.js';
import { call, startTestServer, type TestServer } from '../support/test-server.js';
import { sendText, startReplayServer } from '../support/replay-server.js';

const NOW = Date.parse('2026-06-01T12:00:00Z');

describe('POST /api/mobile/requests', () => {
  let server: TestServer;
  let now = NOW;
  beforeAll(async () => {
    // trustProxy lets each test act as a different listener through X-Forwarded-For
    server = await startTestServer({ trustProxy: ['127.0.0.1'], requests: { delaySeconds: 300, thresholdSeconds: 900 } }, { clock: () => now });
  });
  afterAll(() => server.close());

  let listener = 0;
  const from = () => ({ 'x-forwarded-for': `198.51.100.${++listener}` });
  const submit = (body: unknown, headers = from()) => call(`${server.url}/api/mobile/requests`, { body, headers });

  it('queues a request with the defaults and answers 201', async () => {
    const res = await submit({ song_title: 'Amazing Grace', artist: 'Chris Tomlin' });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      success: true,
      data: {
        id: expect.any(String),
        song_title: 'Amazing Grace',
        artist: 'Chris Tomlin',
        requester_name: 'Anonymous',
        message: null,
        priority: 'normal',
        status: 'pending',
        created_at: NOW / 1000,
      },
    });
  });

  it('keeps the given name, message and priority', async () => {
    const res = await submit({ song_title: 'Oceans', artist: 'Hillsong United', requester_name: 'Ruth', message: 'For my mom', priority: 'high' });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ requester_name: 'Ruth', message: 'For my mom', priority: 'high' });
  });

  it('treats a blank requester name as omitted', async () => {
    const res = await submit({ song_title: 'Way Maker', artist: 'Sinach', requester_name: '   ' });
    expect(res.body.data.requester_name).toBe('Anonymous');
  });

  it('refuses a request without song_title or artist, or with a wrong priority', async () => {
    for (const [body, field] of [
      [{ artist: 'Someone' }, 'song_title'],
      [{ song_title: 'Something' }, 'artist'],
      [{ song_title: '', artist: 'Someone' }, 'song_title'],
      [{ song_title: 'Something', artist: 'Someone', priority: 'urgent' }, 'priority'],
      [{ song_title: 7, artist: 'Someone' }, 'song_title'],
    ] as const) {
      const res = await submit(body);
      expect(res.status).toBe(400);
      expect(res.body.error.details).toEqual(expect.arrayContaining([expect.objectContaining({ field })]));
    }
  });

  it('does not queue the same pending song twice: 200 with the existing request', async () => {
    const first = await submit({ song_title: 'Holy Spirit', artist: 'Francesca Battistelli' });
    const again = await submit({ song_title: '  HOLY spirit ', artist: 'francesca battistelli' });
    expect(first.status).toBe(201);
    expect(again.status).toBe(200);
    expect(again.body.data.id).toBe(first.body.data.id);
    const list = await call(`${server.url}/api/mobile/requests?limit=50`);
    expect(list.body.data.requests.filter((r: { song_title: string }) => r.song_title === 'Holy Spirit')).toHaveLength(1);
  });

  it('lets one listener queue a new request only after the delay', async () => {
    const me = from();
    expect((await submit({ song_title: 'Song A', artist: 'Band' }, me)).status).toBe(201);
    const tooSoon = await submit({ song_title: 'Song B', artist: 'Band' }, me);
    expect(tooSoon.status).toBe(429);
    expect(tooSoon.body.error.code).toBe('RATE_LIMITED');
    expect(Number(tooSoon.headers.get('retry-after'))).toBe(300);
    // another listener is not held back
    expect((await submit({ song_title: 'Song B', artist: 'Band' })).status).toBe(201);
    now += 300_000;
    expect((await submit({ song_title: 'Song C', artist: 'Band' }, me)).status).toBe(201);
  });

  it('refuses a song played within the threshold with 409 RECENTLY_PLAYED', async () => {
    const played = Math.floor(now / 1000) - 600; // ten minutes ago, threshold fifteen
    await server.app.store.station.recordPlay(songId('MercyMe', 'I Can Only Imagine'), played, 900);
    const res = await submit({ song_title: 'I can only imagine', artist: 'mercyme' });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('RECENTLY_PLAYED');
    expect(Number(res.headers.get('retry-after'))).toBe(300);
    now += 300_000; // fifteen minutes after the play
    expect((await submit({ song_title: 'I can only imagine', artist: 'mercyme' })).status).toBe(201);
  });
});

describe('GET /api/mobile/requests', () => {
  let server: TestServer;
  let now = NOW;
  beforeAll(async () => {
    server = await startTestServer({ requests: { delaySeconds: 0, listenerPriority: 'ordered' } }, { clock: () => now });
    for (const [title, priority] of [
      ['Low one', 'low'],
      ['Normal one', 'normal'],
      ['High one', 'high'],
      ['Normal two', 'normal'],
      ['High two', 'high'],
    ]) {
      now += 1000;
      expect((await call(`${server.url}/api/mobile/requests`, { body: { song_title: title, artist: 'Band', priority } })).status).toBe(201);
    }
  });
  afterAll(() => server.close());

  const titles = (res: { body: any }) => res.body.data.requests.map((r: { song_title: string }) => r.song_title);

  it('lists pending requests high priority first, then oldest first', async () => {
    const res = await call(`${server.url}/api/mobile/requests`);
    expect(res.status).toBe(200);
    expect(titles(res)).toEqual(['High one', 'High two', 'Normal one', 'Normal two', 'Low one']);
    expect(res.body.data.count).toBe(5);
  });

  it('honours limit and status, and refuses bad values', async () => {
    expect(titles(await call(`${server.url}/api/mobile/requests?limit=2`))).toEqual(['High one', 'High two']);
    await server.app.store.requests.markPlayed(songId('Band', 'High one'));
    expect(titles(await call(`${server.url}/api/mobile/requests?status=played`))).toEqual(['High one']);
    expect(titles(await call(`${server.url}/api/mobile/requests?status=all&limit=50`))).toEqual(['High two', 'Normal two', 'High one', 'Normal one', 'Low one']);
    expect((await call(`${server.url}/api/mobile/requests?status=bogus`)).status).toBe(400);
    expect((await call(`${server.url}/api/mobile/requests?limit=51`)).status).toBe(400);
  });
});

describe('a fair queue: the default', () => {
  const ADMIN_KEY = 'admin-key-for-the-fair-queue';
  let server: TestServer;
  let now = NOW;
  beforeAll(async () => {
    server = await startTestServer({ requests: { delaySeconds: 0 }, adminApiKey: ADMIN_KEY }, { clock: () => now });
  });
  afterAll(() => server.close());

  const pending = async () =>
    ((await call(`${server.url}/api/mobile/requests`)).body.data.requests as Array<{ id: string; song_title: string; priority: string }>).map((r) => [r.song_title, r.priority]);

  it("accepts a listener's priority and shows it, but serves first come first served; staff's priority orders", async () => {
    const ids: string[] = [];
    for (const [title, priority] of [
      ['First', 'normal'],
      ['Pushy', 'high'],
      ['Third', 'low'],
    ]) {
      now += 1000;
      const res = await call(`${server.url}/api/mobile/requests`, { body: { song_title: title, artist: 'Band', priority } });
      expect(res.status).toBe(201);
      expect(res.body.data.priority).toBe(priority);
      ids.push(res.body.data.id);
    }
    expect(await pending()).toEqual([
      ['First', 'normal'],
      ['Pushy', 'high'],
      ['Third', 'low'],
    ]);
    // Staff are trusted: their priority ranks the request.
    const admin = { authorization: `Bearer ${ADMIN_KEY}` };
    const raised = await call(`${server.url}/api/admin/requests/${ids[2]}`, { method: 'PATCH', headers: admin, body: { priority: 'high' } });
    expect(raised.status).toBe(200);
    expect(raised.body.data).toMatchObject({ song_title: 'Third', priority: 'high', status: 'pending' });
    expect((await pending())[0]).toEqual(['Third', 'high']);
    // Nothing to change is refused, naming the rule; a listener cannot reach the staff route.
    expect((await call(`${server.url}/api/admin/requests/${ids[0]}`, { method: 'PATCH', headers: admin, body: {} })).status).toBe(400);
    expect((await call(`${server.url}/api/admin/requests/${ids[0]}`, { method: 'PATCH', body: { priority: 'high' } })).status).toBe(401);
    expect((await call(`${server.url}/api/admin/requests/nope`, { method: 'PATCH', headers: admin, body: { priority: 'high' } })).status).toBe(404);
  });
});

describe('the recently-played rule over a window longer than a day', () => {
  it('still refuses a song played 36 hours ago when the threshold is 2 days, after other songs played', async () => {
    let now = NOW;
    const shoutcast = await startReplayServer();
    const playing = (title: string) => sendText(JSON.stringify({ streamstatus: 1, currentlisteners: 3, songtitle: `Psalters - ${title}`, bitrate: 128, content: 'audio/mpeg' }));
    const server = await startTestServer(
      { stream: { kind: 'shoutcast2', statusUrl: `${shoutcast.url}/stats?sid=1&json=1` }, requests: { thresholdSeconds: 2 * 86_400, delaySeconds: 0 } },
      { clock: () => now },
    );
    try {
      shoutcast.respond(playing('Old Hymn'));
      await server.app.poller.tick();
      now += 36 * 3600 * 1000;
      // another song starts a day and a half later: the store must not forget the first one's play
      shoutcast.respond(playing('New Song'));
      await server.app.poller.tick();
      const refused = await call(`${server.url}/api/mobile/requests`, { body: { song_title: 'Old Hymn', artist: 'Psalters' } });
      expect(refused.status).toBe(409);
      expect(refused.body.error.code).toBe('RECENTLY_PLAYED');
      expect(Number(refused.headers.get('retry-after'))).toBe(12 * 3600);
      now += 12 * 3600 * 1000;
      expect((await call(`${server.url}/api/mobile/requests`, { body: { song_title: 'Old Hymn', artist: 'Psalters' } })).status).toBe(201);
    } finally {
      await server.close();
      await shoutcast.close();
    }
  });
});
