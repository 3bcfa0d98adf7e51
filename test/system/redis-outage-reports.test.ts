import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../support/eventually.js';
import { RedisServerProcess, redisServerInstalled } from '../support/redis-server-process.js';
import { call, checkedFetch, startTestServer, type TestServer } from '../support/test-server.js';

// The reports of issue 31 under the Redis fault rules: 503 at once with Retry-After while Redis is
// away (JSON and CSV alike), and answers again when it returns.

const ADMIN_KEY = 'admin-key-for-outage-reports-1';
const auth = { authorization: `Bearer ${ADMIN_KEY}` };

describe.skipIf(!redisServerInstalled())('the reports when Redis goes away', () => {
  let redis: RedisServerProcess;
  let server: TestServer;

  beforeAll(async () => {
    redis = await RedisServerProcess.startOnFreePort();
    server = await startTestServer({ adminApiKey: ADMIN_KEY, redis: { url: redis.url, prefix: 'outage-reports:' } });
    await eventually(async () => expect((await call(`${server.url}/readyz`)).status).toBe(200));
  });
  afterAll(async () => {
    await server?.close();
    await redis?.kill();
  });

  it('answers 503 with Retry-After at once while Redis is down, and the reports again when it is back', async () => {
    expect((await call(`${server.url}/api/admin/reports/listeners`, { headers: auth })).status).toBe(200);
    await redis.kill();
    const started = performance.now();
    const json = await call(`${server.url}/api/admin/reports/listeners`, { headers: auth });
    const csv = await checkedFetch(`${server.url}/api/admin/reports/royalties.csv`, { headers: auth });
    for (const res of [json, csv]) {
      expect(res.status).toBe(503);
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    expect(json.body.error.code).toBe('UNAVAILABLE');
    expect(performance.now() - started).toBeLessThan(5000);
    await redis.start();
    await eventually(async () => expect((await call(`${server.url}/readyz`)).status).toBe(200));
    expect((await checkedFetch(`${server.url}/api/admin/reports/listeners.csv`, { headers: auth })).status).toBe(200);
  });
});
