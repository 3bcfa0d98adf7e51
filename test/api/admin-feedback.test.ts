import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEEDBACK_SCAN } from '../../src/station/feedback-search.js';
import { deleteKeys, hasRedis, redisUrl, uniquePrefix } from '../support/redis.js';
import { RedisServerProcess, redisServerInstalled } from '../support/redis-server-process.js';
import { call, startTestServer, type TestServer } from '../support/test-server.js';

// The feedback inbox searched by the server (issue 32, item 5): by type and rating, newest first,
// paged by `next`, each page one bounded read of the log, on the store the station runs (Redis
// when there is one).

const ADMIN_KEY = 'admin-feedback-test-key-with-entropy-0001';
const admin = { authorization: `Bearer ${ADMIN_KEY}` };
const prefix = uniquePrefix('admin-feedback');

let server: TestServer;
const inbox = (query: string, headers: Record<string, string> = admin) => call(`${server.url}/api/admin/feedback?${query}`, { headers });
const send = (body: Record<string, unknown>) => call(`${server.url}/api/mobile/feedback`, { body });
const contents = (answer: { body: { data: { feedback: Array<{ content: string | null }> } } }) => answer.body.data.feedback.map((f) => f.content);

beforeAll(async () => {
  server = await startTestServer({ adminApiKey: ADMIN_KEY, feedback: { historySize: 5000 }, ...(hasRedis ? { redis: { url: redisUrl, prefix } } : {}) });
  for (const body of [
    { type: 'bug_report', content: 'Player stops on Wi-Fi change' },
    { type: 'app_feedback', rating: 5, content: 'Love the app' },
    { type: 'app_feedback', rating: 2, content: 'Too many ads' },
    { type: 'song_rating', rating: 1 },
    { type: 'app_feedback', rating: 4, content: 'Dark mode please' },
  ]) {
    expect((await send(body)).status).toBe(201);
  }
});
afterAll(async () => {
  await server.close();
  if (hasRedis) await deleteKeys(redisUrl, prefix);
});

