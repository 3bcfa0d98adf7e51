import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import WebSocket from 'ws';
import { afterEach, describe, expect, it } from 'vitest';
import { ClientIdentity } from '../../src/limits/client-identity.js';
import { ipv6Network } from '../../src/net/ip-address.js';
import { MemoryWindowCounter } from '../../src/store/memory/memory-window-counter.js';
import { connectLive, refusedConnection, type LiveClient, type Transport } from '../support/live-client.js';
import { eventually } from '../support/eventually.js';
import { call, startTestServer, type TestServer } from '../support/test-server.js';

/**
 * The limits module as an attacker meets it (issue 10, findings 1, 2 and 7): one client identity
 * (IPv4 address or IPv6 /64) for every budget and ban, one chat budget for REST and sockets, a
 * bounded counter, a connection cap over every namespace, transport and SSE, and the Origin check.
 */

const ADMIN_KEY = 'test-admin-key-0123456789';
const auth = { authorization: `Bearer ${ADMIN_KEY}` };

const servers: TestServer[] = [];
const clients: LiveClient[] = [];
const streams: AbortController[] = [];
const start = async (overrides: Record<string, unknown>, realLimits = false) => {
  const server = await startTestServer(overrides, { realLimits });
  servers.push(server);
  return server;
};
afterEach(async () => {
  while (clients.length) clients.pop()!.close();
  while (streams.length) streams.pop()!.abort();
  while (servers.length) await servers.pop()!.close();
});

const live = async (url: string, options: { transports?: Transport[]; headers?: Record<string, string> } = {}) => {
  const client = await connectLive(url, options);
  clients.push(client);
  return client;
};
/** Opens an SSE stream and holds it (abort to close); rejects when the server refuses it. */
const openStream = async (url: string): Promise<AbortController> => {
  const open = new AbortController();
  streams.push(open);
  const answer = await fetch(url, { signal: open.signal });
  if (answer.status !== 200) {
    await answer.body?.cancel();
    throw new Error(`stream refused: ${answer.status}`);
  }
  return open;
};
/** Closes a live client and resolves when the client has seen its disconnect. */
const disconnect = (client: LiveClient) =>
  new Promise<void>((resolve) => {
    client.socket.once('disconnect', () => resolve());
    client.close();
  });

let counter = 0;
const unique = (text: string) => `${text} ${++counter}`;
const restPost = (url: string, forwardedFor: string, message: string) =>
  call(`${url}/api/mobile/chat`, { headers: { 'x-forwarded-for': forwardedFor }, body: { nickname: 'Spammer', message } });

describe('chat flood by reconnecting (finding 1)', () => {
  const CHAT_LIMIT = 5;
  // A window far longer than the burst, so the burst cannot straddle two windows on a slow machine.
  const floodSettings = {
    trustProxy: ['127.0.0.1'],
    rateLimit: { mobile: { limit: 1_000_000, windowSeconds: 3600 }, chat: { limit: CHAT_LIMIT, windowSeconds: 60 } },
    chat: { socketFlood: { messages: 5, windowSeconds: 60 } },
  };

  it('one client that reconnects between messages and mixes REST and socket posts gets only its budget through; another client is unaffected', async () => {
    const server = await start(floodSettings);
    const flooder = '198.51.100.7';
    let accepted = 0;
    let attempts = 0;
    const refusedRest: Array<{ status: number; code: string; retryAfter: number }> = [];
    const refusedSocket: string[] = [];
    for (let reconnect = 0; reconnect < 10; reconnect++) {
      const client = await live(server.url, { headers: { 'x-forwarded-for': flooder } });
      for (let i = 0; i < 20; i++) {
        attempts += 1;
        if (i % 2 === 0) {
          const ack = await client.request('chat:send', { nickname: 'Spammer', message: unique('buy now') });
          if (ack.success) accepted += 1;
          else refusedSocket.push(ack.error.code);
        } else {
          const answer = await restPost(server.url, flooder, unique('buy now'));
          if (answer.status === 201) accepted += 1;
          else refusedRest.push({ status: answer.status, code: answer.body.error.code, retryAfter: Number(answer.headers.get('retry-after')) });
        }
      }
      await disconnect(client);
    }
    process.stdout.write(`[abuse-limits] chat flood: ${attempts} attempts over 10 reconnects from one IP, REST and socket mixed -> ${accepted} accepted\n`);
    expect(accepted).toBe(CHAT_LIMIT);
    expect(refusedSocket.length).toBeGreaterThan(0);
    expect(new Set(refusedSocket)).toEqual(new Set(['RATE_LIMITED']));
    expect(refusedRest.length).toBeGreaterThan(0);
    for (const refused of refusedRest) {
      expect(refused).toMatchObject({ status: 429, code: 'RATE_LIMITED' });
      expect(refused.retryAfter).toBeGreaterThan(0);
      expect(refused.retryAfter).toBeLessThanOrEqual(60);
    }
    // Everyone else still talks, on both doors.
    const neighbour = '198.51.100.8';
    expect((await restPost(server.url, neighbour, unique('hello'))).status).toBe(201);
    const other = await live(server.url, { headers: { 'x-forwarded-for': neighbour } });
    expect((await other.request('chat:send', { nickname: 'Ruth', message: unique('amen') })).success).toBe(true);
  });
});

