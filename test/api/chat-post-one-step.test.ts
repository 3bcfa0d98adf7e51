import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectLive, type LiveClient } from '../support/live-client.js';
import { deleteKeys, serverStores } from '../support/redis.js';
import { call, startTestServer, type TestServer } from '../support/test-server.js';

// Issue 33 item 6: on Redis a chat post is one script (budget, ban, repeat check, append) and a
// chat page is read beside its budget. What a user notices must not change with it, on either
// store: each refusal's reason, what a refused post costs (its budget, never a message or the
// sender's repeat slot), the order of posts made at once, and the page's budget and headers.

const MODERATOR_KEY = 'chat-one-step-moderator-key-0001-entropy';
const moderator = { authorization: `Bearer ${MODERATOR_KEY}` };

describe.each(serverStores('chat-one-step'))('chat post and page in one step: $name store', ({ available, redis }) => {
  if (!available) {
    it.skip('skipped: no Redis (REDIS_URL)', () => undefined);
    return;
  }
  let server: TestServer;
  const clients: LiveClient[] = [];
  let nextAddress = 1;
  /** A client of its own for each test, so budgets and repeat slots never mix. */
  const freshClient = () => `198.51.100.${nextAddress++}`;

  beforeAll(async () => {
    server = await startTestServer({
      ...(redis ? { redis } : {}),
      trustProxy: ['127.0.0.1'],
      staff: [{ name: 'Naomi', role: 'moderator', keyHash: `sha256:${createHash('sha256').update(MODERATOR_KEY).digest('hex')}` }],
      rateLimit: { chat: { limit: 4, windowSeconds: 600 }, mobile: { limit: 12, windowSeconds: 3600 } },
      chat: { repeatWindowSeconds: 600, reservedNicknames: ['DJRuth'] },
    });
  });
  afterAll(async () => {
    for (const client of clients) client.close();
    await server?.close();
    if (redis) await deleteKeys(redis.url, redis.prefix);
  });

  const post = (from: string, nickname: string, message: string) => call(`${server.url}/api/mobile/chat`, { headers: { 'x-forwarded-for': from }, body: { nickname, message } });
  const page = (from: string, query = '') => call(`${server.url}/api/mobile/chat?limit=50${query}`, { headers: { 'x-forwarded-for': from } });
  const texts = async () => ((await page(freshClient())).body.data.messages as Array<{ message: string }>).map((m) => m.message);

  it('answers each refusal with its reason, in the rules order, and a refused post leaves no message', async () => {
    const from = freshClient();
    // A reserved name is refused before the ban is looked at, a filtered text after it.
    expect((await post(from, 'DJRuth', 'reserved and linked www.spam.example')).body.error).toMatchObject({ code: 'CONTENT_REJECTED', reason: 'reserved_nickname' });
    const banned = await call(`${server.url}/api/admin/chat/bans`, { headers: moderator, body: { nickname: 'Mallory', seconds: 600 } });
    expect(banned.status).toBe(201);
    expect((await post(from, 'Mallory', 'banned and linked www.spam.example')).body.error.reason).toBe('ban');
    expect((await post(from, 'Grace', 'see www.spam.example')).body.error.reason).toBe('link');
    const history = await texts();
    expect(history.some((text) => text.includes('spam.example'))).toBe(false);
  });

  it('spends the chat budget on refused posts too, and past it answers 429 chat_budget and stores nothing', async () => {
    const from = freshClient();
    expect((await post(from, 'DJRuth', 'first')).body.error.reason).toBe('reserved_nickname');
    expect((await post(from, 'Grace', 'second')).status).toBe(201);
    expect((await post(from, 'Grace', 'second')).body.error.reason).toBe('repeat');
    expect((await post(from, 'Grace', 'fourth')).status).toBe(201);
    const over = await post(from, 'Grace', 'fifth, past the budget');
    expect(over.status).toBe(429);
    expect(over.body.error).toMatchObject({ code: 'RATE_LIMITED', reason: 'chat_budget' });
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another client has its own budget.
    expect((await post(freshClient(), 'Ruth', 'fifth, past the budget')).status).toBe(201);
    expect((await texts()).filter((text) => text === 'fifth, past the budget')).toHaveLength(1);
  });

  it('records the sender’s repeat slot only for a post the ban and the filter let through', async () => {
    const from = freshClient();
    await call(`${server.url}/api/admin/chat/bans`, { headers: moderator, body: { nickname: 'Peter', seconds: 600 } });
    expect((await post(from, 'Peter', 'Amen, brothers')).body.error.reason).toBe('ban');
    const lifted = await call(`${server.url}/api/admin/chat/bans/nickname/peter`, { method: 'DELETE', headers: moderator });
    expect(lifted.status).toBe(200);
    // Had the refused post taken the slot, the same text would now be refused as a repeat.
    expect((await post(from, 'Peter', 'Amen, brothers')).status).toBe(201);
    expect((await post(from, 'Peter', 'Amen, brothers')).body.error.reason).toBe('repeat');
  });

  it('keeps posts made at once in one order: the answers, the history and the live events agree', async () => {
    const listener = await connectLive(server.url, { headers: { 'x-forwarded-for': freshClient() } });
    clients.push(listener);
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => post(freshClient(), `Sender${i}`, `at once ${i}`)));
    expect(answers.map((a) => a.status)).toEqual(Array(12).fill(201));
    const ids = answers.map((a) => a.body.data.id as string);
    const byId = (a: string, b: string) => {
      const [am, as] = a.split('-').map(Number);
      const [bm, bs] = b.split('-').map(Number);
      return am! - bm! || as! - bs!;
    };
    const ordered = [...ids].sort(byId);
    expect(new Set(ids).size).toBe(12);
    const history = ((await page(freshClient())).body.data.messages as Array<{ id: string }>).map((m) => m.id).filter((id) => ids.includes(id));
    expect(history).toEqual(ordered);
    await listener.next('chat:message', (m) => m.id === ordered.at(-1));
    const heard = listener.received.filter((r) => r.event === 'chat:message' && ids.includes(r.payload.id)).map((r) => r.payload.id);
    expect(heard).toEqual(ordered);
  });

  it('a socket’s chat:send is refused for the same reasons', async () => {
    const from = freshClient();
    await call(`${server.url}/api/admin/chat/bans`, { headers: moderator, body: { nickname: 'Mallory', seconds: 600 } });
    const live = await connectLive(server.url, { headers: { 'x-forwarded-for': from } });
    clients.push(live);
    expect(await live.request('chat:send', { nickname: 'DJRuth', message: 'hello' })).toMatchObject({ success: false, error: { code: 'CONTENT_REJECTED', reason: 'reserved_nickname' } });
    expect(await live.request('chat:send', { nickname: 'Mallory', message: 'hello' })).toMatchObject({ success: false, error: { reason: 'ban' } });
    expect((await live.request('chat:send', { nickname: 'Lydia', message: 'hello from a socket' })).success).toBe(true);
  });

  it('a page spends the public budget even when its query is refused, and past the budget answers only its 429', async () => {
    const from = freshClient();
    const first = await page(from);
    expect(first.status).toBe(200);
    expect(first.headers.get('ratelimit')).toMatch(/^"hourly";r=11;t=\d+$/);
    const refused = await page(from, '&after=not-an-id');
    expect(refused.status).toBe(400);
    expect(refused.headers.get('ratelimit')).toMatch(/^"hourly";r=10;t=\d+$/);
    for (let i = 0; i < 10; i++) expect((await page(from)).status).toBe(200);
    const over = await page(from);
    expect(over.status).toBe(429);
    expect(over.body.error).toMatchObject({ code: 'RATE_LIMITED', reason: 'hourly_budget' });
    expect(over.body.data).toBeUndefined();
    expect(over.headers.get('ratelimit')).toMatch(/^"hourly";r=0;t=\d+$/);
  });
  it('the song request listing, read beside its budget too, lists what was asked and past the budget answers only its 429', async () => {
    const from = freshClient();
    const asked = await call(`${server.url}/api/mobile/requests`, { headers: { 'x-forwarded-for': from }, body: { song_title: 'Amazing Grace', artist: 'One Step Choir' } });
    expect(asked.status).toBe(201);
    const list = () => call(`${server.url}/api/mobile/requests`, { headers: { 'x-forwarded-for': from } });
    const listed = await list();
    expect(listed.body.data.requests.map((r: { song_title: string }) => r.song_title)).toContain('Amazing Grace');
    expect(listed.headers.get('ratelimit')).toMatch(/^"hourly";r=10;t=\d+$/);
    for (let i = 0; i < 10; i++) expect((await list()).status).toBe(200);
    const over = await list();
    expect(over.status).toBe(429);
    expect(over.body.error.reason).toBe('hourly_budget');
    expect(over.body.data).toBeUndefined();
  });
});
