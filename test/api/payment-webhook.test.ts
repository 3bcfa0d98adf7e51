import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteKeys, redisUrl, serverStores } from '../support/redis.js';
import { call, startTestServer, type TestServer } from '../support/test-server.js';

// Stripe's webhook, signed by the SDK's own test helper (webhooks.generateTestHeaderString), on
// both stores: each payment is recorded once however often Stripe delivers it, and nothing is
// recorded from a bad signature, an altered body or an oversized one.

const ADMIN_KEY = 'admin-key-for-payments-01';
const SECRET = 'whsec_test_radio_hub_0123456789';
const PATH = '/api/payments/stripe/webhook';
const REVENUE = '/api/analytics/revenue.php';

const backends = serverStores('payhook');

/** A Stripe event as Stripe sends it (the fields we read, and some we do not). */
function stripeEvent(id: string, type: string, object: Record<string, unknown> | undefined, previous?: Record<string, unknown>, created: unknown = Math.floor(Date.now() / 1000)): string {
  return JSON.stringify(
    {
      id,
      object: 'event',
      api_version: '2025-10-29.clover',
      created,
      type,
      livemode: false,
      pending_webhooks: 1,
      request: { id: null },
      data: { object, ...(previous ? { previous_attributes: previous } : {}) },
    },
    null,
    2,
  );
}

const checkout = (id: string, amount: number, currency = 'usd') =>
  stripeEvent(id, 'checkout.session.completed', { id: `cs_${id}`, object: 'checkout.session', mode: 'payment', payment_status: 'paid', amount_total: amount, currency });

