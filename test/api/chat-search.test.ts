import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_SEARCH_SCAN } from '../../src/station/chat-search.js';
import { deleteKeys, hasRedis, redisUrl, uniquePrefix } from '../support/redis.js';
import { call, startTestServer, type TestServer } from '../support/test-server.js';

// Staff's chat search (issue 32): by words and nickname over the kept history, paged, each page
// one bounded read of the log, on the store the station runs (Redis when there is one).

const MODERATOR_KEY = 'chat-search-moderator-key-entropy-0001';
const hash = (key: string) => `sha256:${createHash('sha256').update(key).digest('hex')}`;
const staff = { authorization: `Bearer ${MODERATOR_KEY}` };
const prefix = uniquePrefix('chat-search');

let server: TestServer;
const search = (query: string, headers: Record<string, string> = staff) => call(`${server.url}/api/admin/chat/search?${query}`, { headers });

beforeAll(async () => {
  server = await startTestServer({
    staff: [{ name: 'Naomi', role: 'moderator', keyHash: hash(MODERATOR_KEY) }],
    chat: { repeatWindowSeconds: 0, historySize: 5000 },
    ...(hasRedis ? { redis: { url: redisUrl, prefix } } : {}),
  });
  for (const [nickname, message] of [
    ['Ruth', 'Where you go I will go'],
    ['Boaz', 'The LORD be with you'],
    ['ruthie', 'GO team'],
    ['Naomi', 'Call me Mara'],
  ]) {
    expect((await call(`${server.url}/api/mobile/chat`, { body: { nickname, message } })).status).toBe(201);
  }
});
afterAll(async () => {
  await server.close();
  if (hasRedis) await deleteKeys(redisUrl, prefix);
});

describe('GET /api/admin/chat/search', () => {
  it('finds messages by words and by part of a nickname, whatever the case, oldest first', async () => {
    const words = await search('q=go');
    expect(words.status).toBe(200);
    expect(words.body.data.messages.map((m: { nickname: string }) => m.nickname)).toEqual(['Ruth', 'ruthie']);
    const named = await search('nickname=RUTH');
    expect(named.body.data.messages.map((m: { message: string }) => m.message)).toEqual(['Where you go I will go', 'GO team']);
    const both = await search('nickname=ruth&q=team');
    expect(both.body.data).toMatchObject({ count: 1, next: null, messages: [{ nickname: 'ruthie' }] });
  });

  it('pages by `next` until it is null', async () => {
    const first = await search('limit=2');
    expect(first.body.data.messages.map((m: { nickname: string }) => m.nickname)).toEqual(['Ruth', 'Boaz']);
    const second = await search(`limit=2&after=${first.body.data.next}`);
    expect(second.body.data.messages.map((m: { nickname: string }) => m.nickname)).toEqual(['ruthie', 'Naomi']);
    const third = await search(`limit=2&after=${second.body.data.next}`);
    expect(third.body.data).toMatchObject({ messages: [], next: null });
  });

  it(`reads at most ${CHAT_SEARCH_SCAN} messages a page, however long the history, and goes on from there`, async () => {
    for (let i = 0; i < CHAT_SEARCH_SCAN + 20; i++) await server.app.store.chat.append({ nickname: 'Crowd', message: `hosanna ${i}` });
    await server.app.store.chat.append({ nickname: 'Zacchaeus', message: 'come down from the tree' });
    const first = await search('q=tree');
    expect(first.body.data).toMatchObject({ messages: [], scanned: CHAT_SEARCH_SCAN });
    expect(first.body.data.next).toEqual(expect.any(String));
    const second = await search(`q=tree&after=${first.body.data.next}`);
    expect(second.body.data).toMatchObject({ messages: [{ nickname: 'Zacchaeus' }], next: null });
    expect(second.body.data.scanned).toBeLessThanOrEqual(CHAT_SEARCH_SCAN);
  });

  it('asks for a staff key, refuses a bad cursor, answers HEAD and 304', async () => {
    expect((await search('q=go', {})).status).toBe(401);
    const bad = await search('after=yesterday');
    expect(bad.status).toBe(400);
    expect(bad.body.error.details[0].field).toBe('after');
    const answer = await search('q=mara');
    const etag = answer.headers.get('etag')!;
    expect(etag).toBeTruthy();
    expect((await search('q=mara', { ...staff, 'if-none-match': etag })).status).toBe(304);
    const head = await fetch(`${server.url}/api/admin/chat/search?q=mara`, { method: 'HEAD', headers: staff });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(answer.headers.get('content-length'));
  });

  it('spends the client budget for heavy staff reads: past it 429', async () => {
    const budgeted = await startTestServer({ staff: [{ name: 'Naomi', role: 'moderator', keyHash: hash(MODERATOR_KEY) }], rateLimit: { reports: { limit: 2, windowSeconds: 60 } } });
    try {
      for (let i = 0; i < 2; i++) expect((await call(`${budgeted.url}/api/admin/chat/search?q=a`, { headers: staff })).status).toBe(200);
      const refused = await call(`${budgeted.url}/api/admin/chat/search?q=a`, { headers: staff });
      expect(refused.status).toBe(429);
      expect(refused.body.error.reason).toBe('report_budget');
    } finally {
      await budgeted.close();
    }
  });
});
