import { NOBODY_LIVE } from '../../src/station/station-service.js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { makeSong } from '../../src/station/song.js';
import { emptyStationState } from '../../src/station/model.js';
import { connectLive, refusedConnection, type LiveClient, type Transport } from '../support/live-client.js';
import { eventually } from '../support/eventually.js';
import { call, startTestServer, type TestServer } from '../support/test-server.js';

const ADMIN_KEY = 'test-admin-key-0123456789';
const settings = {
  adminApiKey: ADMIN_KEY,
  chat: { blockedWords: ['heretic'], allowedWords: ['scunthorpe'], socketFlood: { messages: 5, windowSeconds: 60 } },
};

let server: TestServer;
const clients: LiveClient[] = [];
const connect = async (transports?: Transport[]) => {
  const client = await connectLive(server.url, { transports });
  clients.push(client);
  return client;
};
let counter = 0;
const unique = (text: string) => `${text} #${++counter}`;
const restPost = (message: string, nickname = 'grace') => call(`${server.url}/api/mobile/chat`, { body: { nickname, message } });

beforeAll(async () => {
  server = await startTestServer(settings);
});
afterEach(() => {
  while (clients.length) clients.pop()!.close();
});
afterAll(() => server.close());

describe('connecting', () => {
  it.each([[['websocket']], [['polling']]] as Array<[Transport[]]>)('works over %j and sends now playing first', async (transports) => {
    const song = makeSong('Hillsong Worship', 'What a Beautiful Name');
    await server.app.store.station.write({ ...emptyStationState(), serverStatus: 'online', nowPlaying: { song, played_at: 1_780_000_000 } });
    const client = await connect(transports);
    expect(client.received[0]!.event).toBe('nowplaying');
    // Without artwork the song shows the station's logo (`art` is never empty).
    expect(client.received[0]!.payload.now_playing.song).toEqual({ ...song, art: expect.stringMatching(/^\/assets\/logo-/) });
    expect(client.socket.io.engine.transport.name).toBe(transports[0]);
  });

  it('caps connections per client; the refused one is told why, and a freed place can be taken', async () => {
    // its own server, so connections closing from other tests cannot blur the count
    const capped = await startTestServer({ ...settings, live: { maxConnectionsPerClient: 2 } });
    try {
      const [a, b] = [await connectLive(capped.url), await connectLive(capped.url)];
      // refused at the handshake, before any namespace, on either transport; the answer says why
      await refusedConnection(capped.url, { transports: ['websocket'] });
      await refusedConnection(capped.url, { transports: ['polling'] });
      // The one refusal of live connections (SSE answers the same): 429, Retry-After, the error envelope.
      const handshake = await fetch(`${capped.url}/socket.io/?EIO=4&transport=polling`, { headers: { Origin: 'https://church.example' } });
      expect(handshake.status).toBe(429);
      expect(handshake.headers.get('retry-after')).toBe('60');
      expect(handshake.headers.get('access-control-allow-origin')).toBe('*');
      expect(await handshake.json()).toEqual({
        success: false,
        error: { code: 'RATE_LIMITED', reason: 'live_connections', message: expect.stringMatching(/^Too many live connections from this client; try again in \d+ (seconds|minutes)\.$/) },
      });
      const upgrade = await new Promise<{ status: number; retryAfter: string | undefined }>((resolve, reject) => {
        const ws = new WebSocket(`${capped.url.replace('http', 'ws')}/socket.io/?EIO=4&transport=websocket`);
        ws.once('open', () => reject(new Error('the WebSocket was accepted')));
        ws.on('error', () => undefined); // terminating after the refusal reports one
        ws.once('unexpected-response', (_req, res) => {
          resolve({ status: res.statusCode ?? 0, retryAfter: res.headers['retry-after'] });
          ws.terminate();
        });
      });
      expect(upgrade).toEqual({ status: 429, retryAfter: '60' });
      await new Promise<void>((resolve) => {
        // the server frees the place when it sees the close; until then a retry may be refused
        a.socket.once('disconnect', () => resolve());
        a.close();
      });
      const c = await eventually(() => connectLive(capped.url));
      b.close();
      c.close();
    } finally {
      await capped.close();
    }
  });
});

