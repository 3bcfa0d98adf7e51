import { createClient } from 'redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ReplyGate } from '../support/reply-gate.js';
import { deleteKeys, hasRedis, redisUrl, uniquePrefix } from '../support/redis.js';
import { call, startTestServer, type TestServer } from '../support/test-server.js';

// POST chat spends the public budget inside its Redis script (`budgetInHandler`). When the script
// ran (and counted) but its reply comes after the command timeout, the client is answered 503 and
// the edge, not knowing, spends the budget itself (in this node's memory: Redis is taken to be
// away). The late reply then says the script counted it: the client must still be charged once
// for the request, so the edge's own count is given back. Seen in the count the node keeps while
// Redis is away: a second outage in the same window goes on from it (fallback-window-counter.ts).

describe.skipIf(!hasRedis)('a handler budget counted by a script whose reply came after the timeout', () => {
  const prefix = uniquePrefix('late-reply-budget');
  const from = '203.0.113.51';
  let gate: ReplyGate;
  let server: TestServer;

  beforeAll(async () => {
    gate = await ReplyGate.before(new URL(redisUrl));
    server = await startTestServer({
      redis: { url: `redis://127.0.0.1:${gate.port}`, prefix },
      trustProxy: ['127.0.0.1'],
      rateLimit: { mobile: { limit: 10, windowSeconds: 3600 } },
    });
  });
  afterAll(async () => {
    gate?.release();
    await server?.close();
    await gate?.close();
    await deleteKeys(redisUrl, prefix);
  });

  const headers = { 'x-forwarded-for': from };
  const remaining = (response: { headers: Headers }) => Number(/r=(\d+)/.exec(response.headers.get('ratelimit') ?? '')?.[1]);
  const away = () => server.app.store.availability.awaySince() !== null;

  it('charges the request once: the script’s count stands, the edge’s is given back', async () => {
    expect((await call(`${server.url}/api/mobile/chat`, { headers, body: { nickname: 'Lydia', message: 'first' } })).status).toBe(201);
    gate.hold();
    const late = await call(`${server.url}/api/mobile/chat`, { headers, body: { nickname: 'Lydia', message: 'into the silence' } });
    expect([late.status, late.body.error.code]).toEqual([503, 'UNAVAILABLE']);
    // The script did run: Redis counted the request (read around the gate).
    expect(await countInRedis(`${prefix}ratelimit:http:${from}`)).toBe('2');
    gate.release();
    await expect.poll(away, { timeout: 10_000 }).toBe(false);

    // A second outage in the same window: the node counts on from its own count of the first.
    gate.hold();
    const during = await call(`${server.url}/api/mobile/status`, { headers });
    gate.release();
    // Charged once in the first outage (by the script, in Redis): this read is the node's first.
    expect(remaining(during)).toBe(9);
  }, 30_000);
});

async function countInRedis(key: string): Promise<string | null> {
  const client = createClient({ url: redisUrl });
  await client.connect();
  try {
    return await client.get(key);
  } finally {
    await client.close();
  }
}
