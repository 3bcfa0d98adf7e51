import { createHash } from 'node:crypto';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteKeys, serverStores } from '../support/redis.js';
import { call, startTestServer, type TestServer } from '../support/test-server.js';

// Issue 33, item 4: on the memory store a stream opens inside the uWS callback with a snapshot
// encoded once and reused; on Redis it opens after its reads. What a client receives must not
// tell the two apart, and the reused snapshot must never be an old one.

const PLAYOUT_KEY = 'playout-automation-key-with-enough-entropy-33';
const hash = (key: string) => `sha256:${createHash('sha256').update(key).digest('hex')}`;
// A clock that stands still: every open below falls in the same second, where the snapshot is reused.
const STOPPED_AT = Date.parse('2026-11-28T03:00:00Z');

/** The raw bytes of a stream's answer up to and including its first frame after the retry line. */
function openRaw(url: string, query: string, headers: Record<string, string>): Promise<{ head: string[]; frames: string }> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    let bytes = '';
    socket.on('connect', () => {
      const lines = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`);
      socket.write(`GET /api/live/events${query} HTTP/1.1\r\nHost: ${hostname}\r\n${lines.join('')}\r\n`);
    });
    socket.on('data', (data) => {
      bytes += data.toString('latin1');
      const end = bytes.indexOf('\r\n\r\n');
      if (end < 0) return;
      const frames = dechunk(bytes.slice(end + 4));
      // The retry line, then one more frame (the snapshot or the newest id).
      if (frames.split('\n\n').length < 3) return;
      socket.destroy();
      resolve({ head: bytes.slice(0, end).split('\r\n'), frames });
    });
    socket.on('error', reject);
    socket.on('close', () => reject(new Error(`closed after ${JSON.stringify(bytes)}`)));
  });
}

/**
 * The whole chunks of a chunked body (a stream has no length), joined. uWS sends a chunk's closing
 * CRLF with the next write, so a chunk counts once its data is in.
 */
function dechunk(body: string): string {
  let text = '';
  for (let at = 0; ;) {
    if (body.startsWith('\r\n', at)) at += 2;
    const line = body.indexOf('\r\n', at);
    if (line < 0) return text;
    const size = parseInt(body.slice(at, line), 16);
    if (!(size > 0) || body.length < line + 2 + size) return text;
    text += body.slice(line + 2, line + 2 + size);
    at = line + 2 + size;
  }
}

/** The id of a stream's first frame after the retry line, as [milliseconds, sequence]. */
function idOf(frames: string): [number, number] {
  const id = /^retry: \d+\n\nid: (\d+)-(\d+)\n/.exec(frames);
  if (!id) throw new Error(`no id in ${JSON.stringify(frames)}`);
  return [Number(id[1]), Number(id[2])];
}

/** The head without what differs by the second or the build (uWS's Date and its own name header). */
const steadyHead = (head: string[]) => head.filter((line) => !/^(Date|uWebSockets):/i.test(line));

describe.each(serverStores('sse-opening'))('an SSE stream opening on the $name store', ({ available, redis }) => {
  let server: TestServer;

  beforeAll(async () => {
    if (!available) return;
    server = await startTestServer(
      { chat: { repeatWindowSeconds: 0 }, staff: [{ name: 'Playout', role: 'automation', keyHash: hash(PLAYOUT_KEY) }], live: { sse: { retryMs: 1500 } }, ...(redis ? { redis } : {}) },
      { clock: () => STOPPED_AT },
    );
  });
  afterAll(async () => {
    await server?.close();
    if (redis) await deleteKeys(redis.url, redis.prefix);
  });

  it.skipIf(!available)('has the head every stream of the edge has, byte for byte, then the retry line and the snapshot', async () => {
    const { head, frames } = await openRaw(server.url, '?events=nowplaying,chat:message', { 'X-Request-Id': 'opening-1', Origin: 'https://church.example' });
    expect(steadyHead(head)).toEqual([
      'HTTP/1.1 200 OK',
      'X-Request-Id: opening-1',
      'Access-Control-Allow-Origin: *',
      'Access-Control-Expose-Headers: RateLimit, RateLimit-Policy, Retry-After, X-Request-Id, ETag',
      'Cache-Control: no-cache, no-transform',
      'X-Accel-Buffering: no',
      'Content-Type: text/event-stream; charset=utf-8',
      'Transfer-Encoding: chunked',
    ]);
    expect(frames).toMatch(/^retry: 1500\n\n(id: \d+-\d+\n)?event: nowplaying\ndata: \{.*\}\n\n$/);
  });

  it.skipIf(!available)('starts each stream with the current song and the newest id, within one second of the last stream', async () => {
    expect((await call(`${server.url}/api/mobile/chat`, { body: { nickname: 'grace', message: 'before the first stream' } })).status).toBe(201);
    const first = idOf((await openRaw(server.url, '?events=nowplaying,chat:message', {})).frames);

    // A chat message since: the next stream resumes after it, not after the id the last snapshot named.
    expect((await call(`${server.url}/api/mobile/chat`, { body: { nickname: 'grace', message: 'between the streams' } })).status).toBe(201);
    const second = idOf((await openRaw(server.url, '?events=nowplaying,chat:message', {})).frames);
    expect(second[0] > first[0] || (second[0] === first[0] && second[1] > first[1]), `${second.join('-')} after ${first.join('-')}`).toBe(true);
    const chatOnly = await openRaw(server.url, '?events=chat:message', {});
    expect(chatOnly.frames).toBe(`retry: 1500\n\nid: ${second.join('-')}\n\n`);

    // A new song since: the next stream starts with it, in the same second.
    const pushed = await call(`${server.url}/api/admin/nowplaying`, { headers: { authorization: `Bearer ${PLAYOUT_KEY}` }, body: { artist: 'CeCe Winans', title: 'Goodness of God' } });
    expect(pushed.status).toBe(200);
    const third = await openRaw(server.url, '?events=nowplaying', {});
    const snapshot = JSON.parse(/data: (.*)\n\n$/.exec(third.frames)![1]!) as { now_playing: { song: { title: string } } | null };
    expect(snapshot.now_playing?.song.title).toBe('Goodness of God');
  });

  it.skipIf(!available)('answers a HEAD with the same head and no stream', async () => {
    const answer = await fetch(`${server.url}/api/live/events`, { method: 'HEAD', headers: { 'X-Request-Id': 'opening-head' } });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('x-request-id')).toBe('opening-head');
    expect(answer.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(answer.headers.get('x-accel-buffering')).toBe('no');
    expect(answer.headers.get('cache-control')).toBe('no-cache, no-transform');
  });
});
