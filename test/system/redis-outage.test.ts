import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../support/eventually.js';
import { RedisServerProcess, redisServerInstalled } from '../support/redis-server-process.js';
import { call, startTestServer, type TestServer } from '../support/test-server.js';

// Needs the redis-server binary (installed by .ci/run) to run a Redis it may kill.
const ADMIN_KEY = 'outage-admin-key-0123456789';

describe.skipIf(!redisServerInstalled())('when Redis goes away and comes back', () => {
  let redis: RedisServerProcess;
  let server: TestServer;

  beforeAll(async () => {
    redis = await RedisServerProcess.startOnFreePort();
    server = await startTestServer({ redis: { url: redis.url, prefix: 'outage:' }, adminApiKey: ADMIN_KEY });
    await eventually(async () => expect((await call(`${server.url}/readyz`)).status).toBe(200));
  });
  afterAll(async () => {
    await server?.close();
    await redis?.kill();
  });

  const chat = () => call(`${server.url}/api/mobile/chat`, { body: { nickname: 'grace', message: 'still here?' } });
  const staff = (path: string, init: { method?: string; body?: unknown } = {}) => call(`${server.url}${path}`, { ...init, headers: { authorization: `Bearer ${ADMIN_KEY}` } });

  it('serves normally while Redis answers', async () => {
    expect((await chat()).status).toBe(201);
    expect((await call(`${server.url}/readyz`)).body.data).toEqual({ status: 'ready', store: 'redis' });
  });

  it('answers 503 UNAVAILABLE with Retry-After while Redis is down, and stays alive', async () => {
    await redis.kill();
    // (status may be served from a node's one-second state cache; these must reach Redis)
    const writes = [
      await call(`${server.url}/api/mobile/requests`, { body: { song_title: 'Asked While Away', artist: 'Outage Band' } }),
      await call(`${server.url}/api/mobile/feedback`, { body: { type: 'app_feedback', content: 'sent while away' } }),
    ];
    for (const res of [await chat(), await call(`${server.url}/api/mobile/requests`), await call(`${server.url}/api/mobile/chat`), ...writes]) {
      expect(res.status).toBe(503);
      expect(res.body.error.code).toBe('UNAVAILABLE');
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    expect((await call(`${server.url}/readyz`)).status).toBe(503);
    expect((await call(`${server.url}/healthz`)).status).toBe(200);
  });

  it('answers the staff routes 503 at once too (the sign-in budget, the audit log, bans, staff keys live in Redis)', async () => {
    for (const res of [
      await staff('/api/admin/audit'),
      await staff('/api/admin/chat/bans'),
      await staff('/api/admin/chat/messages/1-0/ban', { body: { seconds: 60 } }),
      await staff('/api/admin/staff', { body: { name: 'Ruth', role: 'moderator' } }),
    ]) {
      expect(res.status).toBe(503);
      expect(res.body.error.code).toBe('UNAVAILABLE');
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    }
  });

  it('reconnects by itself and serves again when Redis returns', async () => {
    await redis.start();
    await eventually(async () => expect((await call(`${server.url}/readyz`)).status).toBe(200));
    expect((await chat()).status).toBe(201);
    // the new Redis started empty: only the message posted after its return is there
    const history = await call(`${server.url}/api/mobile/chat`);
    expect(history.body.data.messages.map((m: { message: string }) => m.message)).toEqual(['still here?']);
  });
});
