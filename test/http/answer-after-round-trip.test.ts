import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteKeys, serverStores } from '../support/redis.js';
import { call, checkedFetch, startTestServer, type TestServer } from '../support/test-server.js';

// On Redis a public GET is answered after its budget's round trip, outside the uWS callback: what
// the answer needs of the request (the query, the Origin CORS echoes) is kept past the callback
// only where the route or the CORS policy reads it. Both stores, so both paths are held to it.
describe.each(serverStores('answer-after-round-trip'))('what the answer reads of the request, $name store', ({ available, redis }) => {
  const ORIGIN = 'https://app.example';
  let server: TestServer;

  beforeAll(async () => {
    if (!available) return;
    server = await startTestServer({ server: { corsOrigins: [ORIGIN] }, ...(redis ? { redis } : {}) });
    for (const n of [1, 2, 3]) expect((await call(`${server.url}/api/mobile/chat`, { method: 'POST', body: { nickname: 'Tester', message: `message ${n}` } })).status).toBe(201);
  });
  afterAll(async () => {
    if (!available) return;
    await server.close();
    if (redis) await deleteKeys(redis.url, redis.prefix);
  });

  it.skipIf(!available)('echoes a listed Origin, with Vary: Origin and the RateLimit headers, and names no other', async () => {
    const listed = await checkedFetch(`${server.url}/api/mobile/status`, { headers: { origin: ORIGIN } });
    expect(listed.status).toBe(200);
    expect(listed.headers.get('access-control-allow-origin')).toBe(ORIGIN);
    expect(listed.headers.get('vary')).toBe('Origin');
    expect(listed.headers.get('ratelimit')).toMatch(/^"[^"]+";r=\d+;t=\d+$/);
    expect(listed.headers.get('x-request-id')).not.toBeNull();
    const other = await checkedFetch(`${server.url}/api/mobile/nowplaying`, { headers: { origin: 'https://elsewhere.example' } });
    expect(other.status).toBe(200);
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
    expect(other.headers.get('vary')).toBe('Origin');
  });

  it.skipIf(!available)("reads a route's query after the round trip: the limit is kept, a bad one is refused in the envelope", async () => {
    const page = await call(`${server.url}/api/mobile/chat?limit=2`);
    expect(page.status).toBe(200);
    expect((page.body as { data: { messages: Array<{ message: string }> } }).data.messages.map((m) => m.message)).toEqual(['message 2', 'message 3']);
    const refused = await call(`${server.url}/api/mobile/chat?limit=many`);
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ success: false, error: { code: 'VALIDATION_FAILED' } });
  });
});
