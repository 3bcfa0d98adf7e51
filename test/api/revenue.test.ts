import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteKeys, redisUrl, serverStores } from '../support/redis.js';
import { call, startTestServer, type TestServer } from '../support/test-server.js';

const ADMIN_KEY = 'admin-key-for-revenue-01';
const PATH = '/api/analytics/revenue.php';
const NOW = Date.parse('2026-06-15T18:00:00Z');

const backends = serverStores('revenue');

describe.each(backends)('revenue events ($name store)', (backend) => {
  if (!backend.available) {
    it.skip('skipped: no Redis answers at REDIS_URL (see the note printed at start)', () => undefined);
    return;
  }
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ adminApiKey: ADMIN_KEY, station: { timezone: 'America/Chicago' }, ...(backend.redis ? { redis: backend.redis } : {}) }, { clock: () => NOW });
  });
  afterAll(async () => {
    await server?.close();
    if (backend.redis) await deleteKeys(redisUrl, backend.redis.prefix);
  });

  const post = (body: unknown, headers: Record<string, string> = {}) => call(`${server.url}${PATH}`, { body, headers: { authorization: `Bearer ${ADMIN_KEY}`, ...headers } });
  const summary = (query: string) => call(`${server.url}${PATH}?${query}`, { headers: { authorization: `Bearer ${ADMIN_KEY}` } });

  it('stores a valid event and answers 201 with it', async () => {
    const res = await post({
      event_id: 'don-1',
      type: 'donation',
      amount: 2500,
      currency: 'usd',
      occurred_at: '2026-06-14T23:30:00-05:00',
      source: 'website',
      metadata: { campaign: 'summer', first: true },
    });
    expect(res.status).toBe(201);
    expect(res.body.data).toEqual({
      id: 'don-1',
      type: 'donation',
      amount: 2500,
      currency: 'USD',
      occurred_at: Date.parse('2026-06-15T04:30:00Z') / 1000,
      source: 'website',
      metadata: { campaign: 'summer', first: true },
      recorded_at: NOW / 1000,
    });
  });

  it('answers a replay of event_id with the first event (200), and a different body with 409', async () => {
    const again = await post({
      event_id: 'don-1',
      type: 'donation',
      amount: 2500,
      currency: 'usd',
      occurred_at: '2026-06-14T23:30:00-05:00',
      source: 'website',
      metadata: { first: true, campaign: 'summer' },
    });
    expect(again.status).toBe(200);
    expect(again.body.data.id).toBe('don-1');
    const changed = await post({ event_id: 'don-1', type: 'donation', amount: 9999, currency: 'usd' });
    expect(changed.status).toBe(409);
    expect(changed.body.error.code).toBe('IDEMPOTENCY_CONFLICT');
  });

  it('is idempotent by Idempotency-Key when there is no event_id', async () => {
    const body = { type: 'merchandise', amount: 1500, currency: 'EUR' };
    const first = await post(body, { 'idempotency-key': 'order-77' });
    const replay = await post(body, { 'idempotency-key': 'order-77' });
    expect([first.status, replay.status]).toEqual([201, 200]);
    expect(replay.body.data).toEqual(first.body.data);
    expect((await post({ ...body, amount: 1600 }, { 'idempotency-key': 'order-77' })).status).toBe(409);
    // without either, each post is its own event
    const a = await post({ type: 'other', amount: 1, currency: 'EUR' });
    const b = await post({ type: 'other', amount: 1, currency: 'EUR' });
    expect(a.body.data.id).not.toBe(b.body.data.id);
  });

  it('records one event when identical posts race', async () => {
    const body = { event_id: 'race-1', type: 'subscription', amount: 499, currency: 'GBP' };
    const results = await Promise.all(Array.from({ length: 12 }, () => post(body)));
    expect(results.map((r) => r.status).sort()).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 201]);
    expect(new Set(results.map((r) => r.body.data.recorded_at)).size).toBe(1);
    const sums = await summary('from=2026-06-15&to=2026-06-15');
    expect(sums.body.data.totals).toContainEqual({ currency: 'GBP', amount: 499, count: 1 });
  });

  it('refuses float amounts, unknown currencies and types, and nested metadata', async () => {
    for (const [body, field] of [
      [{ type: 'donation', amount: 10.5, currency: 'USD' }, 'amount'],
      [{ type: 'donation', amount: '10', currency: 'USD' }, 'amount'],
      [{ type: 'donation', amount: -5, currency: 'USD' }, 'amount'],
      [{ type: 'donation', amount: 1e15, currency: 'USD' }, 'amount'],
      [{ type: 'donation', amount: 10, currency: 'XYZ' }, 'currency'],
      [{ type: 'donation', amount: 10, currency: 'US' }, 'currency'],
      [{ type: 'tithe', amount: 10, currency: 'USD' }, 'type'],
      [{ type: 'donation', amount: 10, currency: 'USD', metadata: { nested: { a: 1 } } }, 'metadata.nested'],
      [{ type: 'donation', amount: 10, currency: 'USD', occurred_at: 'yesterday' }, 'occurred_at'],
    ] as const) {
      const res = await post(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.details.map((d: { field: string }) => d.field)).toContain(field);
    }
  });

  it('sums per day (station time zone) and currency, in integers', async () => {
    await post({ type: 'donation', amount: 1, currency: 'USD', occurred_at: '2026-06-15T12:00:00Z' });
    await post({ type: 'advertising', amount: 10_000, currency: 'USD', occurred_at: '2026-06-15T13:00:00Z' });
    const res = await summary('from=2026-06-14&to=2026-06-15');
    expect(res.status).toBe(200);
    expect(res.body.data.timezone).toBe('America/Chicago');
    // don-1 happened at 23:30 on the 14th in Chicago, though it was the 15th in UTC
    expect(res.body.data.days).toContainEqual({ date: '2026-06-14', currency: 'USD', amount: 2500, count: 1, types: [{ type: 'donation', amount: 2500, count: 1 }] });
    // One day's sum split by type, for the console's breakdown.
    expect(res.body.data.days).toContainEqual({
      date: '2026-06-15',
      currency: 'USD',
      amount: 10_001,
      count: 2,
      types: [
        { type: 'advertising', amount: 10_000, count: 1 },
        { type: 'donation', amount: 1, count: 1 },
      ],
    });
    expect(res.body.data.totals).toContainEqual({ currency: 'USD', amount: 12_501, count: 3 });
    expect((await summary('from=2026-06-16&to=2026-06-15')).status).toBe(400);
    expect((await summary('from=2024-01-01&to=2026-06-15')).status).toBe(400);
    expect((await summary('from=15/06/2026')).status).toBe(400);
    expect((await summary('')).body.data).toMatchObject({ from: '2026-05-17', to: '2026-06-15' });
  });

  it('refuses with 400 an occurred_at the report could not file (no space for T, no leap second, years 0000 and 9999), counting nothing', async () => {
    const before = (await summary('from=2026-11-27&to=2026-11-27')).body.data;
    // Before: the first two answered 201 with occurred_at null and were summed under day null;
    // the years filed under -000001-12-31 and +010000-01-01, which no from/to can name.
    for (const occurred_at of [
      '2026-11-27 10:00:00Z',
      '2016-12-31T23:59:60Z',
      '0000-01-01T00:00:00Z',
      '9999-12-31T23:59:59Z',
      '1969-12-31T23:59:59Z',
      '2026-02-30T10:00:00Z',
      '2026-11-27T24:00:00Z',
      '2026-11-27T10:00:00',
    ]) {
      const res = await post({ type: 'donation', amount: 100, currency: 'USD', occurred_at });
      expect(res.status, occurred_at).toBe(400);
      expect(res.body).toMatchObject({ success: false, error: { code: 'VALIDATION_FAILED' } });
      expect(new Set(res.body.error.details.map((d: { field: string }) => d.field))).toEqual(new Set(['occurred_at']));
    }
    expect((await summary('from=2026-11-27&to=2026-11-27')).body.data).toEqual(before);
  });

  it('files the first and last instants it takes on days the report reaches (station time)', async () => {
    const first = await post({ type: 'other', amount: 11, currency: 'CAD', occurred_at: '1970-01-01T00:00:00+01:00' });
    const last = await post({ type: 'other', amount: 13, currency: 'CAD', occurred_at: '9998-12-31T23:59:59.999Z' });
    expect([first.status, last.status]).toEqual([201, 201]);
    expect([first.body.data.occurred_at, last.body.data.occurred_at]).toEqual([-3600, Date.UTC(9998, 11, 31, 23, 59, 59) / 1000]);
    // The first year as written, an hour before the epoch: 31 December 1969 in Chicago, a day the report reaches.
    expect((await summary('from=1969-12-31&to=1969-12-31')).body.data.totals).toEqual([{ currency: 'CAD', amount: 11, count: 1 }]);
    expect((await summary('from=9998-12-31&to=9998-12-31')).body.data.totals).toEqual([{ currency: 'CAD', amount: 13, count: 1 }]);
  });

  it('is for administrators only', async () => {
    expect((await call(`${server.url}${PATH}`, { body: { type: 'donation', amount: 1, currency: 'USD' } })).status).toBe(401);
    expect((await call(`${server.url}${PATH}`)).status).toBe(401);
  });
});