describe('IPv6 clients are counted per /64 (finding 2)', () => {
  const network = (i: number) => `2001:db8:1:2:${((i * 7919) & 0xffff).toString(16)}:${i.toString(16)}:0:${(i + 1).toString(16)}`;
  const playlists = (url: string, address: string) => call(`${url}/api/mobile/playlists`, { headers: { 'x-forwarded-for': address } });

  it('150 addresses of one /64 share one HTTP budget; another /64 has its own', async () => {
    const server = await start({ trustProxy: ['127.0.0.1'], rateLimit: { mobile: { limit: 10, windowSeconds: 3600 } } });
    const statuses: number[] = [];
    for (let i = 0; i < 150; i++) statuses.push((await playlists(server.url, network(i))).status);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(200));
    expect(statuses.slice(10)).toEqual(Array(140).fill(429));
    expect((await playlists(server.url, '2001:db8:1:3::1')).status).toBe(200);
  });

  it('a ban on one address of a /64 holds for its neighbours, not for the next /64', async () => {
    const server = await start({ trustProxy: ['127.0.0.1'], adminApiKey: ADMIN_KEY });
    expect((await call(`${server.url}/api/admin/chat/bans`, { headers: auth, body: { ip: '2001:db8:1:2::1', seconds: 600 } })).status).toBe(201);
    const neighbour = await restPost(server.url, '2001:db8:1:2::2', unique('I am back'));
    expect(neighbour.status).toBe(422);
    expect(neighbour.body.success).toBe(false);
    expect((await restPost(server.url, '2001:db8:1:3::1', unique('hello'))).status).toBe(201);
  });

  it('ipv6PrefixLength 128 makes every address its own client again', async () => {
    const server = await start({
      trustProxy: ['127.0.0.1'],
      adminApiKey: ADMIN_KEY,
      rateLimit: { mobile: { limit: 10, windowSeconds: 3600 }, ipv6PrefixLength: 128 },
    });
    for (let i = 0; i < 10; i++) expect((await playlists(server.url, '2001:db8:1:2::1')).status).toBe(200);
    expect((await playlists(server.url, '2001:db8:1:2::1')).status).toBe(429);
    expect((await playlists(server.url, '2001:db8:1:2::2')).status).toBe(200);
    await call(`${server.url}/api/admin/chat/bans`, { headers: auth, body: { ip: '2001:db8:1:2::3', seconds: 600 } });
    expect((await restPost(server.url, '2001:db8:1:2::3', unique('banned'))).status).toBe(422);
    expect((await restPost(server.url, '2001:db8:1:2::2', unique('not banned'))).status).toBe(201);
  });
});

