import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emptyStationState } from '../../src/station/model.js';
import { makeSong } from '../../src/station/song.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

const MOBILE = ['status', 'stats', 'nowplaying', 'schedule', 'playlists'].map((name) => `/api/mobile/${name}`);
const FEEDS = ['/api/current-song.php', '/api/stream-stats.php', '/api/now-playing.php'];

describe('cacheable answers: ETag, If-None-Match → 304, Cache-Control', () => {
  let server: TestServer;
  // A clock the test moves: answers carry the current second, so within one second they are equal.
  let now = Date.parse('2026-03-01T12:00:00Z');

  beforeAll(async () => {
    server = await startTestServer({ rateLimit: { mobile: { limit: 1000, windowSeconds: 3600 } } }, { clock: () => now });
  });
  afterAll(async () => {
    await server?.close();
  });

  const get = (path: string, headers: Record<string, string> = {}) => fetch(`${server.url}${path}`, { headers });
  const remaining = (response: Response) => Number(/r=(\d+)/.exec(response.headers.get('ratelimit') ?? '')?.[1]);

  it.each([...MOBILE, ...FEEDS])('%s answers 304 without a body to its own ETag', async (path) => {
    const first = await get(path);
    expect(first.status).toBe(200);
    const etag = first.headers.get('etag')!;
    // Station state is tagged weakly (what a client shows); programming by its bytes.
    expect(etag).toMatch(/^(W\/)?"[A-Za-z0-9_-]{20,}"$/);
    expect(first.headers.get('cache-control')).toMatch(/^public, max-age=\d+$/);
    const body = await first.text();
    expect(JSON.parse(body).success).toBe(true);

    const again = await get(path, { 'If-None-Match': etag });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    expect(again.headers.get('etag')).toBe(etag);
    expect(again.headers.get('cache-control')).toBe(first.headers.get('cache-control'));
    expect(again.headers.get('content-type')).toBeNull();
    if (path.startsWith('/api/mobile/')) {
      // A 304 is a request like any other: it takes from the budget and says so.
      expect(again.headers.get('ratelimit-policy')).toBe('"hourly";q=1000;w=3600');
      expect(remaining(again)).toBe(remaining(first) - 1);
    }
  });

  it('compares weakly, accepts lists and *, and sends the body to any other tag', async () => {
    const etag = (await get('/api/mobile/playlists')).headers.get('etag')!;
    expect((await get('/api/mobile/playlists', { 'If-None-Match': `W/${etag}` })).status).toBe(304);
    expect((await get('/api/mobile/playlists', { 'If-None-Match': `"other", ${etag}` })).status).toBe(304);
    expect((await get('/api/mobile/playlists', { 'If-None-Match': '*' })).status).toBe(304);
    const other = await get('/api/mobile/playlists', { 'If-None-Match': '"other"' });
    expect(other.status).toBe(200);
    expect((await other.json()).data.playlists).toBeInstanceOf(Array);
  });

  it('keeps station state’s ETag while only the clock moves, changes it with what a client shows, and gives programming a longer max-age', async () => {
    const before = await get('/api/mobile/status');
    expect(before.headers.get('etag')).toMatch(/^W\//);
    now += 1000; // the timestamp in the status answer moves on, nothing a client shows does
    const later = await get('/api/mobile/status');
    expect((await later.json()).timestamp).toBe(Number((await before.json()).timestamp) + 1);
    expect(later.headers.get('etag')).toBe(before.headers.get('etag'));
    expect((await get('/api/mobile/status', { 'If-None-Match': before.headers.get('etag')! })).status).toBe(304);
    // The strong form of the same tag matches too (If-None-Match compares weakly).
    expect((await get('/api/mobile/status', { 'If-None-Match': before.headers.get('etag')!.slice(2) })).status).toBe(304);
    await server.app.store.station.write({ ...(await server.app.store.station.read()), listeners: 7 });
    const changed = await get('/api/mobile/status', { 'If-None-Match': before.headers.get('etag')! });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(before.headers.get('etag'));
    expect((await changed.json()).data.listeners).toBe(7);
    const maxAge = async (path: string) => Number(/max-age=(\d+)/.exec((await get(path)).headers.get('cache-control')!)![1]);
    expect(await maxAge('/api/mobile/status')).toBeLessThanOrEqual(1);
    expect(await maxAge('/api/mobile/schedule')).toBeGreaterThan(await maxAge('/api/mobile/status'));
    expect(await maxAge('/api/mobile/playlists')).toBeGreaterThan(await maxAge('/api/mobile/status'));
  });

  it('answers 304 for the whole of an unchanged song, while the bodies keep timestamp, uptime and elapsed', async () => {
    await server.app.store.station.write({
      ...emptyStationState(),
      serverStatus: 'online',
      listeners: 12,
      nowPlaying: { song: makeSong('Hillsong', 'Oceans'), played_at: now / 1000 - 10 },
      streamStartedAt: now / 1000 - 7200,
      bitrateKbps: 128,
      codec: 'mp3',
    });
    const paths = ['/api/mobile/nowplaying', '/api/current-song.php', '/api/now-playing.php'];
    // These show uptime as "0d 2h 0m": their tag holds for the minute, then moves with the text.
    const uptimeShown = ['/api/mobile/status', '/api/mobile/stats', '/api/stream-stats.php'];
    const tags = new Map<string, string>();
    for (const path of [...paths, ...uptimeShown]) tags.set(path, (await get(path)).headers.get('etag')!);
    now += 59_000;
    for (const path of uptimeShown) expect((await get(path, { 'If-None-Match': tags.get(path)! })).status, path).toBe(304);
    now += 1000;
    for (const path of uptimeShown) expect((await get(path, { 'If-None-Match': tags.get(path)! })).status, path).toBe(200);
    const first = (await (await get('/api/mobile/nowplaying')).json()) as { data: { now_playing: { elapsed: number } } };
    // Four minutes of polls every 30 s: elapsed, uptime.seconds and timestamp move; every poll is a 304.
    for (let poll = 0; poll < 8; poll++) {
      now += 30_000;
      for (const path of paths) expect((await get(path, { 'If-None-Match': tags.get(path)! })).status, `${path} after ${poll + 1} polls`).toBe(304);
    }
    const full = await (await get('/api/mobile/nowplaying')).json();
    expect(full.data.now_playing.elapsed).toBe(first.data.now_playing.elapsed + 240);
    const status = await (await get('/api/mobile/status')).json();
    expect(status).toMatchObject({ timestamp: now / 1000, api_version: '1.0.0', data: { uptime: { seconds: 7200 + 300, human: '0d 2h 5m' } } });
    // The next song: a new tag everywhere the song shows.
    await server.app.store.station.write({ ...(await server.app.store.station.read()), nowPlaying: { song: makeSong('Hillsong', 'So Will I'), played_at: now / 1000 } });
    for (const path of ['/api/mobile/nowplaying', '/api/current-song.php', '/api/now-playing.php']) {
      expect((await get(path, { 'If-None-Match': tags.get(path)! })).status, path).toBe(200);
    }
  });

  it('answers HEAD with the ETag and no body', async () => {
    const head = await fetch(`${server.url}/api/mobile/nowplaying`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('etag')).toBe((await get('/api/mobile/nowplaying')).headers.get('etag'));
  });
});
