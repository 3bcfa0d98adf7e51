import { createHash } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { StripeProvider } from '../../src/payments/stripe-provider.js';
import { FakeStripe } from '../support/fake-stripe.js';
import { call, startTestServer, type TestServer } from '../support/test-server.js';

const ADMIN_KEY = 'admin-key-for-plans-0123';
const PATH = '/api/subscription/provider/create.php';
let stripe: FakeStripe;
let server: TestServer;

beforeAll(async () => {
  stripe = new FakeStripe();
  await stripe.start();
  server = await startTestServer({
    adminApiKey: ADMIN_KEY,
    stripeSecretKey: 'sk_test_radiohub123',
    payments: { stripe: { host: '127.0.0.1', port: stripe.port, protocol: 'http' } },
  });
});
afterAll(async () => {
  await server?.close();
  await stripe?.close();
});
beforeEach(() => {
  stripe.calls.length = 0;
  stripe.failWith = null;
  stripe.cutConnections = false;
});

const plan = { name: 'Monthly Supporter', amount: 999, currency: 'usd', interval: 'month', description: 'Keep the music playing' };
const create = (body: unknown, headers: Record<string, string> = {}) => call(`${server.url}${PATH}`, { body, headers: { authorization: `Bearer ${ADMIN_KEY}`, ...headers } });

describe('creating a subscription plan through the Stripe SDK', () => {
  it('creates a Product and a recurring Price, and answers 201 with the plan', async () => {
    const res = await create(plan);
    expect(res.status).toBe(201);
    expect(res.body.data).toEqual({
      provider: 'stripe',
      plan_id: expect.stringMatching(/^price_/),
      product_id: expect.stringMatching(/^prod_/),
      amount: 999,
      currency: 'USD',
      interval: 'month',
      interval_count: 1,
      created_at: expect.any(Number),
    });
    const [product, price] = stripe.calls;
    expect(product).toMatchObject({ method: 'POST', path: '/v1/products', params: { name: 'Monthly Supporter', description: 'Keep the music playing' } });
    expect(price).toMatchObject({
      method: 'POST',
      path: '/v1/prices',
      params: { product: res.body.data.product_id, unit_amount: '999', currency: 'usd', 'recurring[interval]': 'month', 'recurring[interval_count]': '1' },
    });
    expect(product!.headers.authorization).toBe('Bearer sk_test_radiohub123');
    expect(product!.headers['stripe-version']).toEqual(expect.any(String));
    expect(product!.headers['user-agent']).toMatch(/^Stripe\/v1 NodeBindings/);
  });

  it('passes the Idempotency-Key on, so a retried request creates nothing new', async () => {
    const first = await create({ ...plan, interval: 'year', interval_count: 1 }, { 'idempotency-key': 'plan-yearly-1' });
    const retry = await create({ ...plan, interval: 'year', interval_count: 1 }, { 'idempotency-key': 'plan-yearly-1' });
    expect(retry.body.data.plan_id).toBe(first.body.data.plan_id);
    expect(retry.body.data.product_id).toBe(first.body.data.product_id);
    const hash = createHash('sha256').update('plan-yearly-1').digest('hex');
    expect(stripe.calls.map((c) => [c.path, c.headers['idempotency-key']])).toEqual([
      ['/v1/products', `radio-hub:plan-product:${hash}`],
      ['/v1/prices', `radio-hub:plan-price:${hash}`],
      ['/v1/products', `radio-hub:plan-product:${hash}`],
      ['/v1/prices', `radio-hub:plan-price:${hash}`],
    ]);
  });

  it('never lets a client key collide with the key derived from another (`k` then `k:product`): two plans, no 409, no orphan Product', async () => {
    // Stripe keeps one key space per account: before, `k`'s Product went out as `k:product`, which
    // the plan of key `k:product` then sent for its Price: 409 after its own Product was made.
    const first = await create({ ...plan, name: 'Weekly Supporter', interval: 'week' }, { 'idempotency-key': 'k' });
    const second = await create({ ...plan, name: 'Daily Supporter', interval: 'day' }, { 'idempotency-key': 'k:product' });
    expect([first.status, second.status]).toEqual([201, 201]);
    expect(second.body.data.plan_id).not.toBe(first.body.data.plan_id);
    const keys = stripe.calls.map((c) => c.headers['idempotency-key']);
    expect(new Set(keys).size).toBe(4);
    for (const key of keys) expect(String(key).length).toBeLessThanOrEqual(255);
    // Every Product made is named by a Price: nothing left at Stripe that no plan uses.
    const products = stripe.made.filter((m) => m.id.startsWith('prod_')).map((m) => m.id);
    const priced = new Set(stripe.made.map((m) => m.product));
    expect(products.filter((id) => !priced.has(id))).toEqual([]);
  });

  it('answers 409 when a key comes back with another plan (Stripe refuses to replay it)', async () => {
    expect((await create(plan, { 'idempotency-key': 'plan-reused' })).status).toBe(201);
    const other = await create({ ...plan, amount: 1999 }, { 'idempotency-key': 'plan-reused' });
    expect(other.status).toBe(409);
    expect(other.body.error.code).toBe('IDEMPOTENCY_CONFLICT');
  });

  it('writes each plan created to the audit log, with who asked', async () => {
    const res = await create({ ...plan, name: 'Audited Supporter', amount: 1234 });
    expect(res.status).toBe(201);
    const audit = await call(`${server.url}/api/admin/audit`, { headers: { authorization: `Bearer ${ADMIN_KEY}` } });
    const target = `plan stripe:${res.body.data.plan_id}`;
    expect(audit.body.data.entries.filter((e: { target: string }) => e.target === target)).toEqual([
      expect.objectContaining({
        actor: 'admin',
        role: 'admin',
        action: 'plan.create',
        detail: `1234 USD (minor units) every 1 month, product ${res.body.data.product_id}: "Audited Supporter"`,
      }),
    ]);
  });

  it('turns Stripe’s validation errors into 400 with Stripe’s message', async () => {
    stripe.failWith = { status: 400, error: { type: 'invalid_request_error', message: 'Invalid recurring[interval_count]: must be at most 1 year', param: 'recurring[interval_count]' } };
    const res = await create({ ...plan, interval: 'year', interval_count: 3 });
    expect(res.status).toBe(400);
    expect(res.body.error).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'Invalid recurring[interval_count]: must be at most 1 year',
      details: [{ field: 'recurring[interval_count]', message: 'Invalid recurring[interval_count]: must be at most 1 year' }],
    });
  });

  it('answers 503 when Stripe cannot be reached', async () => {
    stripe.cutConnections = true;
    const res = await create(plan);
    expect(res.status).toBe(503);
    expect(res.body.error.code).toBe('UNAVAILABLE');
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('refuses bad amounts, currencies and intervals before calling Stripe', async () => {
    for (const [body, field] of [
      [{ ...plan, amount: 9.99 }, 'amount'],
      [{ ...plan, amount: 0 }, 'amount'],
      [{ ...plan, amount: '999' }, 'amount'],
      [{ ...plan, currency: 'dollars' }, 'currency'],
      [{ ...plan, currency: 'ABC' }, 'currency'],
      [{ ...plan, interval: 'fortnight' }, 'interval'],
      [{ ...plan, interval_count: 0 }, 'interval_count'],
      [{ amount: 999, currency: 'usd', interval: 'month' }, 'name'],
    ] as const) {
      const res = await create(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.details).toEqual(expect.arrayContaining([expect.objectContaining({ field })]));
    }
    expect(stripe.calls).toHaveLength(0);
  });

  it('needs the admin key', async () => {
    expect((await call(`${server.url}${PATH}`, { body: plan })).status).toBe(401);
    expect((await call(`${server.url}${PATH}`, { body: plan, headers: { authorization: 'Bearer wrong' } })).status).toBe(401);
    expect(stripe.calls).toHaveLength(0);
  });
});