describe.each(backends)('Stripe webhook ($name store)', (backend) => {
  if (!backend.available) {
    it.skip('skipped: no Redis answers at REDIS_URL (see the note printed at start)', () => undefined);
    return;
  }
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      adminApiKey: ADMIN_KEY,
      stripeWebhookSecret: SECRET,
      station: { timezone: 'Europe/Madrid' },
      payments: { webhookBodyLimitBytes: 8192 },
      ...(backend.redis ? { redis: backend.redis } : {}),
    });
  });
  afterAll(async () => {
    await server?.close();
    if (backend.redis) await deleteKeys(redisUrl, backend.redis.prefix);
  });

  const deliver = (payload: string, signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET })) =>
    call(server.url + PATH, { body: payload, headers: { 'stripe-signature': signature, 'content-type': 'application/json; charset=utf-8' } });
  const totals = async () => {
    const res = await call(server.url + REVENUE, { headers: { authorization: `Bearer ${ADMIN_KEY}` } });
    expect(res.status).toBe(200);
    return res.body.data as {
      days: Array<{ currency: string; amount: number; count: number; types: Array<{ type: string; amount: number; count: number }> }>;
      totals: Array<{ currency: string; amount: number; count: number }>;
    };
  };
  const total = async (currency: string) => (await totals()).totals.find((t) => t.currency === currency) ?? { amount: 0, count: 0 };
  const auditOf = async (target: string) => {
    const res = await call(`${server.url}/api/admin/audit`, { headers: { authorization: `Bearer ${ADMIN_KEY}` } });
    return (res.body.data.entries as Array<{ actor: string; role: string; action: string; target: string; detail: string }>).filter((e) => e.target === target);
  };

  it('records a paid one-off checkout as a donation once, however often it is delivered', async () => {
    const payload = checkout('evt_checkout_1', 2500);
    const first = await deliver(payload);
    expect(first.status).toBe(200);
    expect(first.body.data).toEqual({ event_id: 'evt_checkout_1', recorded: true, duplicate: false, revenue_event_id: 'stripe:evt_checkout_1' });
    // Stripe retries (and replays from the dashboard) sign the same event again, with a new timestamp.
    const replays = await Promise.all(Array.from({ length: 5 }, () => deliver(payload)));
    for (const replay of replays) expect(replay.body.data).toMatchObject({ recorded: false, duplicate: true, revenue_event_id: 'stripe:evt_checkout_1' });
    expect(await total('USD')).toMatchObject({ amount: 2500, count: 1 });
    const day = (await totals()).days.find((d) => d.currency === 'USD')!;
    expect(day.types).toEqual([{ type: 'donation', amount: 2500, count: 1 }]);
  });

  it('records invoice.paid as a subscription and a refund as a negative event of the amount refunded this time', async () => {
    expect((await deliver(stripeEvent('evt_invoice_1', 'invoice.paid', { id: 'in_1', object: 'invoice', amount_paid: 1000, currency: 'eur' }))).body.data.recorded).toBe(true);
    // Two partial refunds of one charge: amount_refunded is cumulative, each event records its own part.
    const charge = (refunded: number) => ({ id: 'ch_1', object: 'charge', amount: 1000, amount_refunded: refunded, currency: 'eur', invoice: 'in_1' });
    expect((await deliver(stripeEvent('evt_refund_1', 'charge.refunded', charge(300), { amount_refunded: 0 }))).body.data.recorded).toBe(true);
    expect((await deliver(stripeEvent('evt_refund_2', 'charge.refunded', charge(500), { amount_refunded: 300 }))).body.data.recorded).toBe(true);
    expect(await total('EUR')).toMatchObject({ amount: 500, count: 3 });
    const day = (await totals()).days.find((d) => d.currency === 'EUR')!;
    expect(day.types).toEqual([{ type: 'subscription', amount: 500, count: 3 }]);
  });

  it('acknowledges events that record nothing (a subscription checkout, another type) without recording', async () => {
    const before = await totals();
    const subscriptionCheckout = stripeEvent('evt_sub_checkout', 'checkout.session.completed', {
      id: 'cs_sub',
      object: 'checkout.session',
      mode: 'subscription',
      payment_status: 'paid',
      amount_total: 900,
      currency: 'usd',
    });
    expect((await deliver(subscriptionCheckout)).body.data).toEqual({ event_id: 'evt_sub_checkout', recorded: false, duplicate: false, revenue_event_id: null });
    expect((await deliver(stripeEvent('evt_customer', 'customer.created', { id: 'cus_1', object: 'customer' }))).status).toBe(200);
    expect(await totals()).toEqual(before);
  });

  it('refuses a bad signature, a wrong secret, an altered body and a missing header with 400, recording nothing', async () => {
    const before = await totals();
    const payload = checkout('evt_forged', 99_999);
    const wrongSecret = Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_someone_else' });
    const good = Stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET });
    const stale = Stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET, timestamp: Math.floor(Date.now() / 1000) - 3600 });
    for (const res of [
      await deliver(payload, wrongSecret),
      await deliver(payload.replace('99999', '99998'), good),
      await deliver(payload, stale),
      await deliver(payload, 't=1,v1=deadbeef'),
      await call(server.url + PATH, { body: payload }),
    ]) {
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ success: false, error: { code: 'VALIDATION_FAILED' } });
    }
    // Signed but not an event of a kind we can read: refused, nothing half-written.
    const noAmount = stripeEvent('evt_no_amount', 'invoice.paid', { id: 'in_x', object: 'invoice', amount_paid: 12.5, currency: 'usd' });
    expect((await deliver(noAmount)).status).toBe(400);
    expect(await totals()).toEqual(before);
    // The same event, now signed right, is recorded: a refusal lost nothing.
    expect((await deliver(payload)).body.data.recorded).toBe(true);
  });

  it('audits each payment recorded under the provider as its actor (role payment-provider, not staff), once however often it is delivered', async () => {
    const payload = checkout('evt_audited', 700, 'gbp');
    expect((await deliver(payload)).body.data.recorded).toBe(true);
    expect((await deliver(payload)).body.data.duplicate).toBe(true);
    expect(await auditOf('donation stripe:evt_audited')).toEqual([
      expect.objectContaining({ actor: 'stripe', role: 'payment-provider', action: 'revenue.entry', detail: '700 GBP (minor units)' }),
    ]);
  });

  it('refuses a signed but malformed refund with 400 before writing anything, so the corrected retry is still counted', async () => {
    const before = await total('CHF');
    expect((await deliver(stripeEvent('evt_chf_paid', 'invoice.paid', { id: 'in_chf', object: 'invoice', amount_paid: 1000, currency: 'chf' }))).status).toBe(200);
    const charge = { id: 'ch_chf', object: 'charge', amount: 1000, amount_refunded: 400, currency: 'chf' };
    // Before: "x" and 50.5 answered 500 after the script had stored the event (the retry was a 200 duplicate, the refund never summed).
    for (const previous of ['x', 50.5, -1e20, 2 ** 53 + 2, -100]) {
      const res = await deliver(stripeEvent('evt_chf_refund', 'charge.refunded', charge, { amount_refunded: previous }));
      expect(res.status, JSON.stringify(previous)).toBe(400);
      expect(res.body).toMatchObject({ success: false, error: { code: 'VALIDATION_FAILED', details: [{ field: 'data.previous_attributes.amount_refunded' }] } });
    }
    const corrected = await deliver(stripeEvent('evt_chf_refund', 'charge.refunded', charge, { amount_refunded: 0 }));
    expect(corrected.body.data).toMatchObject({ recorded: true, duplicate: false });
    expect(await total('CHF')).toMatchObject({ amount: before.amount + 600, count: before.count + 2 });
  });

  it('refuses with 400 (not 500, on every retry) an event without currency, without data.object, or with a time no report reaches', async () => {
    const before = await totals();
    const charge = { id: 'ch_bad', object: 'charge', amount: 1000, amount_refunded: 1000 };
    const cases: Array<[string, string]> = [
      [stripeEvent('evt_no_currency', 'charge.refunded', charge, { amount_refunded: 0 }), 'data.object.currency'],
      [stripeEvent('evt_no_object', 'charge.refunded', undefined), 'data.object'],
      [stripeEvent('evt_far_past', 'invoice.paid', { id: 'in_past', object: 'invoice', amount_paid: 100, currency: 'usd' }, undefined, -1e20), 'created'],
      [stripeEvent('evt_negative', 'invoice.paid', { id: 'in_neg', object: 'invoice', amount_paid: 100, currency: 'usd' }, undefined, -1), 'created'],
      [stripeEvent('evt_year_10000', 'invoice.paid', { id: 'in_far', object: 'invoice', amount_paid: 100, currency: 'usd' }, undefined, 253_402_300_800), 'created'],
      [stripeEvent('evt_text_created', 'invoice.paid', { id: 'in_text', object: 'invoice', amount_paid: 100, currency: 'usd' }, undefined, '1767225600'), 'created'],
      // The ISO 4217 check the webhook used to skip: "us|d" split the daily key.
      [checkout('evt_pipe_currency', 100, 'us|d'), 'data.object.currency'],
      [checkout('evt_made_up_currency', 100, 'xyz'), 'data.object.currency'],
      [checkout('evt_mixed_case', 100, 'Usd'), 'data.object.currency'],
      // Amounts: integers of minor units within the shared bound, never rounded.
      [checkout('evt_jpy_huge', 2 ** 53 + 2, 'jpy'), 'data.object.amount_total'],
      [checkout('evt_jpy_over', 1_000_000_000_001, 'jpy'), 'data.object.amount_total'],
      [checkout('evt_fraction', 10.5), 'data.object.amount_total'],
      [stripeEvent('evt_text_amount', 'invoice.paid', { id: 'in_t', object: 'invoice', amount_paid: '100', currency: 'usd' }), 'data.object.amount_paid'],
      [stripeEvent('evt_refund_text', 'charge.refunded', { ...charge, currency: 'usd', amount_refunded: '5' }, { amount_refunded: 0 }), 'data.object.amount_refunded'],
    ];
    for (const [payload, field] of cases) {
      for (let attempt = 0; attempt < 2; attempt++) {
        const res = await deliver(payload);
        expect(res.status, payload).toBe(400);
        expect(
          res.body.error.details.map((d: { field: string }) => d.field),
          payload,
        ).toContain(field);
      }
    }
    expect(await totals()).toEqual(before);
    // A JPY amount at the bound is taken and reported exactly.
    expect((await deliver(checkout('evt_jpy_max', 1_000_000_000_000, 'jpy'))).body.data.recorded).toBe(true);
    expect(await total('JPY')).toMatchObject({ amount: 1_000_000_000_000, count: 1 });
  });

  it('refuses an oversized body with 413 and a non-JSON one with 415, and never spends the public budget', async () => {
    const big = checkout('evt_big', 100).replace('"livemode"', `"padding": "${'x'.repeat(10_000)}", "livemode"`);
    expect((await deliver(big)).status).toBe(413);
    const res = await call(server.url + PATH, { body: 'x', headers: { 'content-type': 'text/plain', 'stripe-signature': 't=1,v1=00' } });
    expect(res.status).toBe(415);
    expect(res.headers.get('ratelimit')).toBeNull();
  });
});

