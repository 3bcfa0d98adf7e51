import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectLive, type LiveClient } from '../support/live-client.js';
import { uniquePrefix } from '../support/redis.js';
import { redisServers, type RunningRedis } from '../support/redis-servers.js';
import { startService, type ServiceProcess } from '../support/service-process.js';
import { call } from '../support/test-server.js';

// Two service processes on one real Redis, as behind a load balancer: on the shared Redis, on
// Valkey, and on a six-node Cluster (the sharded adapter).
describe.each(redisServers)('live events across two nodes on $name', (server) => {
  if (!server.available) {
    it.skip(`skipped: ${server.skipReason}`, () => undefined);
    return;
  }
  const prefix = uniquePrefix('nodes');
  let redis: RunningRedis;
  let nodes: ServiceProcess[] = [];
  let urls: string[] = [];
  const clients: LiveClient[] = [];

  beforeAll(async () => {
    redis = await server.start();
    nodes = [0, 1].map(() => startService({ PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info' }, { redis: { ...redis.config, prefix } }));
    urls = (await Promise.all(nodes.map((n) => n.listening))).map((port) => `http://127.0.0.1:${port}`);
  }, 60_000);
  afterAll(async () => {
    for (const client of clients) client.close();
    await Promise.all(nodes.map((n) => n.stop()));
    await redis?.deleteKeys(prefix);
    await server.stop();
  });

  const connect = async (url: string, transports: Array<'websocket' | 'polling'> = ['websocket']) => {
    const client = await connectLive(url, { transports });
    clients.push(client);
    return client;
  };
  const post = (url: string, message: string) => call(`${url}/api/mobile/chat`, { body: { nickname: 'grace', message } });

  it('delivers a REST post on one node to every client of both nodes, exactly once', async () => {
    const [a, b, bPolling] = [await connect(urls[0]!), await connect(urls[1]!), await connect(urls[1]!, ['polling'])];
    const posted = await post(urls[0]!, 'from node A');
    expect(posted.status).toBe(201);
    for (const client of [a, b, bPolling]) expect(await client.next('chat:message', (m) => m.id === posted.body.data.id)).toEqual(posted.body.data);
    // a second post is delivered after the first on each connection: by then a duplicate would have shown
    const marker = await post(urls[0]!, 'marker');
    for (const client of [a, b, bPolling]) {
      await client.next('chat:message', (m) => m.id === marker.body.data.id);
      expect(client.received.filter((r) => r.event === 'chat:message' && r.payload.id === posted.body.data.id)).toHaveLength(1);
    }
  });

  it('delivers a song request on one node to every client of both nodes, exactly once', async () => {
    const [a, b] = [await connect(urls[0]!), await connect(urls[1]!)];
    const asked = await call(`${urls[0]!}/api/mobile/requests`, { body: { song_title: `Across the Nodes ${prefix}`, artist: 'Two Hubs Choir' } });
    expect(asked.status).toBe(201);
    for (const client of [a, b]) expect(await client.next('request:new', (r) => r.id === asked.body.data.id)).toEqual(asked.body.data);
    // a chat post after it arrives after it on each connection: by then a duplicate would have shown
    const marker = await post(urls[0]!, 'after the request');
    for (const client of [a, b]) {
      await client.next('chat:message', (m) => m.id === marker.body.data.id);
      expect(client.received.filter((r) => r.event === 'request:new' && r.payload.id === asked.body.data.id)).toHaveLength(1);
    }
  });

  it('delivers a socket post on one node to the other, and both serve it in history', async () => {
    const [a, b] = [await connect(urls[0]!), await connect(urls[1]!)];
    const ack = await b.request('chat:send', { nickname: 'Naomi', message: 'from node B' });
    expect(ack.success).toBe(true);
    expect(await a.next('chat:message', (m) => m.id === ack.data.id)).toEqual(ack.data);
    for (const url of urls) {
      const history = await call(`${url}/api/mobile/chat?limit=50`);
      expect(history.body.data.messages).toContainEqual(ack.data);
    }
  });

  it('measures REST post on node A to delivery on a client of node B', async () => {
    const b = await connect(urls[1]!);
    const delays: number[] = [];
    for (let i = 0; i < 20; i++) {
      const text = `latency probe ${i}`;
      const arrived = b.next('chat:message', (m) => m.message === text);
      const started = performance.now();
      await post(urls[0]!, text);
      await arrived;
      delays.push(performance.now() - started);
    }
    delays.sort((x, y) => x - y);
    const p50 = delays[Math.floor(delays.length / 2)]!;
    process.stdout.write(`[live-nodes] ${server.name}: REST post on A → client on B: p50 ${p50.toFixed(1)} ms, max ${delays.at(-1)!.toFixed(1)} ms over ${delays.length}\n`);
    expect(delays).toHaveLength(20);
  });

  it('on SIGTERM a node disconnects its live clients and exits 0; the other node serves on', async () => {
    const [onA, onB] = [await connect(urls[0]!), await connect(urls[1]!)];
    const reason = new Promise((resolve) => onB.socket.once('disconnect', resolve));
    expect(await nodes[1]!.stop()).toBe(0);
    expect(await reason).toMatch(/io server disconnect|transport close/);
    const posted = await post(urls[0]!, 'node A carries on');
    expect((await onA.next('chat:message', (m) => m.id === posted.body.data.id)).message).toBe('node A carries on');
  });
});
