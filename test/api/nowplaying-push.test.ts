import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { capturedLog } from '../support/captured-log.js';
import { connectLive, type LiveClient } from '../support/live-client.js';
import { call, startTestServer, type TestServer } from '../support/test-server.js';

// Issue 29 item 1: the playout system pushes the track it starts. A key of the `automation` role
// may push and nothing else; every refusal is the error envelope; URL-only software sends the
// same push as a query, with the key in the URL on that route only, never in a log line.

const ADMIN_KEY = 'first-admin-key-0123456789';
const PLAYOUT_KEY = 'playout-automation-key-with-enough-entropy-01';
const NAOMI_KEY = 'naomi-moderator-key-with-enough-entropy-0001';
const hash = (key: string) => `sha256:${createHash('sha256').update(key).digest('hex')}`;
const as = (key: string, client = '192.0.2.40') => ({ authorization: `Bearer ${key}`, 'x-forwarded-for': client });

describe('the now-playing push', () => {
  let server: TestServer;
  const log = capturedLog('debug');
  const clients: LiveClient[] = [];
  beforeAll(async () => {
    server = await startTestServer(
      {
        adminApiKey: ADMIN_KEY,
        staff: [
          { name: 'Playout', role: 'automation', keyHash: hash(PLAYOUT_KEY) },
          { name: 'Naomi', role: 'moderator', keyHash: hash(NAOMI_KEY) },
        ],
        trustProxy: ['127.0.0.1'],
        logLevel: 'debug',
        rateLimit: { nowPlayingPush: { limit: 40, windowSeconds: 3600 } },
      },
      { log: log.log },
    );
  });
  afterAll(async () => {
    for (const client of clients) client.close();
    await server?.close();
  });
  const pushUrl = () => `${server.url}/api/admin/nowplaying`;

  it('lets an automation key push and answers the resulting now playing, which live clients get at once', async () => {
    const client = await connectLive(server.url);
    clients.push(client);
    const startedAt = Math.floor(Date.now() / 1000) - 3;
    const body = {
      artist: 'Lauren Daigle',
      title: 'Rescue',
      album: 'Look Up Child',
      label: 'Centricity',
      duration: 200,
      artwork_url: 'https://art.example/rescue.jpg',
      isrc: 'USCEN1800001',
      started_at: startedAt,
      next: [{ artist: 'CeCe Winans', title: 'Goodness of God', duration: 300 }],
      live: { is_live: true, streamer_name: 'Naomi' },
    };
    const pushed = await call(pushUrl(), { headers: as(PLAYOUT_KEY), body });
    expect(pushed.status).toBe(200);
    expect(pushed.body.data).toMatchObject({
      now_playing: { song: { title: 'Rescue', artist: 'Lauren Daigle', album: 'Look Up Child', art: 'https://art.example/rescue.jpg' }, played_at: startedAt, duration: 200 },
      playing_next: { song: { title: 'Goodness of God', artist: 'CeCe Winans' }, duration: 300 },
      live: { is_live: true, streamer_name: 'Naomi', since: null },
    });
    const live = await client.next('nowplaying', (p) => p.now_playing?.song.title === 'Rescue');
    expect(live.playing_next.song.title).toBe('Goodness of God');
    // Every public door shows the same: the mobile API, now-playing.php, current-song.php.
    const mobile = await call(`${server.url}/api/mobile/nowplaying`);
    expect(mobile.body.data.now_playing).toMatchObject({ song: { album: 'Look Up Child' }, duration: 200 });
    expect((await call(`${server.url}/api/now-playing.php`)).body.data).toMatchObject({ now_playing: { duration: 200 }, live: { is_live: true } });
    expect((await call(`${server.url}/api/current-song.php`)).body.data).toMatchObject({ title: 'Rescue', album: 'Look Up Child', art: 'https://art.example/rescue.jpg', duration: 200 });
    // An admin may push too.
    expect((await call(pushUrl(), { headers: as(ADMIN_KEY), body: { artist: 'A', title: 'By the admin' } })).status).toBe(200);
  });

  it('answers an automation key 403 on every other staff route, and a moderator 403 on the push', async () => {
    const document = (await call(`${server.url}/api/openapi.json`)).body;
    const staffOperations = Object.entries(document.paths as Record<string, Record<string, { security?: unknown[] }>>).flatMap(([path, operations]) =>
      Object.entries(operations)
        .filter(([, operation]) => (operation.security ?? []).length > 0)
        .map(([method, _operation]) => [method.toUpperCase(), path.replace(/\{[^}]+\}/g, 'x')] as const),
    );
    const others = staffOperations.filter(([, path]) => !path.startsWith('/api/admin/nowplaying'));
    expect(others.length).toBeGreaterThan(20);
    for (const [method, path] of others) {
      const refused = await call(`${server.url}${path}`, { method, headers: as(PLAYOUT_KEY), body: ['GET', 'DELETE'].includes(method) ? undefined : {} });
      expect(refused.status, `${method} ${path}`).toBe(403);
      expect(refused.body.error, `${method} ${path}`).toMatchObject({ code: 'FORBIDDEN', message: expect.stringContaining("Playout's role is automation") });
    }
    const byModerator = await call(pushUrl(), { headers: as(NAOMI_KEY), body: { artist: 'A', title: 'B' } });
    expect(byModerator.status).toBe(403);
    expect((await call(`${server.url}/api/admin/nowplaying/url?artist=A&title=B`, { method: 'POST', headers: as(NAOMI_KEY) })).status).toBe(403);
  });

  it('refuses bad pushes with the error envelope, and changes nothing', async () => {
    const before = (await call(`${server.url}/api/mobile/nowplaying`)).body.data.now_playing;
    const refusals: Array<[string, unknown]> = [
      ['title', { artist: 'A' }],
      ['duration', { artist: 'A', title: 'B', duration: -1 }],
      ['artwork_url', { artist: 'A', title: 'B', artwork_url: 'javascript:alert(1)' }],
      ['artwork_url', { artist: 'A', title: 'B', artwork_url: 'data:image/png;base64,AAAA' }],
      ['artwork_url', { artist: 'A', title: 'B', artwork_url: '//evil.example/x.jpg' }],
      ['title', { artist: 'A', title: 'x'.repeat(201) }],
      ['next', { artist: 'A', title: 'B', next: 'Song' }],
      ['next', { artist: 'A', title: 'B', next: Array.from({ length: 6 }, () => ({ artist: 'A', title: 'B' })) }],
      ['live', { artist: 'A', title: 'B', live: { streamer_name: 'Ruth' } }],
    ];
    for (const [field, body] of refusals) {
      const refused = await call(pushUrl(), { headers: as(PLAYOUT_KEY), body });
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.body, JSON.stringify(body)).toMatchObject({ success: false, error: { code: 'VALIDATION_FAILED' } });
      expect(refused.body.error.details.map((d: { field: string }) => d.field).join(), JSON.stringify(body)).toContain(field);
    }
    const broken = await fetch(pushUrl(), { method: 'POST', headers: { ...as(PLAYOUT_KEY), 'content-type': 'application/json' }, body: '{"title": "B",' });
    expect(broken.status).toBe(400);
    expect(((await broken.json()) as { error: { code: string } }).error.code).toBe('INVALID_JSON');
    expect((await call(`${server.url}/api/mobile/nowplaying`)).body.data.now_playing).toEqual(before);
  });

  it('takes the same push as a query with the key in the URL, on that route only, and never logs the key', async () => {
    const url = `${server.url}/api/admin/nowplaying/url?artist=Hillsong%20United&title=Oceans&album=Zion&duration=540&next_artist=Phil%20Wickham&next_title=This%20Is%20Amazing%20Grace&key=${PLAYOUT_KEY}`;
    const pushed = await call(url, { method: 'POST', headers: { 'x-forwarded-for': '192.0.2.41' } });
    expect(pushed.status).toBe(200);
    expect(pushed.body.data).toMatchObject({ now_playing: { song: { title: 'Oceans', album: 'Zion' }, duration: 540 }, playing_next: { song: { title: 'This Is Amazing Grace' } } });
    // A refused one (bad duration) too is logged without the key; a GET is no push (405).
    expect((await call(`${url}&duration=-5`.replace('duration=540&', ''), { method: 'POST' })).status).toBe(400);
    expect((await call(url.replace('Oceans', 'Not pushed'))).status).toBe(405);
    expect((await call(`${server.url}/api/mobile/nowplaying`)).body.data.now_playing.song.title).toBe('Oceans');
    // The key in the URL opens no other staff route.
    expect((await call(`${server.url}/api/admin/me?key=${PLAYOUT_KEY}`)).status).toBe(401);
    expect(log.lines.length).toBeGreaterThan(0);
    expect(log.lines.filter((line) => JSON.stringify(line).includes(PLAYOUT_KEY))).toEqual([]);
  });

  it('takes the same fields as a form body on the URL route, validated alike, with the key still in the header or query', async () => {
    const form = (fields: Record<string, string>) => ({
      method: 'POST',
      headers: { ...as(PLAYOUT_KEY, '192.0.2.43'), 'content-type': 'application/x-www-form-urlencoded; charset=UTF-8' },
      body: new URLSearchParams(fields).toString(),
    });
    const url = `${server.url}/api/admin/nowplaying/url`;
    const pushed = await call(
      url,
      form({ artist: 'Tauren Wells', title: 'Hills and Valleys', album: 'Hills and Valleys', duration: '215', next_artist: 'for KING & COUNTRY', next_title: 'Joy', streamer_name: 'Ana' }),
    );
    expect(pushed.status).toBe(200);
    expect(pushed.body.data).toMatchObject({
      now_playing: { song: { artist: 'Tauren Wells', title: 'Hills and Valleys', album: 'Hills and Valleys' }, duration: 215 },
      playing_next: { song: { artist: 'for KING & COUNTRY', title: 'Joy' } },
      live: { is_live: true, streamer_name: 'Ana' },
    });
    // The key in the query with the fields in the body, as a form-posting template does.
    const keyed = await call(`${url}?key=${PLAYOUT_KEY}`, { ...form({ artist: 'Zach Williams', title: 'Chain Breaker' }), headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(keyed.status).toBe(200);
    expect(keyed.body.data.now_playing.song.title).toBe('Chain Breaker');
    // A broken field is refused as in the query, and nothing changes.
    const refused = await call(url, form({ artist: 'A', title: 'Not pushed', duration: 'long' }));
    expect(refused.status).toBe(400);
    expect(refused.body.error.code).toBe('VALIDATION_FAILED');
    expect(refused.body.error.details.map((d: { field: string }) => d.field)).toContain('duration');
    const notUtf8 = await fetch(url, { method: 'POST', headers: form({}).headers, body: Buffer.from('artist=A&title=%FF\xff', 'latin1') });
    expect(notUtf8.status).toBe(400);
    expect((await call(`${server.url}/api/mobile/nowplaying`)).body.data.now_playing.song.title).toBe('Chain Breaker');
  });

  it('replays the RadioDJ, mAirList and SAM Broadcaster templates of docs/polling.md (reconstructed: their manuals cannot be fetched here)', async () => {
    // Each template with its variables filled in as the software would (URL-encoded).
    const filled = [
      ['RadioDJ', `/api/admin/nowplaying/url?key=${PLAYOUT_KEY}&artist=Casting%20Crowns&title=Who%20Am%20I&album=Casting%20Crowns`, { album: 'Casting Crowns' }],
      ['mAirList', `/api/admin/nowplaying/url?key=${PLAYOUT_KEY}&artist=MercyMe&title=I%20Can%20Only%20Imagine`, {}],
      ['SAM Broadcaster', `/api/admin/nowplaying/url?key=${PLAYOUT_KEY}&artist=Chris%20Tomlin&title=How%20Great%20Is%20Our%20God&album=`, {}],
    ] as const;
    for (const [software, path, more] of filled) {
      const pushed = await call(`${server.url}${path}`, { method: 'POST', headers: { 'x-forwarded-for': '192.0.2.42' } });
      expect(pushed.status, software).toBe(200);
      const title = new URLSearchParams(path.split('?')[1]).get('title');
      expect(pushed.body.data.now_playing.song, software).toMatchObject({ title, ...more });
      // A blank album from the template is no album.
      if (!('album' in more)) expect(pushed.body.data.now_playing.song.album, software).toBeUndefined();
    }
  });

  it('has its own budget: past it the push is 429 nowplaying_push, and the public budget is untouched', async () => {
    const client = '192.0.2.77';
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++) statuses.push((await call(pushUrl(), { headers: as(PLAYOUT_KEY, client), body: { artist: 'A', title: `Song ${i}` } })).status);
    expect(statuses.every((s) => s === 200)).toBe(true);
    const refused = await call(pushUrl(), { headers: as(PLAYOUT_KEY, client), body: { artist: 'A', title: 'One more' } });
    expect(refused.status).toBe(429);
    expect(refused.body.error).toMatchObject({ code: 'RATE_LIMITED', reason: 'nowplaying_push' });
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    expect((await call(`${server.url}/api/mobile/status`, { headers: { 'x-forwarded-for': client } })).status).toBe(200);
  });
});