describe('client identity (unit)', () => {
  it('ipv6Network masks to the prefix and spells the network one way', () => {
    expect(ipv6Network('2001:db8:1:2:3:4:5:6', 64)).toBe('2001:db8:1:2::/64');
    expect(ipv6Network('2001:DB8:0001:0002:0000:0000:0000:0009', 64)).toBe('2001:db8:1:2::/64');
    expect(ipv6Network('2001:db8:abcd:12:1:2:3:4', 48)).toBe('2001:db8:abcd::/48');
    expect(ipv6Network('2001:db8:abcd:ffff::1', 48)).toBe('2001:db8:abcd::/48');
    expect(ipv6Network('2001:db8:1:2::1', 128)).toBe('2001:db8:1:2::1/128');
    expect(ipv6Network('2001:db8:1:2::1', 0)).toBe('::/0');
    // a prefix inside a group keeps only its leading bits
    expect(ipv6Network('2001:db8:1:2ff::1', 56)).toBe('2001:db8:1:200::/56');
  });

  it('ipv6Network reads an embedded IPv4 tail and drops a zone id', () => {
    expect(ipv6Network('2001:db8::192.0.2.1', 128)).toBe('2001:db8::c000:201/128');
    expect(ipv6Network('64:ff9b::192.0.2.1', 96)).toBe('64:ff9b::/96');
    expect(ipv6Network('fe80::1%eth0', 64)).toBe('fe80::/64');
    expect(ipv6Network('FE80::1%25eth0', 128)).toBe('fe80::1/128');
    expect(ipv6Network('fe80::1%eth0', 64)).toBe(ipv6Network('fe80::abcd%eth1', 64));
  });

  it('an IPv4-mapped address is the IPv4 client, whoever spells it', () => {
    const identity = new ClientIdentity(['127.0.0.1'], 64);
    expect(identity.of('::ffff:127.0.0.1', '::ffff:192.0.2.1')).toEqual({ ip: '192.0.2.1', key: '192.0.2.1' });
    expect(identity.keyOf('192.0.2.1')).toBe('192.0.2.1');
    expect(identity.of('127.0.0.1', '2001:db8:1:2::9').key).toBe('2001:db8:1:2::/64');
    // an untrusted peer's X-Forwarded-For is ignored
    expect(identity.of('203.0.113.9', '2001:db8:1:2::9').key).toBe('203.0.113.9');
    expect(new ClientIdentity([], 48).of('2001:db8:1:2::9', '').key).toBe('2001:db8:1::/48');
  });
});

describe('bounded in-memory counter (finding 2)', () => {
  it('550,000 distinct clients keep the count at the cap, finished windows go, the newest keys count right', async () => {
    let now = 1_000_000;
    const cap = 100_000;
    const counter = new MemoryWindowCounter(10, cap, () => now);
    for (let i = 0; i < 550_000; i++) {
      counter.hitNow(`198.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}:${i}`);
      if (i % 1000 === 0) now += 1; // time passes, but less than one window over the whole run
    }
    // exactly the newest `cap` clients are tracked: the oldest of them still counts, the one before it was pushed out
    const key = (i: number) => `198.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}:${i}`;
    const counted = async (i: number) => (await counter.peek(key(i))).count;
    expect(await counted(550_000 - cap)).toBe(1);
    expect(await counted(549_999 - cap)).toBe(0);
    // the newest keys are tracked and keep counting in their window
    const newest = key(549_999);
    expect(counter.hitNow(newest).count).toBe(2);
    expect(counter.hitNow(newest).count).toBe(3);
    // the oldest were pushed out: one of them starts over
    expect(counter.hitNow('198.0.0.0:0').count).toBe(1);
    // ...and took the place of the oldest tracked one, no more
    expect(await counted(550_000 - cap)).toBe(0);
    expect(await counted(550_001 - cap)).toBe(1);

    // once every window has ended, the next hit drops them all
    now += 10_001;
    const fresh = counter.hitNow('203.0.113.1');
    expect(fresh).toEqual({ count: 1, resetMs: 10_000 });
    expect(await counted(549_999)).toBe(0);
    expect(counter.hitNow('203.0.113.1')).toEqual({ count: 2, resetMs: 10_000 });
    now += 4_000;
    expect(counter.hitNow('203.0.113.1')).toEqual({ count: 3, resetMs: 6_000 });
    now += 6_000;
    expect(counter.hitNow('203.0.113.1')).toEqual({ count: 1, resetMs: 10_000 });
  });

  it('drops only the windows that have ended', () => {
    let now = 0;
    const counter = new MemoryWindowCounter(10, 1000, () => now);
    for (let i = 0; i < 5; i++) counter.hitNow(`early-${i}`);
    now = 5_000;
    for (let i = 0; i < 3; i++) counter.hitNow(`late-${i}`);
    now = 10_000; // the early windows end, the late ones run until 15,000
    counter.hitNow('newcomer'); // a new window is when finished ones are dropped (what that frees: the heap test below)
    expect(counter.hitNow('late-1').count).toBe(2);
    expect(counter.hitNow('early-0').count).toBe(1);
  });

  it('reports the heap held by 100,000 tracked clients, and gives it back once their windows end', async () => {
    // gc without --expose-gc on the command line: the flag set at run time, the function taken
    // from a fresh context (where V8 installs it)
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as (() => void) | undefined;
    gc?.();
    const before = process.memoryUsage().heapUsed;
    let now = 0;
    const counter = new MemoryWindowCounter(3600, 100_000, () => now);
    // IPv6 /64 keys are the longest a client key gets
    for (let i = 0; i < 100_000; i++) counter.hitNow(`2001:db8:${(i >> 16).toString(16)}:${(i & 0xffff).toString(16)}::/64`);
    gc?.();
    const after = process.memoryUsage().heapUsed;
    // every one of them is tracked (the last and the first still count)
    expect((await counter.peek('2001:db8:1:869f::/64')).count).toBe(1);
    expect((await counter.peek('2001:db8:0:0::/64')).count).toBe(1);
    process.stdout.write(
      `[abuse-limits] heap for 100,000 tracked clients: ${((after - before) / 1024 / 1024).toFixed(1)} MB` + ` (${gc ? 'after gc' : 'without --expose-gc, so garbage included'})\n`,
    );

    // once their windows have ended, the next new client's hit drops them all: the heap is given back
    now = 3_600_000;
    expect(counter.hitNow('2001:db8:ffff:0::/64').count).toBe(1);
    expect(gc).toBeDefined();
    gc!();
    const dropped = process.memoryUsage().heapUsed;
    expect(dropped - before).toBeLessThan((after - before) / 4);
  });
});