describe('GET /api/admin/feedback', () => {
  it('filters by type and by rating range, newest first', async () => {
    const all = await inbox('');
    expect(all.status).toBe(200);
    expect(all.body.data).toMatchObject({ count: 5, next: null, scanned: 5 });
    expect(contents(await inbox('type=app_feedback'))).toEqual(['Dark mode please', 'Too many ads', 'Love the app']);
    expect(contents(await inbox('type=app_feedback&max_rating=2'))).toEqual(['Too many ads']);
    const low = await inbox('max_rating=2');
    expect(low.body.data.feedback.map((f: { type: string; rating: number }) => [f.type, f.rating])).toEqual([
      ['song_rating', 1],
      ['app_feedback', 2],
    ]);
    expect(contents(await inbox('min_rating=4'))).toEqual(['Dark mode please', 'Love the app']);
    expect(contents(await inbox('min_rating=3&max_rating=3'))).toEqual([]);
    expect(contents(await inbox('min_rating=5&max_rating=1'))).toEqual([]);
    expect(contents(await inbox('type=prayer_request'))).toEqual([]);
  });

  it('pages by `next` (as `before`) until it is null, and a new entry does not move a page', async () => {
    const first = await inbox('type=app_feedback&limit=2');
    expect(contents(first)).toEqual(['Dark mode please', 'Too many ads']);
    expect(first.body.data.next).toEqual(expect.any(Number));
    expect((await send({ type: 'app_feedback', rating: 3, content: 'Newer than the cursor' })).status).toBe(201);
    const second = await inbox(`type=app_feedback&limit=2&before=${first.body.data.next}`);
    expect(contents(second)).toEqual(['Love the app']);
    expect(second.body.data.next).toBeNull();
  });

  it(`reads at most ${FEEDBACK_SCAN} entries a page, however much is kept, and goes on from there`, async () => {
    const quiet = await startTestServer({ adminApiKey: ADMIN_KEY, feedback: { historySize: 5000 } });
    try {
      const post = (body: Record<string, unknown>) => call(`${quiet.url}/api/mobile/feedback`, { body });
      const read = (query: string) => call(`${quiet.url}/api/admin/feedback?${query}`, { headers: admin });
      expect((await post({ type: 'bug_report', content: 'The old crash' })).status).toBe(201);
      for (let i = 0; i < FEEDBACK_SCAN + 10; i++) {
        await quiet.app.store.feedback.append({ id: `r${i}`, type: 'song_rating', content: null, rating: 5, song: null, created_at: 1_780_000_000 + i });
      }
      const first = await read('type=bug_report');
      expect(first.body.data).toMatchObject({ feedback: [], count: 0, scanned: FEEDBACK_SCAN });
      const second = await read(`type=bug_report&before=${first.body.data.next}`);
      expect(second.body.data).toMatchObject({ feedback: [{ content: 'The old crash' }], next: null });
      expect(second.body.data.scanned).toBeLessThanOrEqual(FEEDBACK_SCAN);
    } finally {
      await quiet.close();
    }
  });

  it('asks for an admin key, refuses bad filters and cursors with the field named, answers HEAD and 304', async () => {
    expect((await inbox('', {})).status).toBe(401);
    for (const [query, field] of [
      ['type=Bug%20Report', 'type'],
      ['min_rating=0', 'min_rating'],
      ['max_rating=6', 'max_rating'],
      ['before=0', 'before'],
      ['before=soon', 'before'],
      ['limit=101', 'limit'],
    ]) {
      const bad = await inbox(query!);
      expect(bad.status, query).toBe(400);
      expect(bad.body.error.details[0].field).toBe(field);
    }
    const answer = await inbox('type=bug_report');
    const etag = answer.headers.get('etag')!;
    expect(etag).toBeTruthy();
    expect((await inbox('type=bug_report', { ...admin, 'if-none-match': etag })).status).toBe(304);
    const head = await fetch(`${server.url}/api/admin/feedback?type=bug_report`, { method: 'HEAD', headers: admin });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(answer.headers.get('content-length'));
  });

  it('spends the client budget for heavy staff reads: past it 429', async () => {
    const budgeted = await startTestServer({ adminApiKey: ADMIN_KEY, rateLimit: { reports: { limit: 2, windowSeconds: 60 } } });
    try {
      for (let i = 0; i < 2; i++) expect((await call(`${budgeted.url}/api/admin/feedback`, { headers: admin })).status).toBe(200);
      const refused = await call(`${budgeted.url}/api/admin/feedback`, { headers: admin });
      expect(refused.status).toBe(429);
      expect(refused.body.error.reason).toBe('report_budget');
    } finally {
      await budgeted.close();
    }
  });
});

describe.skipIf(!redisServerInstalled())('the feedback inbox on a Redis of an older build, and while it is away', () => {
  let redis: RedisServerProcess;
  let node: TestServer;

  beforeAll(async () => {
    redis = await RedisServerProcess.startOnFreePort();
    node = await startTestServer({ adminApiKey: ADMIN_KEY, redis: { url: redis.url, prefix: 'admin-feedback-outage:' } });
  }, 30_000);
  afterAll(async () => {
    await node?.close();
    await redis?.kill();
  });

  it('pages a list written before entries were numbered, then answers 503 at once while the store is away', async () => {
    // An older build kept the list alone (no counter): its entries are numbered from its length.
    const entry = (content: string) => JSON.stringify({ id: content, type: 'bug_report', content, rating: null, song: null, created_at: 1_780_000_000 });
    const { createClient } = await import('redis');
    const raw = createClient({ url: redis.url });
    await raw.connect();
    await raw.lPush('admin-feedback-outage:feedback', [entry('oldest'), entry('older'), entry('old')]);
    await raw.quit();
    expect((await call(`${node.url}/api/mobile/feedback`, { body: { type: 'bug_report', content: 'new' } })).status).toBe(201);
    const read = (query: string) => call(`${node.url}/api/admin/feedback?${query}`, { headers: admin });
    const first = await read('limit=2');
    expect(contents(first)).toEqual(['new', 'old']);
    expect(contents(await read(`limit=2&before=${first.body.data.next}`))).toEqual(['older', 'oldest']);
    await redis.kill();
    const away = await read('');
    expect(away.status).toBe(503);
    expect(away.body.error.code).toBe('UNAVAILABLE');
  }, 60_000);
});
