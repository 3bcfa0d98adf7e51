import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestServer, type TestServer } from '../support/test-server.js';

// Which routes cost what (each names its budget, route.ts `budget`): the public API spends the
// client's budget, staff and operations never do.

const KEY = 'path-budget-test-key-0123';
const auth = { authorization: `Bearer ${KEY}` };

describe('the public API budget and the routes that name it', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ adminApiKey: KEY, requests: { delaySeconds: 0, thresholdSeconds: 0 }, rateLimit: { mobile: { limit: 50, windowSeconds: 600 } } });
  });
  afterAll(() => server?.close());

  const remaining = (answer: { headers: Headers }) => Number(/;r=(\d+);/.exec(answer.headers.get('ratelimit') ?? '')?.[1]);

  it('covers every mobile route and song-request.php, and no staff route', () => {
    const routes = server.app.http.routes;
    const budgeted = routes.filter((route) => server.app.http.table.budgetOf(route)?.name === 'public');
    expect(budgeted.length).toBeGreaterThan(8);
    for (const route of budgeted) expect(route.auth, `${route.method} ${route.path}`).toBeUndefined();
    expect(budgeted.map((route) => route.path)).toContain('/api/song-request.php');
    for (const route of routes.filter((r) => r.path.startsWith('/api/mobile/'))) expect(budgeted).toContain(route);
    expect(routes.filter((route) => route.auth === 'admin').length).toBeGreaterThan(5);
    expect(new Set(budgeted.map((route) => (route.path.startsWith('/api/mobile/') ? '/api/mobile/' : route.path)))).toEqual(new Set(['/api/mobile/', '/api/song-request.php']));
  });

  it('spends one per public request, song-request.php included, with the RateLimit headers on each', async () => {
    const first = await call(`${server.url}/api/mobile/status`);
    expect(first.headers.get('ratelimit-policy')).toBe('"mobile";q=50;w=600');
    const php = await call(`${server.url}/api/song-request.php`, { body: { song_title: 'Oceans', artist: 'Hillsong United' } });
    expect(php.status).toBe(201);
    expect(php.headers.get('ratelimit-policy')).toBe('"mobile";q=50;w=600');
    expect(remaining(php)).toBe(remaining(first) - 1);
  });

  it('never spends it on staff calls (admin routes, right key or wrong), health or pages', async () => {
    const before = remaining(await call(`${server.url}/api/mobile/playlists`));
    for (let i = 0; i < 5; i++) {
      const staff = await call(`${server.url}/api/admin/station`, { headers: auth });
      expect(staff.status).toBe(200);
      expect(staff.headers.get('ratelimit')).toBeNull();
      expect(staff.headers.get('ratelimit-policy')).toBeNull();
    }
    const revenue = await call(`${server.url}/api/analytics/revenue.php`, { headers: auth });
    expect(revenue.headers.get('ratelimit')).toBeNull();
    expect((await call(`${server.url}/healthz`)).headers.get('ratelimit')).toBeNull();
    const after = remaining(await call(`${server.url}/api/mobile/playlists`));
    expect(after).toBe(before - 1);
  });
});