describe('live connections per client (finding 7)', () => {
  const capSettings = { live: { maxConnectionsPerClient: 3 } };

  it('the main namespace / is refused and holds no place', async () => {
    const server = await start(capSettings);
    for (let i = 0; i < 5; i++) {
      const error = await refusedConnection(server.url, { namespace: '/' });
      expect(error.message).toMatch(/\/live namespace only/);
    }
    // the refused connections gave their places back (once the server has seen them go): the cap's 3 are free
    for (let i = 0; i < 3; i++) await eventually(() => live(server.url));
  });

  it('counts engine connections on both transports and SSE streams against one cap; closing one frees a place', async () => {
    const server = await start(capSettings);
    const [a] = [await live(server.url), await live(server.url, { transports: ['polling'] }), await live(server.url)];
    // a 4th is refused at the handshake, on either transport
    await refusedConnection(server.url, { transports: ['websocket'] });
    await refusedConnection(server.url, { transports: ['polling'] });
    // one refusal for both doors: 429 RATE_LIMITED with the same Retry-After
    expect(await rawHandshake(server.url, {})).toBe(429);
    const sse = await fetch(`${server.url}/api/live/events`);
    expect(sse.status).toBe(429);
    expect(((await sse.json()) as { error: { code: string } }).error.code).toBe('RATE_LIMITED');
    const handshake = await fetch(`${server.url}/socket.io/?EIO=4&transport=polling`);
    expect(handshake.headers.get('retry-after')).toBe(sse.headers.get('retry-after'));

    await disconnect(a);
    // the server frees the place when it sees the close: an SSE stream is let in then
    const stream = await eventually(() => openStream(`${server.url}/api/live/events`));
    // the SSE stream holds the freed place: a socket is refused again
    expect(await rawHandshake(server.url, {})).toBe(429);
    stream.abort();
    // and gives it back when it goes
    await eventually(() => live(server.url));
  });

  it('a socket that leaves /live on a multiplexed engine connection gets no more live events', async () => {
    const server = await start({});
    const engine = await RawEngine.open(server.url);
    try {
      engine.send('40/live,');
      await engine.frame((f) => f.startsWith('40/live,'));
      const witness = await live(server.url);
      const before = unique('while joined');
      await restPost(server.url, '127.0.0.1', before);
      await witness.next('chat:message', (m) => m.message === before);
      await engine.frame((f) => f.startsWith('42/live,') && f.includes(before));

      // leave /live; the engine connection stays open (Socket.IO keeps it for other namespaces)
      engine.send('41/live,');
      // the server answers packets of one connection in order: once it refuses a namespace asked
      // after the leave, it has processed the leave
      await engine.barrier();
      const after = unique('after leaving');
      await restPost(server.url, '127.0.0.1', after);
      await witness.next('chat:message', (m) => m.message === after);
      // anything published before this second answer would have reached the connection before it
      await engine.barrier();
      expect(engine.isOpen).toBe(true);
      expect(engine.frames.filter((f) => f.includes(after))).toEqual([]);
    } finally {
      engine.close();
    }
  });
});

