import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestServer, type TestServer } from '../support/test-server.js';

let server: TestServer;
const now = Date.parse('2026-06-01T12:00:00Z');
beforeAll(async () => {
  server = await startTestServer({}, { clock: () => now });
});
afterAll(() => server.close());

const url = (query = '') => `${server.url}/api/mobile/chat${query}`;
const post = (body: unknown) => call(url(), { body });

function expectProblem(res: { status: number; body: any }, field: string) {
  expect(res.status).toBe(400);
  expect(res.body.success).toBe(false);
  expect(res.body.error.code).toBe('VALIDATION_FAILED');
  expect(res.body.error.details).toEqual(expect.arrayContaining([expect.objectContaining({ field })]));
}

describe('POST /api/mobile/chat', () => {
  it('stores a message and answers 201 with it', async () => {
    const res = await post({ nickname: 'Grace_1', message: 'Praise the Lord!' });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      success: true,
      data: { id: expect.stringMatching(/^\d+-\d+$/), nickname: 'Grace_1', message: 'Praise the Lord!', timestamp: expect.any(Number) },
    });
    const history = await call(url('?limit=50'));
    expect(history.body.data.messages.map((m: { id: string }) => m.id)).toContain(res.body.data.id);
  });

  it.each([
    ['1 character', 'a'.repeat(1), 201],
    ['500 characters', 'a'.repeat(500), 201],
    ['501 characters', 'a'.repeat(501), 400],
    ['0 characters', '', 400],
    ['only spaces (trimmed to 0)', '    ', 400],
    ['500 emoji (counted as characters)', '🙏'.repeat(500), 201],
  ])('message of %s → %s', async (_, message, status) => {
    const res = await post({ nickname: 'grace', message });
    expect(res.status).toBe(status);
    if (status === 400) expectProblem(res, 'message');
  });

  it('trims a message before measuring and storing it', async () => {
    const res = await post({ nickname: 'grace', message: `  ${'b'.repeat(500)}  ` });
    expect(res.status).toBe(201);
    expect(res.body.data.message).toBe('b'.repeat(500));
  });

  it('keeps newlines but refuses other control characters', async () => {
    expect((await post({ nickname: 'grace', message: 'line one\nline two' })).status).toBe(201);
    expectProblem(await post({ nickname: 'grace', message: 'bell\u0007' }), 'message');
    expectProblem(await post({ nickname: 'grace', message: 'tab\there' }), 'message');
  });

  it.each([
    ['1 character', 'a', 400],
    ['2 characters', 'ab', 201],
    ['20 characters', 'a'.repeat(20), 201],
    ['21 characters', 'a'.repeat(21), 400],
    ['digits, dash and underscore', 'Joy-4_ever', 201],
    ['letters of other scripts', 'Józef', 201],
    ['a space', 'john smith', 400],
    ['punctuation', 'john!', 400],
    ['an HTML tag', '<b>x</b>', 400],
  ])('nickname of %s → %s', async (_, nickname, status) => {
    const res = await post({ nickname, message: 'hello' });
    expect(res.status).toBe(status);
    if (status === 400) expectProblem(res, 'nickname');
  });

  it('names every broken rule, one detail each', async () => {
    const res = await post({ nickname: 'x!', message: '' });
    expect(res.status).toBe(400);
    expect(res.body.error.details).toEqual([
      { field: 'nickname', message: expect.stringMatching(/letters, digits/) },
      { field: 'message', message: expect.any(String) },
    ]);
    // 'x!' is both too short and of bad characters: two rules, two details
    const both = await post({ nickname: '!', message: 'hi' });
    expect(both.body.error.details.filter((d: { field: string }) => d.field === 'nickname')).toHaveLength(2);
  });

  it('refuses missing and wrong-typed fields', async () => {
    expectProblem(await post({ message: 'hello' }), 'nickname');
    expectProblem(await post({ nickname: 'grace' }), 'message');
    expectProblem(await post({ nickname: 42, message: 'hello' }), 'nickname');
    expectProblem(await post({ nickname: 'grace', message: ['hello'] }), 'message');
    expectProblem(await post({}), 'nickname');
  });
});

