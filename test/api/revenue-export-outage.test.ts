import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RedisServerProcess, redisServerInstalled } from '../support/redis-server-process.js';
import { call, startTestServer, type TestServer } from '../support/test-server.js';

// The new doors of issue 32 under the Redis fault rules: with the store gone, the revenue CSV and
// a programme edit carrying If-Match answer 503 with Retry-After at once (the command timeout and
// the outage state of the connection set), never a hang, a 500 or a half-written change.

const ADMIN_KEY = 'admin-key-for-export-outage-01';
const auth = { authorization: `Bearer ${ADMIN_KEY}` };

describe.skipIf(!redisServerInstalled())('the revenue CSV and programme edits while Redis is away (a private Redis)', () => {
  let redis: RedisServerProcess;
  let server: TestServer;
  beforeAll(async () => {
    redis = await RedisServerProcess.startOnFreePort();
    server = await startTestServer({ adminApiKey: ADMIN_KEY, schedule: { shows: [], events: [] }, playlists: [], redis: { url: redis.url, prefix: 'outage:' } });
  });
  afterAll(async () => {
    await server?.close();
    await redis?.kill();
  });

  it('answers 503 with Retry-After, and works again once Redis is back', async () => {
    expect((await call(`${server.url}/api/analytics/revenue.php`, { body: { event_id: 'gift', type: 'donation', amount: 500, currency: 'USD' }, headers: auth })).status).toBe(201);
    const etag = (await call(`${server.url}/api/admin/programme`, { headers: auth })).headers.get('etag')!;
    await redis.kill();

    const csv = await call(`${server.url}/api/admin/revenue/events.csv`, { headers: auth });
    expect(csv.status).toBe(503);
    expect(csv.body.error.code).toBe('UNAVAILABLE');
    expect(Number(csv.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    const edit = await call(`${server.url}/api/admin/programme/shows/evening`, {
      method: 'PUT',
      body: { id: 'evening', title: 'Evening', days: ['mon'], start: '20:00', end: '21:00' },
      headers: { ...auth, 'if-match': etag },
    });
    expect(edit.status).toBe(503);

    await redis.start();
    await expect.poll(async () => (await fetch(`${server.url}/api/admin/revenue/events.csv`, { headers: auth })).status, { timeout: 15_000 }).toBe(200);
    // The refused edit left nothing behind: the stored programme is still the one the ETag names.
    expect((await call(`${server.url}/api/admin/programme`, { headers: auth })).headers.get('etag')).toBe(etag);
  }, 60_000);
});