describe('without a Stripe key', () => {
  it('answers 503: no provider configured', async () => {
    const bare = await startTestServer({ adminApiKey: ADMIN_KEY });
    try {
      const res = await call(`${bare.url}${PATH}`, { body: plan, headers: { authorization: `Bearer ${ADMIN_KEY}` } });
      expect(res.status).toBe(503);
      expect(res.body.error.message).toMatch(/STRIPE_SECRET_KEY/);
    } finally {
      await bare.close();
    }
  });

  it('uses a provider handed to createApp instead of building one from config', async () => {
    const payments = new StripeProvider({ secretKey: 'sk_test_injected456', host: '127.0.0.1', port: stripe.port, protocol: 'http' });
    const injected = await startTestServer({ adminApiKey: ADMIN_KEY }, { payments });
    try {
      const res = await call(`${injected.url}${PATH}`, { body: plan, headers: { authorization: `Bearer ${ADMIN_KEY}` } });
      expect(res.status).toBe(201);
      expect(res.body.data).toMatchObject({ provider: 'stripe', plan_id: expect.stringMatching(/^price_/) });
      expect(stripe.calls.map((c) => c.headers.authorization)).toEqual(['Bearer sk_test_injected456', 'Bearer sk_test_injected456']);
    } finally {
      await injected.close();
    }
  });
});