describe('events for the webhooks only', () => {
  it('a song start reaches live clients as now playing only: song:started is neither pushed nor offered to SSE', async () => {
    const client = await connect();
    const song = makeSong('CeCe Winans', 'Goodness of God');
    const nowPlaying = {
      now_playing: { song, played_at: 1_780_000_100, elapsed: 0 },
      song_history: [],
      listeners: { current: 1, peak_today: 1 },
      online: true,
      playing_next: null,
      live: NOBODY_LIVE,
    };
    // Delivered in the order published: a song:started pushed live would arrive before this now playing.
    server.app.live.publish('song:started', nowPlaying);
    server.app.live.publish('nowplaying', nowPlaying);
    await client.next('nowplaying', (p) => p.now_playing?.song.id === song.id);
    expect(client.received.map((r) => r.event)).not.toContain('song:started');
    const asked = await call(`${server.url}/api/live/events?events=song:started`);
    expect(asked.status).toBe(400);
    expect(asked.body.error.details[0].message).toContain('unknown: song:started');
  });
});

describe('chat across doors', () => {
  it('a REST post reaches every live client once, on both transports', async () => {
    const [ws, polling] = [await connect(['websocket']), await connect(['polling'])];
    const text = unique('Praise Him');
    const posted = await restPost(text);
    expect(posted.status).toBe(201);
    for (const client of [ws, polling]) expect(await client.next('chat:message', (m) => m.message === text)).toEqual(posted.body.data);
    // a later marker proves nothing else was delivered in between: the first arrived exactly once
    const marker = unique('marker');
    await restPost(marker);
    for (const client of [ws, polling]) {
      await client.next('chat:message', (m) => m.message === marker);
      expect(client.received.filter((r) => r.event === 'chat:message' && r.payload.message === text)).toHaveLength(1);
    }
  });

  it('a client that starts on polling and upgrades to WebSocket still gets each message once', async () => {
    const client = await connect(['polling', 'websocket']);
    if (client.socket.io.engine.transport.name !== 'websocket') await new Promise((resolve) => client.socket.io.engine.once('upgrade', resolve));
    const texts = [unique('after upgrade'), unique('and again')];
    for (const text of texts) await restPost(text);
    await client.next('chat:message', (m) => m.message === texts[1]);
    for (const text of texts) expect(client.received.filter((r) => r.event === 'chat:message' && r.payload.message === text)).toHaveLength(1);
  });

  it('chat:send answers with the stored message, reaches others, and shows in REST history', async () => {
    const [sender, listener] = [await connect(), await connect(['polling'])];
    const text = unique('Amen from the app');
    const ack = await sender.request('chat:send', { nickname: 'Ruth', message: `  ${text}  ` });
    expect(ack).toEqual({ success: true, data: { id: expect.stringMatching(/^\d+-\d+$/), nickname: 'Ruth', message: text, timestamp: expect.any(Number) } });
    expect(await listener.next('chat:message', (m) => m.id === ack.data.id)).toEqual(ack.data);
    const history = await call(`${server.url}/api/mobile/chat?limit=50`);
    expect(history.body.data.messages).toContainEqual(ack.data);
  });

  it('chat:send breaks the same rules as REST, with error acks in the REST shape', async () => {
    const client = await connect();
    const tooShort = await client.request('chat:send', { nickname: 'R', message: '' });
    expect(tooShort).toEqual({
      success: false,
      error: { code: 'VALIDATION_FAILED', message: expect.any(String), details: [expect.objectContaining({ field: 'nickname' }), expect.objectContaining({ field: 'message' })] },
    });
    expect((await client.request('chat:send', { nickname: 'Ruth', message: 'x'.repeat(501) })).error.details[0].field).toBe('message');
  });

  it('chat:history answers like GET /api/mobile/chat, and fills a reconnecting client’s gap', async () => {
    const first = await connect();
    const before = await first.request('chat:send', { nickname: 'Ruth', message: unique('before the tunnel') });
    first.close();
    const missed = [unique('missed one'), unique('missed two')];
    for (const text of missed) await restPost(text);
    const again = await connect();
    const gap = await again.request('chat:history', { since: before.data.timestamp * 1000 + (Number(before.data.id.split('-')[0]) % 1000) });
    expect(gap.success).toBe(true);
    expect(gap.data.messages.map((m: { message: string }) => m.message)).toEqual(missed);
    expect(gap.data.count).toBe(2);
    // The same cursor as REST: `after` the last message seen, the oldest first, `next` to go on.
    const byCursor = await again.request('chat:history', { after: before.data.id, limit: 1 });
    expect(byCursor.data.messages.map((m: { message: string }) => m.message)).toEqual([missed[0]]);
    expect(byCursor.data.has_more).toBe(true);
    const rest = await again.request('chat:history', { after: byCursor.data.next });
    expect(rest.data).toMatchObject({ count: 1, has_more: false, next: rest.data.messages[0].id });
    expect(rest.data.messages[0].message).toBe(missed[1]);
    const byIso = await again.request('chat:history', { since: new Date(Date.now() - 60_000).toISOString(), limit: 1 });
    expect(byIso.data.count).toBe(1);
    expect((await again.request('chat:history')).success).toBe(true);
    expect((await again.request('chat:history', { limit: 51 })).error.code).toBe('VALIDATION_FAILED');
    expect((await again.request('chat:history', { since: 'last tuesday' })).error.details[0].field).toBe('since');
  });
});

