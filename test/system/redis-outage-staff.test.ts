import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../support/eventually.js';
import { RedisServerProcess, redisServerInstalled } from '../support/redis-server-process.js';
import { call, startTestServer, type TestServer } from '../support/test-server.js';

// The staff doors of issue 21 under the Redis fault rules: 503 at once with Retry-After while Redis
// is away, nothing half-written, and the same requests succeed when it returns (to an empty Redis) (a Stripe retry then records the payment once).

const ADMIN_KEY = 'admin-key-for-outage-staff-01';
const SECRET = 'whsec_outage_staff_0123456789';
const auth = { authorization: `Bearer ${ADMIN_KEY}` };
const SHOW = { id: 'evening', title: 'Evening Psalms', days: ['mon'], start: '20:00', end: '21:00' };

describe.skipIf(!redisServerInstalled())('the programme and the payment webhook when Redis goes away', () => {
  let redis: RedisServerProcess;
  let server: TestServer;

  beforeAll(async () => {
    redis = await RedisServerProcess.startOnFreePort();
    server = await startTestServer({ adminApiKey: ADMIN_KEY, stripeWebhookSecret: SECRET, schedule: { shows: [], events: [] }, redis: { url: redis.url, prefix: 'outage-staff:' } });
    await eventually(async () => expect((await call(`${server.url}/readyz`)).status).toBe(200));
  });
  afterAll(async () => {
    await server?.close();
    await redis?.kill();
  });

  const payload = JSON.stringify({
    id: 'evt_outage',
    object: 'event',
    created: Math.floor(Date.now() / 1000),
    type: 'invoice.paid',
    data: { object: { id: 'in_outage', object: 'invoice', amount_paid: 700, currency: 'usd' } },
  });
  const deliver = () =>
    call(`${server.url}/api/payments/stripe/webhook`, { body: payload, headers: { 'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET }) } });
  const putShow = () => call(`${server.url}/api/admin/programme/shows/evening`, { method: 'PUT', body: SHOW, headers: auth });

  it('answers 503 with Retry-After for an edit and a payment while Redis is down', async () => {
    await redis.kill();
    const started = performance.now();
    for (const res of [await putShow(), await deliver()]) {
      expect(res.status).toBe(503);
      expect(res.body.error.code).toBe('UNAVAILABLE');
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    // At once: the store's command timeout, not a hang.
    expect(performance.now() - started).toBeLessThan(5000);
  });

  it('takes the edit and records the retried payment once when Redis returns', async () => {
    await redis.start();
    await eventually(async () => expect((await call(`${server.url}/readyz`)).status).toBe(200));
    expect((await putShow()).status).toBe(200);
    expect((await call(`${server.url}/api/mobile/schedule`)).body.data.shows.map((s: { id: string }) => s.id)).toEqual(['evening']);
    expect((await deliver()).body.data).toMatchObject({ recorded: true });
    expect((await deliver()).body.data).toMatchObject({ recorded: false, duplicate: true });
    const totals = (await call(`${server.url}/api/analytics/revenue.php`, { headers: auth })).body.data.totals;
    expect(totals).toEqual([{ currency: 'USD', amount: 700, count: 1 }]);
  });
});
