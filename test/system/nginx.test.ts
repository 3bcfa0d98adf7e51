import type { ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { killProcess } from '../support/kill-process.js';
import { connectLive, type LiveClient } from '../support/live-client.js';
import { localNginxConfig, nginxDir, nginxInstalled, startNginx } from '../support/nginx.js';
import { scrapeMetrics, valueOf } from '../support/prometheus-text.js';
import { deleteKeys, hasRedis, redisUrl, uniquePrefix } from '../support/redis.js';
import { freePort } from '../support/redis-server-process.js';
import { startService, type ServiceProcess } from '../support/service-process.js';

const SHIPPED = join(import.meta.dirname, '..', '..', 'deploy', 'nginx.conf');

if (!hasRedis) process.stdout.write('[radio-hub tests] no Redis: the nginx suite (two nodes sharing Redis) is SKIPPED.\n');

/** The shipped config with local addresses and paths. */
function localConfig(dir: string, listen: number, upstreams: [number, number]): string {
  return localNginxConfig(SHIPPED, dir, [
    [/server hub1:8080/, `server 127.0.0.1:${upstreams[0]}`],
    [/server hub2:8080/, `server 127.0.0.1:${upstreams[1]}`],
    [/listen 80;/, `listen 127.0.0.1:${listen};`],
    // No Icecast in this suite (nginx-tls.test.ts plays the stream through the same block): a
    // local address nginx can resolve at start, as it must resolve compose's `icecast`.
    [/server icecast:8000;/, 'server 127.0.0.1:9;'],
  ]);
}

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
}

/** A request from a given loopback address (the whole 127/8 is local), as distinct clients would come. */
function requestFrom(localAddress: string, method: string, url: string, headers: Record<string, string> = {}, body?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method, localAddress, headers, agent: false }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

const getFrom = (localAddress: string, url: string, headers: Record<string, string> = {}) => requestFrom(localAddress, 'GET', url, headers);

