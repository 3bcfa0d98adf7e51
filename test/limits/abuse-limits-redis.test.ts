import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectLive, type LiveClient } from '../support/live-client.js';
import { deleteKeys, hasRedis, redisUrl, uniquePrefix } from '../support/redis.js';
import { call, startTestServer, type TestServer } from '../support/test-server.js';

if (!hasRedis) process.stdout.write('[abuse-limits-redis] skipped: no Redis (REDIS_URL) for the two-node chat budget\n');

// Two app instances on one real Redis, as behind a load balancer: the chat budget of one client
// is one budget, wherever its messages land (issue 10, finding 1).
describe.skipIf(!hasRedis)('chat budget shared by every node on Redis', () => {
  const CHAT_LIMIT = 5;
  const prefix = uniquePrefix('abuse-limits');
  const settings = {
    redis: { url: redisUrl, prefix },
    trustProxy: ['127.0.0.1'],
    // a window far longer than the burst, so it cannot straddle two windows on a slow machine
    rateLimit: { mobile: { limit: 1_000_000, windowSeconds: 3600 }, chat: { limit: CHAT_LIMIT, windowSeconds: 60 } },
    chat: { socketFlood: { messages: 5, windowSeconds: 60 } },
  };
  let nodes: TestServer[] = [];
  const clients: LiveClient[] = [];

  beforeAll(async () => {
    nodes = [await startTestServer(settings, { realLimits: true }), await startTestServer(settings, { realLimits: true })];
  });
  afterAll(async () => {
    for (const client of clients) client.close();
    for (const node of nodes) await node.close();
    await deleteKeys(redisUrl, prefix);
  });

  let counter = 0;
  const unique = (text: string) => `${text} ${++counter}`;

  it('posts spread over both nodes, REST and sockets, stop at the limit; another client is unaffected', async () => {
    const flooder = '198.51.100.7';
    const sockets: LiveClient[] = [];
    for (const node of nodes) {
      const client = await connectLive(node.url, { headers: { 'x-forwarded-for': flooder } });
      clients.push(client);
      sockets.push(client);
    }
    let accepted = 0;
    const codes = new Set<string>();
    const attempts = 40;
    for (let i = 0; i < attempts; i++) {
      const node = i % 2;
      if (i % 4 < 2) {
        const answer = await call(`${nodes[node]!.url}/api/mobile/chat`, {
          headers: { 'x-forwarded-for': flooder },
          body: { nickname: 'Spammer', message: unique('buy now') },
        });
        if (answer.status === 201) accepted += 1;
        else {
          expect(answer.status).toBe(429);
          expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
          codes.add(answer.body.error.code);
        }
      } else {
        const ack = await sockets[node]!.request('chat:send', { nickname: 'Spammer', message: unique('buy now') });
        if (ack.success) accepted += 1;
        else codes.add(ack.error.code);
      }
    }
    process.stdout.write(`[abuse-limits-redis] chat flood over 2 nodes: ${attempts} attempts from one IP, REST and socket on both -> ${accepted} accepted\n`);
    expect(accepted).toBe(CHAT_LIMIT);
    expect([...codes]).toEqual(['RATE_LIMITED']);

    // another client posts on either node
    for (const node of nodes) {
      const answer = await call(`${node.url}/api/mobile/chat`, { headers: { 'x-forwarded-for': '198.51.100.8' }, body: { nickname: 'Ruth', message: unique('amen') } });
      expect(answer.status).toBe(201);
    }
  });

  it('the song request delay holds across nodes, and racing requests from one client queue one song', async () => {
    const requester = '198.51.100.40';
    const ask = (node: number, title: string) =>
      call(`${nodes[node]!.url}/api/mobile/requests`, { headers: { 'x-forwarded-for': requester }, body: { song_title: title, artist: 'Race Band' } });
    const racing = await Promise.all([0, 1, 0, 1, 0, 1].map((node, i) => ask(node, `Racing ${i}`)));
    expect(racing.map((answer) => answer.status).sort()).toEqual([201, 429, 429, 429, 429, 429]);
    const refused = racing.find((answer) => answer.status === 429)!;
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(290);
    // asking for the song it queued (already pending) is answered with it on the other node, not refused
    const queued = racing.find((answer) => answer.status === 201)!.body.data;
    const again = await ask(1, queued.song_title);
    expect(again.status).toBe(200);
    expect(again.body.data.id).toBe(queued.id);
  });
});
