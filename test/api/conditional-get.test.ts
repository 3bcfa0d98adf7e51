import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{20,}"$/);
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

  it('gives station state a new ETag when its content changes, and programming a longer max-age', async () => {
    const before = await get('/api/mobile/status');
    now += 1000; // the timestamp in the status answer moves on
    const after = await get('/api/mobile/status', { 'If-None-Match': before.headers.get('etag')! });
    expect(after.status).toBe(200);
    expect(after.headers.get('etag')).not.toBe(before.headers.get('etag'));
    expect((await after.json()).timestamp).toBe(Number((await before.json()).timestamp) + 1);
    const maxAge = async (path: string) => Number(/max-age=(\d+)/.exec((await get(path)).headers.get('cache-control')!)![1]);
    expect(await maxAge('/api/mobile/status')).toBeLessThanOrEqual(1);
    expect(await maxAge('/api/mobile/schedule')).toBeGreaterThan(await maxAge('/api/mobile/status'));
    expect(await maxAge('/api/mobile/playlists')).toBeGreaterThan(await maxAge('/api/mobile/status'));
  });

  it('answers HEAD with the ETag and no body', async () => {
    const head = await fetch(`${server.url}/api/mobile/nowplaying`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('etag')).toBe((await get('/api/mobile/nowplaying')).headers.get('etag'));
  });
});