describe.runIf(nginxInstalled('the nginx suite') && hasRedis)('deploy/nginx.conf in front of two nodes', () => {
  const prefix = uniquePrefix('nginx');
  const nodes: ServiceProcess[] = [];
  const metricsPorts: number[] = [];
  let nginx: ChildProcess;
  let base: string;
  const clients: LiveClient[] = [];

  beforeAll(async () => {
    const dir = nginxDir();
    const config = join(dir, 'hub.json');
    writeFileSync(config, JSON.stringify({ trustProxy: ['127.0.0.1'], rateLimit: { mobile: { limit: 3, windowSeconds: 3600 } }, stream: { enabled: false } }));
    for (let i = 0; i < 2; i++) {
      const node = startService({ PORT: '0', HOST: '127.0.0.1', REDIS_URL: redisUrl, REDIS_PREFIX: prefix, RADIO_CONFIG: config, METRICS_PORT: '0' });
      nodes.push(node);
    }
    const ports = (await Promise.all(nodes.map((node) => node.listening))) as [number, number];
    for (const node of nodes) {
      await node.logged('metrics on GET /metrics');
      metricsPorts.push(node.lines.find((l) => l.msg === 'metrics on GET /metrics')!.port as number);
    }
    const listen = await freePort();
    base = `http://127.0.0.1:${listen}`;
    nginx = await startNginx(dir, localConfig(dir, listen, ports), async () => {
      expect((await getFrom('127.0.0.1', `${base}/healthz`)).status).toBe(200);
    });
  });

  afterAll(async () => {
    for (const client of clients) client.close();
    await killProcess(nginx);
    await Promise.all(nodes.map((node) => node.stop()));
    await deleteKeys(redisUrl, prefix);
  });

  const connect = async (address: string, transports: Array<'polling' | 'websocket'>) => {
    const client = await connectLive(base, { transports, agent: new Agent({ localAddress: address, keepAlive: true }) });
    clients.push(client);
    return client;
  };

  it('keeps each long-polling session on one node (sticky), spread over both, and delivers across them', async () => {
    const polling = await Promise.all(Array.from({ length: 12 }, (_, i) => connect(`127.0.0.${10 + i}`, ['polling'])));
    // Every session was served by one node through several polls; both nodes hold some of them.
    const perNode = await Promise.all(metricsPorts.map(async (port) => valueOf((await scrapeMetrics(`http://127.0.0.1:${port}/metrics`)).families, 'radio_hub_live_connections')));
    expect(perNode.reduce((a, b) => a! + b!, 0)).toBe(12);
    expect(Math.min(...(perNode as number[]))).toBeGreaterThan(0);

    const ack = await polling[0]!.request('chat:send', { nickname: 'Naomi', message: 'through nginx' });
    expect(ack.success).toBe(true);
    for (const client of polling) {
      expect((await client.next('chat:message', (m) => m.id === ack.data.id)).message).toBe('through nginx');
      expect(client.socket.io.engine.transport.name).toBe('polling');
    }
  });

  it('passes the WebSocket upgrade, both straight away and from long-polling', async () => {
    const direct = await connect('127.0.0.40', ['websocket']);
    expect(direct.socket.io.engine.transport.name).toBe('websocket');
    const upgrading = await connect('127.0.0.41', ['polling', 'websocket']);
    if (upgrading.socket.io.engine.transport.name !== 'websocket') {
      await new Promise((resolve) => upgrading.socket.io.engine.once('upgrade', resolve));
    }
    expect(upgrading.socket.io.engine.transport.name).toBe('websocket');
    const ack = await direct.request('chat:send', { nickname: 'Boaz', message: 'over websocket' });
    expect(ack.success).toBe(true);
    expect((await upgrading.next('chat:message', (m) => m.id === ack.data.id)).message).toBe('over websocket');
  });

  it('rate-limits the real client (X-Forwarded-For from nginx, trusted), not nginx, and a forged header does not help', async () => {
    const status = `${base}/api/mobile/status`;
    for (let i = 0; i < 3; i++) expect((await getFrom('127.0.0.60', status)).status).toBe(200);
    const fourth = await getFrom('127.0.0.60', status);
    expect(fourth.status).toBe(429);
    // A client claiming another address is still itself: nginx appends the address it saw.
    expect((await getFrom('127.0.0.60', status, { 'X-Forwarded-For': '203.0.113.9' })).status).toBe(429);
    // Another client behind the same nginx has its own budget.
    const other = await getFrom('127.0.0.61', status);
    expect(other.status).toBe(200);
    expect(other.headers.ratelimit).toMatch(/r=2;/);
  });

  it('keeps its upstream connections usable after HEAD and 304 answers: the POST after either is served, never a 502', async () => {
    const nowPlaying = `${base}/api/now-playing.php`;
    const etag = String((await getFrom('127.0.0.70', nowPlaying)).headers.etag);
    const post = (address: string, message: string) =>
      requestFrom(address, 'POST', `${base}/api/mobile/chat`, { 'Content-Type': 'application/json' }, JSON.stringify({ nickname: 'Tabitha', message }));
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) {
      // One client address per round: the same node, through nginx's pool of upstream connections.
      const address = `127.0.0.${80 + i}`;
      expect((await requestFrom(address, 'HEAD', `${base}/healthz`)).status).toBe(200);
      statuses.push((await post(address, `after a HEAD, round ${i}`)).status);
      expect((await getFrom(address, nowPlaying, { 'If-None-Match': etag })).status).toBe(304);
      statuses.push((await post(address, `after a 304, round ${i}`)).status);
    }
    expect(statuses).toEqual(Array.from({ length: 20 }, () => 201));
  });

  it("gets a browser's pages to it whatever cookies other pages of the domain set (the hub uses none)", async () => {
    const browser = {
      'User-Agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
      Accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,image/apng,*/*;q=0.8',
      'Accept-Language': 'en-US,en;q=0.9,de;q=0.8',
      'Accept-Encoding': 'gzip, deflate, br, zstd',
      Referer: 'https://radio.example.org/blog/2026/11/a-long-article-title-about-the-christmas-programme',
      'sec-ch-ua': '"Chromium";v="131", "Not_A Brand";v="24"',
      'sec-ch-ua-platform': '"Linux"',
      // 3.8 KB of a content management system's and an analytics tool's cookies.
      Cookie: Array.from({ length: 19 }, (_, i) => `cookie_${i}=${'v'.repeat(190)}`).join('; '),
    };
    for (const path of ['/', '/widget/player', '/healthz']) expect((await getFrom('127.0.0.99', `${base}${path}`, browser)).status, path).toBe(200);
  });
});
