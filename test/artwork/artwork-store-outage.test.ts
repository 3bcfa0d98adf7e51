import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../support/eventually.js';
import { RedisServerProcess, redisServerInstalled } from '../support/redis-server-process.js';
import { call, checkedFetch, startTestServer, type TestServer } from '../support/test-server.js';

// GET /art/{key} while its store (a private Redis) is away: 503 at once with Retry-After, in the
// error envelope (the command timeout bounds the wait), the process up, and images served again
// once Redis is back.
const KEY = 'f'.repeat(32);
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

describe.skipIf(!redisServerInstalled())('artwork images while Redis is away', () => {
  let redis: RedisServerProcess;
  let server: TestServer;

  beforeAll(async () => {
    redis = await RedisServerProcess.startOnFreePort();
    server = await startTestServer({ redis: { url: redis.url, prefix: 'artwork-outage:' } });
    await eventually(() => server.app.store.ping());
    await server.app.store.artwork.saveImage(KEY, { contentType: 'image/png', bytes: PNG }, 3600);
  }, 30_000);
  afterAll(async () => {
    await server?.close();
    await redis?.kill();
  });

  it('answers 503 with Retry-After at once, and the image again when Redis is back', async () => {
    expect((await checkedFetch(`${server.url}/art/${KEY}`)).status).toBe(200);
    await redis.kill();
    const started = performance.now();
    const refused = await call(`${server.url}/art/${KEY}`);
    expect([refused.status, refused.body.error.code]).toEqual([503, 'UNAVAILABLE']);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // redis.commandTimeoutMs (500 ms by default) bounds it, with room for a busy machine.
    expect(performance.now() - started).toBeLessThan(2000);

    await redis.start();
    // A restarted Redis is empty: the image is kept again as soon as the store answers.
    await eventually(async () => {
      await server.app.store.artwork.saveImage(KEY, { contentType: 'image/png', bytes: PNG }, 3600);
      expect((await checkedFetch(`${server.url}/art/${KEY}`)).status).toBe(200);
    }, 20_000);
  }, 60_000);
});