describe('moderation', () => {
  it.each([
    ['profanity', 'this is shit'],
    ['a look-alike spelling', 'what the fuuuuck'],
    ['leetspeak', 'you are a b1tch'],
    ['a configured word', 'you heretic'],
    ['a link', 'free gifts at www.example-spam.com'],
    ['a bare domain', 'go to promo.xyz now'],
  ])('refuses %s: 422 CONTENT_REJECTED over REST, an error ack over the socket', async (_, text) => {
    const rest = await restPost(unique(text));
    expect(rest.status).toBe(422);
    expect(rest.body.error.code).toBe('CONTENT_REJECTED');
    const client = await connect();
    const ack = await client.request('chat:send', { nickname: 'Ruth', message: unique(text) });
    expect(ack.error.code).toBe('CONTENT_REJECTED');
  });

  it('lets through allowed words, clean text and plain numbers', async () => {
    expect((await restPost(unique('greetings from Scunthorpe'))).status).toBe(201);
    // the leetspeak reading would make "455" say something else; a number alone is just a number
    expect((await restPost(unique('room 455, call 555-0134 at 7:30, 1.5 hours'))).status).toBe(201);
    expect((await restPost(unique('God is good, all the time'))).status).toBe(201);
  });

  it('refuses a rude nickname', async () => {
    expect((await restPost(unique('hello'), 'shithead')).status).toBe(422);
  });

  it('suppresses the same message repeated by one sender, not by another', async () => {
    const text = unique('Hallelujah');
    expect((await restPost(text, 'Ruth')).status).toBe(201);
    const repeat = await restPost(text.toUpperCase(), 'ruth');
    expect(repeat.status).toBe(422);
    expect(repeat.body.error.message).toMatch(/just sent/);
    expect((await restPost(text, 'Naomi')).status).toBe(201);
  });

  it('limits how fast one connection may send, and not the others', async () => {
    const [fast, calm] = [await connect(), await connect()];
    for (let i = 0; i < 5; i++) expect((await fast.request('chat:send', { nickname: 'Fast', message: unique('hi') })).success).toBe(true);
    const refused = await fast.request('chat:send', { nickname: 'Fast', message: unique('hi') });
    expect(refused.error.code).toBe('RATE_LIMITED');
    expect(refused.error.reason).toBe('chat_budget');
    expect((await calm.request('chat:send', { nickname: 'Calm', message: unique('hi') })).success).toBe(true);
  });
});

