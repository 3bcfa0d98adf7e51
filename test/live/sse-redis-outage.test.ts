import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../support/eventually.js';
import { freePort, RedisServerProcess, redisServerInstalled } from '../support/redis-server-process.js';
import { connectSse } from '../support/sse-client.js';
import { call, startTestServer, type TestServer } from '../support/test-server.js';

// Needs the redis-server binary (installed by .ci/run) to run a Redis it may kill.
describe.skipIf(!redisServerInstalled())('SSE while Redis goes away and comes back', () => {
  let redis: RedisServerProcess;
  let server: TestServer;

  beforeAll(async () => {
    redis = new RedisServerProcess(await freePort());
    await redis.start();
    server = await startTestServer({
      redis: { url: redis.url, prefix: 'sse-outage:' },
      live: { sse: { heartbeatSeconds: 15, historySize: 100, maxBufferedBytes: 65536, retryMs: 100 } },
    });
  });
  afterAll(async () => {
    await server?.close();
    await redis?.kill();
  });

  it('keeps the process up, ends streams it cannot start, and serves them again once Redis is back', async () => {
    await redis.kill();
    // Without Redis the stream cannot read now playing: it ends and the client retries (every 100 ms).
    const client = connectSse(`${server.url}/api/live/events?events=chat:message`);
    try {
      await client.opened(3);
      expect(client.received).toEqual([]);
      expect((await call(`${server.url}/healthz`)).status).toBe(200);

      await redis.start();
      await eventually(async () => expect((await call(`${server.url}/readyz`)).status).toBe(200));
      const snapshot = await client.next('nowplaying');
      expect(snapshot.payload).toEqual((await call(`${server.url}/api/mobile/nowplaying`)).body.data);
      const posted = await call(`${server.url}/api/mobile/chat`, { body: { nickname: 'grace', message: 'back again' } });
      expect((await client.next('chat:message')).payload).toEqual(posted.body.data);
    } finally {
      client.close();
    }
  });
});