describe('GET /api/mobile/chat', () => {
  let fresh: TestServer;
  const base = Date.parse('2026-06-02T10:00:00Z');
  let clock = base;
  const at = (ms: number) => (clock = ms);

  beforeAll(async () => {
    fresh = await startTestServer({}, { clock: () => clock });
    // 60 messages, one per minute from 10:00 to 10:59, posted at those times
    for (let i = 0; i < 60; i++) {
      at(base + i * 60_000);
      const res = await call(`${fresh.url}/api/mobile/chat`, { body: { nickname: 'grace', message: `m${i}` } });
      expect(res.status).toBe(201);
    }
  });
  afterAll(() => fresh.close());

  const get = (query: string) => call(`${fresh.url}/api/mobile/chat${query}`);
  const texts = (res: { body: any }) => res.body.data.messages.map((m: { message: string }) => m.message);

  it('defaults to the newest 20 of the last hour, oldest first', async () => {
    at(base + 60 * 60_000 + 30_000); // 11:00:30: the last hour holds m1..m59
    const res = await get('');
    expect(res.status).toBe(200);
    expect(res.body.data.count).toBe(20);
    expect(texts(res)).toEqual(Array.from({ length: 20 }, (_, i) => `m${40 + i}`));
  });

  it('leaves out messages older than one hour by default', async () => {
    at(base + 118 * 60_000); // 11:58: the hour since 10:58 holds m59 only (m58 is exactly at the edge)
    const res = await get('?limit=50');
    expect(texts(res)).toEqual(['m59']);
  });

  it('accepts limit 50 and refuses 51, 0 and non-integers', async () => {
    at(base + 60 * 60_000);
    const res = await get(`?limit=50&since=${Math.floor(base / 1000) - 1}`);
    expect(res.body.data.count).toBe(50);
    // the oldest 50 after since: m0..m49, and more wait
    expect(texts(res)[0]).toBe('m0');
    expect(res.body.data.has_more).toBe(true);
    for (const bad of ['51', '0', '-1', '2.5', 'ten', '']) {
      const refused = await get(`?limit=${bad}`);
      expect(refused.status, `limit=${bad}`).toBe(400);
      expectProblem(refused, 'limit');
    }
  });

  it('takes since in Unix seconds, milliseconds and ISO-8601, strictly after', async () => {
    at(base + 60 * 60_000);
    const tenPast = base + 10 * 60_000; // m10 was posted exactly then
    const seconds = await get(`?since=${tenPast / 1000}&limit=3`);
    const millis = await get(`?since=${tenPast}&limit=3`);
    const iso = await get(`?since=${encodeURIComponent(new Date(tenPast).toISOString())}&limit=3`);
    const offset = await get(`?since=${encodeURIComponent('2026-06-02T05:10:00-05:00')}&limit=3`);
    for (const res of [seconds, millis, iso, offset]) {
      expect(res.status).toBe(200);
      // strictly after m10; the oldest 3 of m11..m59, and a cursor to go on from
      expect(texts(res)).toEqual(['m11', 'm12', 'm13']);
      expect(res.body.data).toMatchObject({ next: res.body.data.messages[2].id, has_more: true });
    }
    const fraction = await get(`?since=${(tenPast - 500) / 1000}&limit=50`);
    expect(texts(fraction)[0]).toBe('m10');
  });

  it('pages through a busy window with after=next, each message once, in order', async () => {
    at(base + 60 * 60_000);
    const seen: string[] = [];
    let res = await get(`?since=${Math.floor(base / 1000) - 1}&limit=7`);
    for (;;) {
      expect(res.status).toBe(200);
      seen.push(...texts(res));
      if (!res.body.data.has_more) break;
      res = await get(`?after=${res.body.data.next}&limit=7`);
    }
    expect(seen).toEqual(Array.from({ length: 60 }, (_, i) => `m${i}`));
    // Nothing new: the same cursor comes back, so a client just keeps sending it.
    const idle = await get(`?after=${res.body.data.next}`);
    expect(idle.body.data).toEqual({ messages: [], count: 0, next: res.body.data.next, has_more: false });
  });

  it('refuses an after that is not a message id, naming the field and the form', async () => {
    for (const bad of ['yesterday', '12', '1-2-3', '-1-0', '']) {
      const res = await get(`?after=${encodeURIComponent(bad)}`);
      expectProblem(res, 'after');
      expect(res.body.error.details[0].message).toMatch(/message id/);
    }
  });

  it('refuses a since it cannot read', async () => {
    for (const bad of ['yesterday', '2026-13-45', '12abc', '']) {
      expectProblem(await get(`?since=${encodeURIComponent(bad)}`), 'since');
    }
  });

  it('answers an empty list for a since in the future', async () => {
    const res = await get(`?since=${Math.floor(base / 1000) + 86_400}`);
    expect(res.body.data).toEqual({ messages: [], count: 0, next: null, has_more: false });
  });
});