describe('garbage on the socket', () => {
  it('answers wrong types with an error ack and drops events without an ack', async () => {
    const client = await connect();
    // five payloads: exactly this connection's flood budget, so each reaches validation
    for (const payload of ['just text', 42, null, ['nickname', 'message'], { nickname: ['x'], message: { a: 1 } }]) {
      const ack = await client.request('chat:send', payload);
      expect(ack.success).toBe(false);
      expect(ack.error.code).toBe('VALIDATION_FAILED');
    }
    client.socket.emit('chat:send', { nickname: 'NoAck', message: unique('nobody listens') });
    client.socket.emit('no-such-event', { x: 1 }, () => undefined);
    client.socket.emit('chat:history', 'not an object', () => undefined);
    // still served, in order, after the junk
    expect((await client.request('chat:history', { limit: 1 })).success).toBe(true);
  });

  it('answers the ack whatever the number of arguments before it', async () => {
    const client = await connect();
    const acked = (event: string, ...args: unknown[]) => client.socket.timeout(10_000).emitWithAck(event, ...args);
    // two payloads: the ack is still the last argument, and is answered with the rule broken
    const two = await acked('chat:send', { nickname: 'Twice', message: unique('one') }, { extra: true });
    expect(two).toEqual({
      success: false,
      error: { code: 'VALIDATION_FAILED', message: expect.any(String), details: [{ field: '(arguments)', message: 'send one payload before the ack, not 2' }] },
    });
    // none: chat:send needs its message, chat:history takes its defaults
    expect((await acked('chat:send')).error.code).toBe('VALIDATION_FAILED');
    expect((await acked('chat:history')).success).toBe(true);
    expect((await acked('chat:history', { limit: 1 }, 'extra')).error.details[0].field).toBe('(arguments)');
    // and one, as always
    expect((await acked('chat:send', { nickname: 'Once', message: unique('one') })).success).toBe(true);
  });

  it('disconnects only the client that sends an oversized frame', async () => {
    const [abuser, bystander] = [await connect(), await connect()];
    const gone = new Promise((resolve) => abuser.socket.once('disconnect', resolve));
    abuser.socket.emit('chat:send', { nickname: 'Big', message: 'x'.repeat(20_000) });
    await gone;
    const text = unique('still here');
    await restPost(text);
    expect((await bystander.next('chat:message', (m) => m.message === text)).message).toBe(text);
    expect(bystander.socket.connected).toBe(true);
  });
});

describe('administration', () => {
  const admin = (path: string, init: { method?: string; body?: unknown; key?: string } = {}) =>
    call(`${server.url}${path}`, { method: init.method, body: init.body, headers: { authorization: `Bearer ${init.key ?? ADMIN_KEY}` } });

  it('refuses without the key (401) and with a wrong one', async () => {
    expect((await call(`${server.url}/api/admin/chat/messages/1-0`, { method: 'DELETE' })).status).toBe(401);
    const wrong = await admin('/api/admin/chat/messages/1-0', { method: 'DELETE', key: 'not-the-key' });
    expect(wrong.status).toBe(401);
    expect(wrong.body.error.code).toBe('UNAUTHORIZED');
    expect(wrong.headers.get('www-authenticate')).toMatch(/^Bearer/);
  });

  it('deletes a message: gone from history, chat:deleted pushed live', async () => {
    const client = await connect();
    const posted = await restPost(unique('regrettable'));
    const deleted = await admin(`/api/admin/chat/messages/${posted.body.data.id}`, { method: 'DELETE' });
    expect(deleted).toMatchObject({ status: 200, body: { success: true, data: { id: posted.body.data.id, deleted: true } } });
    expect(await client.next('chat:deleted')).toEqual({ id: posted.body.data.id });
    const history = await call(`${server.url}/api/mobile/chat?limit=50`);
    expect(history.body.data.messages.map((m: { id: string }) => m.id)).not.toContain(posted.body.data.id);
    expect((await admin(`/api/admin/chat/messages/${posted.body.data.id}`, { method: 'DELETE' })).status).toBe(404);
    expect((await admin('/api/admin/chat/messages/not%ZZan-id', { method: 'DELETE' })).status).toBe(404);
  });

  it('bans a nickname and an IP for a time', async () => {
    expect((await admin('/api/admin/chat/bans', { body: { nickname: 'Troll', seconds: 600 } })).status).toBe(201);
    expect((await restPost(unique('hi'), 'troll')).body.error.code).toBe('CONTENT_REJECTED');
    expect((await admin('/api/admin/chat/bans', { body: { seconds: 600 } })).status).toBe(400);
    expect((await admin('/api/admin/chat/bans', { body: { ip: 'nonsense', seconds: 600 } })).status).toBe(400);
    expect((await admin('/api/admin/chat/bans', { body: { ip: '127.0.0.1', seconds: 600 } })).status).toBe(201);
    expect((await restPost(unique('hi'), 'Innocent')).status).toBe(422);
  });
});

describe('without an admin key configured', () => {
  it('the admin routes answer 503, never open', async () => {
    const closed = await startTestServer();
    try {
      const res = await call(`${closed.url}/api/admin/chat/bans`, { body: { nickname: 'x', seconds: 5 }, headers: { authorization: 'Bearer anything' } });
      expect(res.status).toBe(503);
      expect(res.body.error.code).toBe('UNAVAILABLE');
    } finally {
      await closed.close();
    }
  });
});
