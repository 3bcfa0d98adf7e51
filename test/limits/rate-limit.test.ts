import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteKeys, hasRedis, redisUrl, uniquePrefix } from '../support/redis.js';
import { call, startTestServer, type TestServer } from '../support/test-server.js';

const MOBILE_GETS = ['status', 'stats', 'chat', 'requests', 'nowplaying', 'schedule', 'playlists'];

describe('mobile rate limit: 100 requests per hour per IP (the defaults)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({}, { realLimits: true });
  });
  afterAll(() => server.close());

  it('counts every mobile endpoint, sends RateLimit headers, and refuses the 101st with 429', async () => {
    for (let i = 1; i <= 100; i++) {
      const res = await call(`${server.url}/api/mobile/${MOBILE_GETS[i % MOBILE_GETS.length]}`);
      expect(res.status, `request ${i}`).toBe(200);
      expect(res.headers.get('ratelimit-policy')).toBe('"hourly";q=100;w=3600');
      expect(res.headers.get('ratelimit')).toMatch(new RegExp(`^"hourly";r=${100 - i};t=\\d+$`));
    }
    // health checks are not part of the budget
    expect((await call(`${server.url}/healthz`)).status).toBe(200);
    const refused = await call(`${server.url}/api/mobile/status`);
    expect(refused.status).toBe(429);
    // The reason tells the spent hour apart from the other 429s, without reading the English.
    expect(refused.body).toEqual({
      success: false,
      error: { code: 'RATE_LIMITED', reason: 'hourly_budget', message: expect.stringMatching(/^This hour's requests from your network \(everyone on your address\) are used up/) },
    });
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(3500);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(refused.headers.get('ratelimit')).toMatch(/^"hourly";r=0;t=\d+$/);
    // a POST is refused too, whatever its body
    expect((await call(`${server.url}/api/mobile/chat`, { body: { nickname: 'grace', message: 'hi' } })).status).toBe(429);
  });

  it('ignores X-Forwarded-For unless the peer is a trusted proxy', async () => {
    const spoofed = await call(`${server.url}/api/mobile/status`, { headers: { 'x-forwarded-for': '203.0.113.9' } });
    expect(spoofed.status).toBe(429);
  });
});

describe('behind a trusted proxy', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ trustProxy: ['127.0.0.0/8'], rateLimit: { mobile: { limit: 2, windowSeconds: 60 } } });
  });
  afterAll(() => server.close());

  it('gives each forwarded client its own budget', async () => {
    const as = (ip: string) => call(`${server.url}/api/mobile/status`, { headers: { 'x-forwarded-for': `${ip}, 127.0.0.1` } });
    expect((await as('203.0.113.1')).status).toBe(200);
    expect((await as('203.0.113.1')).status).toBe(200);
    expect((await as('203.0.113.1')).status).toBe(429);
    expect((await as('203.0.113.2')).status).toBe(200);
    expect((await as('203.0.113.2')).headers.get('ratelimit-policy')).toBe('"mobile";q=2;w=60');
  });
});

describe.skipIf(!hasRedis)('several nodes on one Redis', () => {
  const prefix = uniquePrefix('ratelimit');
  let a: TestServer;
  let b: TestServer;
  beforeAll(async () => {
    const config = { redis: { url: redisUrl, prefix }, rateLimit: { mobile: { limit: 10, windowSeconds: 60 } } };
    [a, b] = await Promise.all([startTestServer(config), startTestServer(config)]);
  });
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
    await deleteKeys(redisUrl, prefix);
  });

  it('share one budget per client', async () => {
    const statuses = [];
    for (let i = 0; i < 11; i++) statuses.push((await call(`${(i % 2 ? a : b).url}/api/mobile/playlists`)).status);
    expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true);
    expect(statuses[10]).toBe(429);
    expect((await call(`${a.url}/api/mobile/playlists`)).status).toBe(429);
  });
});
