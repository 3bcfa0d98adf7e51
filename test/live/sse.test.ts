import { connect, type Socket } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../support/eventually.js';
import { IcecastServer, icecastInstalled, type TestSource } from '../support/icecast.js';
import { connectLive } from '../support/live-client.js';
import { connectSse, type SseClient } from '../support/sse-client.js';
import { sseStreams, startWithMetrics, type MetricsTestServer } from '../support/metrics-server.js';
import { call, type TestServer } from '../support/test-server.js';

const MOUNT = '/live.mp3';
const post = (server: TestServer, message: string) => call(`${server.url}/api/mobile/chat`, { body: { nickname: 'grace', message } });

/** Reads a raw SSE response as text until `done(text)` holds, then cancels it. */
async function readStream(url: string, headers: Record<string, string>, done: (text: string) => boolean): Promise<{ status: number; headers: Headers; text: string }> {
  const response = await fetch(url, { headers });
  let text = '';
  const decoder = new TextDecoder();
  const reader = response.body!.getReader();
  while (!done(text)) {
    const { value, done: ended } = await reader.read();
    if (ended) break;
    text += decoder.decode(value, { stream: true });
  }
  await reader.cancel();
  return { status: response.status, headers: response.headers, text };
}

describe('SSE feed /api/live/events', () => {
  let server: MetricsTestServer;
  const sources: SseClient[] = [];
  const open = (query = '', options: { lastEventId?: string } = {}) => {
    const client = connectSse(`${server.url}/api/live/events${query}`, options);
    sources.push(client);
    return client;
  };

  beforeAll(async () => {
    server = await startWithMetrics({
      chat: { repeatWindowSeconds: 0 },
      live: { maxConnectionsPerClient: 6, sse: { heartbeatSeconds: 1, historySize: 50, maxBufferedBytes: 65536, retryMs: 500 } },
    });
  });
  afterEach(() => {
    for (const source of sources.splice(0)) source.close();
  });
  afterAll(async () => {
    await server?.close();
  });

  it('sends now playing at once, then chat only to a client that asked for it, in the Socket.IO payloads', async () => {
    const plain = open();
    const withChat = open('?events=nowplaying,chat:message');
    const socket = await connectLive(server.url);
    try {
      expect((await plain.next('nowplaying')).payload).toEqual(await socket.next('nowplaying'));
      await withChat.next('nowplaying');
      const posted = await post(server, 'Praise the Lord!');
      expect(posted.status).toBe(201);
      const message = await withChat.next('chat:message');
      expect(message.payload).toEqual(posted.body.data);
      expect(message.payload).toEqual(await socket.next('chat:message', (m) => m.id === posted.body.data.id));
      expect(message.id).toMatch(/^\d+-\d+$/);
      // A later event reached the plain client: the chat message before it would have too.
      server.app.live.publish('listeners', { current: 7, peak_today: 9 });
      expect((await plain.next('listeners')).payload).toEqual({ current: 7, peak_today: 9 });
      expect(plain.received.map((m) => m.event)).not.toContain('chat:message');
    } finally {
      socket.close();
    }
  });

  it('resumes after Last-Event-ID with exactly the missed events, from the header or ?lastEventId=', async () => {
    const first = open('?events=chat:message');
    await first.opened(1);
    const before = await post(server, 'before the gap');
    const seen = await first.next('chat:message', (m) => m.id === before.body.data.id);
    first.close();
    const missed = [await post(server, 'missed one'), await post(server, 'missed two')].map((r) => r.body.data);

    const resumed = open('?events=chat:message', { lastEventId: seen.id });
    expect((await resumed.next('chat:message')).payload).toEqual(missed[0]);
    expect((await resumed.next('chat:message')).payload).toEqual(missed[1]);
    // No snapshot when the history knows the id: nothing was invented in between.
    expect(resumed.received.map((m) => m.event)).toEqual(['chat:message', 'chat:message']);

    const byQuery = await readStream(`${server.url}/api/live/events?events=chat:message&lastEventId=${encodeURIComponent(seen.id)}`, {}, (text) => text.includes('missed two'));
    expect(byQuery.text.match(/event: chat:message/g)).toHaveLength(2);
  });

  it('sends only the events asked for: a chat-only stream starts with the newest id and no event, and resumes from it', async () => {
    const before = await post(server, 'said before the stream opened');
    const { text } = await readStream(`${server.url}/api/live/events?events=chat:message`, {}, (t) => /^retry: \d+\n\n/.test(t) && t.endsWith('\n\n') && t.includes('id: '));
    const newest = /^retry: \d+\n\nid: (\S+)\n\n$/.exec(text);
    expect(newest, text).not.toBeNull();
    expect(text).not.toContain('event:');
    // resuming from that id misses nothing said after it, and repeats nothing said before
    const after = await post(server, 'said after the stream opened');
    const resumed = open('?events=chat:message', { lastEventId: newest![1]! });
    expect((await resumed.next('chat:message')).payload).toEqual(after.body.data);
    expect(resumed.received.map((m) => m.payload.id)).not.toContain(before.body.data.id);
  });

  it('answers an unknown or rolled-off id with retry and a fresh snapshot', async () => {
    const { status, headers, text } = await readStream(`${server.url}/api/live/events`, { 'Last-Event-ID': '1-0' }, (t) => t.includes('event: nowplaying'));
    expect(status).toBe(200);
    expect(headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(headers.get('cache-control')).toContain('no-cache');
    expect(text).toMatch(/^retry: 500\n\n/);
    const data = JSON.parse(/event: nowplaying\ndata: (.*)\n/.exec(text)![1]!);
    expect(data).toEqual((await call(`${server.url}/api/mobile/nowplaying`)).body.data);
  });

  it('sends a heartbeat comment on a quiet stream', async () => {
    const { text } = await readStream(`${server.url}/api/live/events?events=chat:deleted`, {}, (t) => t.includes('\n:\n\n'));
    expect(text).toContain('\n:\n\n');
  });

  it('sends no heartbeat comment on a stream that carries events, while a quiet one gets them', async () => {
    // An event every 100 ms: the busy stream is never quiet for a whole beat (1 s here).
    let sent = 0;
    const ticker = setInterval(() => server.app.live.publish('chat:message', { id: `busy-${++sent}`, nickname: 'grace', message: 'still singing', timestamp: 0 }), 100);
    try {
      let quietDone = false;
      const busy = readStream(`${server.url}/api/live/events?events=chat:message`, {}, () => quietDone);
      const quiet = await readStream(`${server.url}/api/live/events?events=chat:deleted`, {}, (t) => t.split('\n:\n\n').length > 3);
      quietDone = true;
      const { text } = await busy;
      expect(quiet.text.split('\n:\n\n').length).toBeGreaterThan(3);
      expect(text).toContain('event: chat:message');
      expect(text).not.toContain('\n:\n\n');
    } finally {
      clearInterval(ticker);
    }
  });

  it('refuses unknown event names with 400 and the error envelope', async () => {
    const answer = await call(`${server.url}/api/live/events?events=nowplaying,songs`);
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ success: false, error: { code: 'VALIDATION_FAILED', details: [{ field: 'events' }] } });
  });

  it('answers other methods 405 with Allow, as every route of the edge does, with the request id', async () => {
    const answer = await call(`${server.url}/api/live/events`, { method: 'POST', body: {}, headers: { 'X-Request-Id': 'sse-405' } });
    expect(answer.status).toBe(405);
    expect(answer.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
    expect(answer.headers.get('x-request-id')).toBe('sse-405');
    expect(answer.body.error.code).toBe('METHOD_NOT_ALLOWED');
  });

  it('answers HEAD with the head of a stream and no body, taking no place', async () => {
    const raw = connect(Number(new URL(server.url).port), '127.0.0.1');
    let text = '';
    raw.on('data', (chunk: Buffer) => (text += chunk.toString('latin1')));
    // Then a GET on the same connection: a HEAD answer with a body would be read as its start.
    raw.write('HEAD /api/live/events HTTP/1.1\r\nHost: x\r\n\r\nGET /api/live/events?events=nowplaying HTTP/1.1\r\nHost: x\r\n\r\n');
    await eventually(async () => expect(text).toContain('event: nowplaying'));
    raw.destroy();
    const [head, rest] = [text.slice(0, text.indexOf('\r\n\r\n')), text.slice(text.indexOf('\r\n\r\n') + 4)];
    expect(head).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    expect(head.toLowerCase()).toContain('content-type: text/event-stream');
    // The very next bytes are the GET's answer.
    expect(rest).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
  });

  it('echoes the request id on the stream, and answers a bad request with it and the CORS headers', async () => {
    const { headers } = await readStream(`${server.url}/api/live/events`, { 'X-Request-Id': 'widget-42' }, (t) => t.includes('nowplaying'));
    expect(headers.get('x-request-id')).toBe('widget-42');
    const raw = connect(Number(new URL(server.url).port), '127.0.0.1');
    let head = '';
    raw.on('data', (chunk: Buffer) => (head += chunk.toString('latin1')));
    raw.write('GET /api/live/events HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    await eventually(async () => expect(head).toContain('event: nowplaying'));
    raw.destroy();
    expect(head.toLowerCase()).toContain('\r\nconnection: close\r\n');
    const refused = await call(`${server.url}/api/live/events?events=songs`, { headers: { 'X-Request-Id': 'widget-43', Origin: 'https://church.example' } });
    expect(refused.headers.get('x-request-id')).toBe('widget-43');
    expect(refused.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('allows cross-origin EventSource (CORS as for live clients) and answers its preflight', async () => {
    const { headers } = await readStream(`${server.url}/api/live/events`, { Origin: 'https://church.example' }, (t) => t.includes('nowplaying'));
    expect(headers.get('access-control-allow-origin')).toBe('*');
    const preflight = await fetch(`${server.url}/api/live/events`, { method: 'OPTIONS', headers: { Origin: 'https://church.example', 'Access-Control-Request-Headers': 'last-event-id' } });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-headers')).toContain('Last-Event-ID');
    // EventSource polyfills send Cache-Control: no-cache.
    expect(preflight.headers.get('access-control-allow-headers')).toContain('Cache-Control');
    expect(preflight.headers.get('access-control-allow-methods')).toBe('GET, HEAD, OPTIONS');
  });

  it('caps streams per address like live clients, and frees the place when one closes', async () => {
    // Streams of earlier tests are closed by the client; the server counts them off when it sees that.
    await eventually(async () => expect(await sseStreams(server)).toBe(0));
    const held = [0, 1, 2, 3, 4, 5].map(() => open());
    await Promise.all(held.map((c) => c.next('nowplaying')));
    const refused = await call(`${server.url}/api/live/events`);
    expect(refused.status).toBe(429);
    expect(refused.body.error.code).toBe('RATE_LIMITED');
    expect(refused.headers.get('retry-after')).toBeTruthy();
    held[0]!.close();
    await eventually(async () => expect(await sseStreams(server)).toBe(5));
    await open().next('nowplaying');
  });

  it('cuts off a reader that never reads, while a reading client gets every event', async () => {
    const reader = open('?events=chat:message');
    await reader.opened(1);
    const slow: Socket = connect(Number(new URL(server.url).port), '127.0.0.1');
    await new Promise((resolve) => slow.once('connect', resolve));
    slow.pause(); // never reads: the kernel buffers fill, then uWS reports backpressure
    slow.write('GET /api/live/events?events=chat:message HTTP/1.1\r\nHost: x\r\n\r\n');
    await eventually(async () => expect(await sseStreams(server)).toBe(2));
    const big = 'x'.repeat(32 * 1024);
    let sent = 0;
    while ((await sseStreams(server)) === 2) {
      if (sent === 2000) throw new Error('the slow reader was never dropped');
      const id = `big-${sent++}`;
      server.app.live.publish('chat:message', { id, nickname: 'bench', message: big, timestamp: 0 });
      await reader.next('chat:message', (m) => m.id === id);
    }
    // The server closed it: reading what it was sent ends with the close, long before all of it.
    let bytes = 0;
    slow.on('data', (chunk: Buffer) => (bytes += chunk.length));
    slow.resume();
    await new Promise((resolve) => slow.once('close', resolve));
    expect(bytes).toBeLessThan(sent * big.length);
    process.stdout.write(`[sse] slow reader dropped after ${sent} events of 32 KiB (${(bytes / 2 ** 20).toFixed(1)} MiB reached it)\n`);
    // The reading client is still served.
    server.app.live.publish('chat:message', { id: 'after', nickname: 'bench', message: 'still here', timestamp: 0 });
    expect((await reader.next('chat:message', (m) => m.id === 'after')).payload.message).toBe('still here');
  });
});

describe.skipIf(!icecastInstalled())('SSE now playing from a real Icecast 2.4', () => {
  let icecast: IcecastServer;
  let server: MetricsTestServer;
  let source: TestSource | null = null;

  beforeAll(async () => {
    icecast = await IcecastServer.start();
    server = await startWithMetrics({ stream: { kind: 'icecast', statusUrl: icecast.statusUrl, mount: MOUNT, enabled: false } });
  });
  afterAll(async () => {
    source?.disconnect();
    await server?.close();
    await icecast?.stop();
  });

  it('gets the new song within one poll of the metadata change', async () => {
    source = await icecast.connectSource(MOUNT, 128);
    await server.app.poller.tick();
    const client = connectSse(`${server.url}/api/live/events`);
    try {
      expect((await client.next('nowplaying')).payload.online).toBe(true);
      await icecast.setSong(MOUNT, { song: 'Lauren Daigle - You Say' });
      // Icecast applies metadata with its next audio block; once it reports the song, one poll must do.
      await eventually(async () => expect(await icecast.rawStatus()).toContain('You Say'));
      await server.app.poller.tick();
      const changed = await client.next('nowplaying', (p) => p.now_playing?.song.title === 'You Say');
      expect(changed.payload.now_playing.song).toMatchObject({ artist: 'Lauren Daigle', title: 'You Say' });
      expect(changed.id).toMatch(/^\d+-\d+$/);
    } finally {
      client.close();
    }
  });
});