/** The WebSocket handshake status of a raw Engine.IO client (101 when it opened). */
const rawHandshake = (url: string, headers: Record<string, string>) =>
  new Promise<number>((resolve, reject) => {
    const ws = new WebSocket(`${url.replace('http', 'ws')}/socket.io/?EIO=4&transport=websocket`, { headers });
    ws.once('open', () => {
      ws.close();
      resolve(101);
    });
    ws.once('unexpected-response', (_req, res) => {
      res.resume();
      ws.terminate();
      resolve(res.statusCode ?? 0);
    });
    ws.once('error', reject);
  });

/**
 * Engine.IO v4 over a raw WebSocket, frame by frame: what socket.io-client cannot show (it closes
 * the engine connection once its last namespace socket is gone).
 */
class RawEngine {
  readonly frames: string[] = [];
  private readonly waiters: Array<{ match: (frame: string) => boolean; resolve: (frame: string) => void }> = [];
  private probes = 0;

  private constructor(private readonly ws: WebSocket) {
    ws.on('message', (data) => {
      const frame = (data as Buffer).toString('utf8'); // text frames arrive as a Buffer (ws 8)
      if (frame === '2') ws.send('3'); // answer the server's ping
      this.frames.push(frame);
      for (const waiter of [...this.waiters]) {
        if (waiter.match(frame)) {
          this.waiters.splice(this.waiters.indexOf(waiter), 1);
          waiter.resolve(frame);
        }
      }
    });
  }

  static async open(url: string): Promise<RawEngine> {
    const ws = new WebSocket(`${url.replace('http', 'ws')}/socket.io/?EIO=4&transport=websocket`);
    const engine = new RawEngine(ws);
    await engine.frame((f) => f.startsWith('0{'));
    return engine;
  }

  /** The first frame (already received or to come) that matches. */
  frame(match: (frame: string) => boolean): Promise<string> {
    const seen = this.frames.find(match);
    if (seen !== undefined) return Promise.resolve(seen);
    return new Promise((resolve) => this.waiters.push({ match, resolve }));
  }

  send(frame: string): void {
    this.ws.send(frame);
  }

  /** Asks for a namespace that does not exist and waits for its refusal. */
  async barrier(): Promise<void> {
    const name = `/probe-${++this.probes}`;
    this.send(`40${name},`);
    await this.frame((f) => f.startsWith(`44${name},`));
  }

  get isOpen(): boolean {
    return this.ws.readyState === WebSocket.OPEN;
  }

  close(): void {
    this.ws.close();
  }
}

describe('WebSocket Origin (finding 7)', () => {
  const allowed = 'https://radio.example.org';
  it('refuses a WebSocket from an origin outside server.corsOrigins; the allowed origin and non-browser clients connect', async () => {
    const server = await start({ server: { corsOrigins: [allowed] } });
    await refusedConnection(server.url, { extraHeaders: { origin: 'https://evil.example' } });
    expect(await rawHandshake(server.url, { origin: 'https://evil.example' })).toBe(403);
    expect(await rawHandshake(server.url, { origin: allowed })).toBe(101);
    expect(await rawHandshake(server.url, {})).toBe(101);
    const browser = await live(server.url, { headers: { origin: allowed } });
    expect((await browser.request('chat:send', { nickname: 'Ruth', message: unique('from the site') })).success).toBe(true);
    await live(server.url);
  });
});