describe('Stripe webhook without a signing secret', () => {
  it('answers 503 (Stripe retries later) and records nothing', async () => {
    const server = await startTestServer({ adminApiKey: ADMIN_KEY });
    try {
      const payload = checkout('evt_unconfigured', 100);
      const res = await call(server.url + PATH, { body: payload, headers: { 'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET }) } });
      expect(res.status).toBe(503);
    } finally {
      await server.close();
    }
  });
});

describe('Stripe webhook budget', () => {
  it('answers 429 with Retry-After past the per-client budget', async () => {
    const server = await startTestServer({ stripeWebhookSecret: SECRET, rateLimit: { paymentWebhook: { limit: 3, windowSeconds: 60 } } });
    try {
      const payload = stripeEvent('evt_budget', 'customer.created', { id: 'cus_2', object: 'customer' });
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) {
        const res = await call(server.url + PATH, { body: payload, headers: { 'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET }) } });
        statuses.push(res.status);
        if (res.status === 429) expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
      }
      expect(statuses).toEqual([200, 200, 200, 429, 429]);
    } finally {
      await server.close();
    }
  });
});

describe.each(backends)("Stripe's ids are Stripe's ($name store)", (backend) => {
  if (!backend.available) {
    it.skip('skipped: no Redis answers at REDIS_URL (see the note printed at start)', () => undefined);
    return;
  }
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ adminApiKey: ADMIN_KEY, stripeWebhookSecret: SECRET, ...(backend.redis ? { redis: { ...backend.redis, prefix: `${backend.redis.prefix}ids:` } } : {}) });
  });
  afterAll(async () => {
    await server?.close();
    if (backend.redis) await deleteKeys(redisUrl, `${backend.redis.prefix}ids:`);
  });

  it('refuses staff an event_id or Idempotency-Key in the stripe: namespace (400), so Stripe’s own event is still recorded', async () => {
    const staff = (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
      call(server.url + REVENUE, { body, headers: { authorization: `Bearer ${ADMIN_KEY}`, ...headers } });
    const entry = { type: 'donation', amount: 500, currency: 'USD' };
    for (const [res, field] of [
      [await staff({ ...entry, event_id: 'stripe:evt_taken' }), 'event_id'],
      [await staff({ ...entry, event_id: 'Stripe:evt_taken' }), 'event_id'],
      [await staff(entry, { 'idempotency-key': 'stripe:evt_taken' }), 'Idempotency-Key'],
    ] as const) {
      expect(res.status).toBe(400);
      expect(res.body.error.details.map((d: { field: string }) => d.field)).toContain(field);
    }
    // Staff ids outside it are theirs as before.
    expect((await staff({ ...entry, event_id: 'cash:2026-06-15' })).status).toBe(201);
    const payload = checkout('evt_taken', 500);
    const res = await call(server.url + PATH, { body: payload, headers: { 'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET }) } });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ recorded: true, revenue_event_id: 'stripe:evt_taken' });
  });
});
