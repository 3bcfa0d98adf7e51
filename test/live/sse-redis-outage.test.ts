import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../support/eventually.js';
import { RedisServerProcess, redisServerInstalled } from '../support/redis-server-process.js';
import { connectSse } from '../support/sse-client.js';
import { call, startTestServer, type TestServer } from '../support/test-server.js';

interface LogLine {
  level: number;
  msg: string;
  component?: string;
  err?: unknown;
  failed?: number;
}

// Needs the redis-server binary (installed by .ci/run) to run a Redis it may kill and freeze.
describe.skipIf(!redisServerInstalled())('SSE while Redis goes away and comes back', () => {
  let redis: RedisServerProcess;
  let server: TestServer;
  const lines: LogLine[] = [];
  const events = (query = '') => `${server.url}/api/live/events${query}`;

  beforeAll(async () => {
    redis = await RedisServerProcess.startOnFreePort();
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString().split('\n')) if (line) lines.push(JSON.parse(line) as LogLine);
        done();
      },
    });
    server = await startTestServer(
      {
        redis: { url: redis.url, prefix: 'sse-outage:', commandTimeoutMs: 200 },
        live: { sse: { heartbeatSeconds: 15, historySize: 100, maxBufferedBytes: 65536, retryMs: 100 } },
      },
      { log: pino({ level: 'info' }, sink) },
    );
  });
  afterAll(async () => {
    await server?.close();
    await redis?.kill();
  });

  it('answers 503 with Retry-After (never a 200 and an empty stream) while Redis is down, with one log line for the whole outage', async () => {
    await redis.kill();
    const before = lines.length;
    for (let i = 0; i < 20; i++) {
      const answer = await call(events('?events=chat:message'), { headers: { 'Last-Event-ID': '1-0' } });
      expect(answer.status).toBe(503);
      expect(answer.headers.get('retry-after')).toBe('5');
      expect(answer.body).toMatchObject({ success: false, error: { code: 'UNAVAILABLE' } });
    }
    expect((await call(`${server.url}/healthz`)).status).toBe(200);
    // Events published meanwhile still go out live; that the history missed them is said once too.
    for (let i = 0; i < 5; i++) server.app.live.publish('listeners', { current: i, peak_today: i });
    await eventually(async () => expect(lines.slice(before).filter((l) => l.component === 'live')).toHaveLength(1));
    const during = lines.slice(before);
    expect(during.filter((l) => l.component === 'live')).toEqual([expect.objectContaining({ level: 40, msg: expect.stringContaining('not recorded') })]);
    // The Redis outage line, and one line saying streams cannot start: no line (and no stack) per open.
    expect(during.filter((l) => l.component === 'sse')).toEqual([expect.objectContaining({ level: 40, msg: expect.stringContaining('SSE streams cannot start') })]);
    expect(during.filter((l) => l.err !== undefined)).toEqual([]);
    expect(during.length).toBeLessThanOrEqual(4);

    await redis.start();
    await eventually(async () => expect((await call(`${server.url}/readyz`)).status).toBe(200));
    const client = connectSse(events('?events=nowplaying,chat:message'));
    try {
      const snapshot = await client.next('nowplaying');
      expect(snapshot.payload).toEqual((await call(`${server.url}/api/mobile/nowplaying`)).body.data);
      const posted = await call(`${server.url}/api/mobile/chat`, { body: { nickname: 'grace', message: 'back again' } });
      expect((await client.next('chat:message')).payload).toEqual(posted.body.data);
    } finally {
      client.close();
    }
    // Back: one line each, with how many failed meanwhile.
    expect(lines.filter((l) => l.component === 'sse' && l.msg.includes('start again'))).toEqual([expect.objectContaining({ failed: 20 })]);
    expect(lines.filter((l) => l.component === 'live' && l.msg.includes('recorded again'))).toEqual([expect.objectContaining({ failed: 5 })]);
  });

  it('answers 503 when Redis hangs, and HEAD with a head and no body', async () => {
    await eventually(async () => expect((await call(`${server.url}/readyz`)).status).toBe(200));
    redis.pause();
    try {
      const answer = await call(events());
      expect(answer.status).toBe(503);
      expect(answer.headers.get('retry-after')).toBe('5');
      // HEAD costs nothing and reads nothing: the head of a stream, no body.
      const head = await fetch(events(), { method: 'HEAD' });
      expect(head.status).toBe(200);
      expect(head.headers.get('content-type')).toMatch(/^text\/event-stream/);
      expect(await head.text()).toBe('');
    } finally {
      redis.resume();
    }
  });
});
