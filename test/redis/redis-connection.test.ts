import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, type App } from '../../src/app.js';
import { deepMerge, loadConfig } from '../../src/config/load-config.js';
import { eventually } from '../support/eventually.js';
import { connectLive } from '../support/live-client.js';
import { RedisServerProcess, redisServerInstalled } from '../support/redis-server-process.js';
import { call, UNREACHABLE_LIMITS } from '../support/test-server.js';

/** An app in this process whose log lines the test reads. */
async function startApp(redis: Record<string, unknown>, overrides: Record<string, unknown> = {}, stallAtStartMs = 0): Promise<{ app: App; url: string; lines: Array<{ msg: string }> }> {
  const lines: Array<{ msg: string }> = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as { msg: string });
      done();
    },
  });
  const config = loadConfig({}, deepMerge({ ...UNREACHABLE_LIMITS, logLevel: 'info', server: { host: '127.0.0.1', port: 0 }, stream: { enabled: false } }, { redis, ...overrides }));
  const app = createApp(config, { log: pino({ level: 'info' }, sink) });
  if (stallAtStartMs > 0) {
    // The connections are on their way (one turn later); this process then stays off the loop
    // past the connect timeout, as a worker starting on a busy machine does.
    await new Promise((resolve) => setImmediate(resolve));
    stall(stallAtStartMs);
  }
  const port = await app.listen();
  await eventually(() => app.store.ping());
  return { app, url: `http://127.0.0.1:${port}`, lines };
}

/** Holds the event loop, as a long fan-out or a starved CPU does. */
function stall(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    // the stall itself
  }
}

const outageLines = (lines: Array<{ msg: string }>) => lines.filter((line) => line.msg.startsWith('redis unavailable'));

describe.skipIf(!redisServerInstalled())('Redis connections belong to their app', () => {
  const servers: RedisServerProcess[] = [];
  const apps: App[] = [];
  beforeAll(async () => {
    for (let i = 0; i < 2; i++) {
      const server = await RedisServerProcess.startOnFreePort();
      servers.push(server);
    }
  });
  afterAll(async () => {
    for (const server of servers) server.resume();
    await Promise.all(apps.map((app) => app.close()));
    await Promise.all(servers.map((server) => server.kill()));
  });

  it('a frozen Redis answers 503 within the configured redis.commandTimeoutMs (200 ms vs 2 s)', async () => {
    const fast = await startApp({ url: servers[0]!.url, prefix: 'timeout-fast:', commandTimeoutMs: 200 });
    const slow = await startApp({ url: servers[0]!.url, prefix: 'timeout-slow:', commandTimeoutMs: 2000 });
    apps.push(fast.app, slow.app);
    servers[0]!.pause();
    try {
      const timed = async (url: string) => {
        const started = performance.now();
        const answer = await call(`${url}/api/mobile/chat`);
        return { answer, ms: performance.now() - started };
      };
      const [quick, patient] = [await timed(fast.url), await timed(slow.url)];
      for (const { answer } of [quick, patient]) {
        expect(answer.status).toBe(503);
        expect(answer.body.error.code).toBe('UNAVAILABLE');
        expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
      }
      process.stdout.write(`[redis-connection] frozen Redis: 503 after ${quick.ms.toFixed(0)} ms (200 ms configured), ${patient.ms.toFixed(0)} ms (2000 ms configured)\n`);
      // The 2 s bound is waited out; the 200 ms one ends far sooner (generous: a loaded machine may add a second).
      expect(patient.ms).toBeGreaterThanOrEqual(1900);
      expect(quick.ms).toBeLessThan(1500);
    } finally {
      servers[0]!.resume();
    }
  });

  it('after the first request waits out the command timeout on a frozen Redis, the next write and /readyz answer 503 at once (2 s timeout)', async () => {
    const frozen = await startApp({ url: servers[0]!.url, prefix: 'frozen-fast:', commandTimeoutMs: 2000 });
    apps.push(frozen.app);
    const timed = async (path: string, body?: unknown) => {
      const started = performance.now();
      const answer = await call(`${frozen.url}${path}`, body === undefined ? {} : { body });
      return { status: answer.status, code: (answer.body as { error?: { code?: string } }).error?.code, retryAfter: answer.headers.get('retry-after'), ms: performance.now() - started };
    };
    const chat = { nickname: 'grace', message: 'hello' };
    servers[0]!.pause();
    try {
      const first = await timed('/api/mobile/chat', chat);
      const write = await timed('/api/mobile/chat', chat);
      const ready = await timed('/readyz');
      process.stdout.write(
        `[redis-connection] frozen Redis, 2000 ms timeout: first write 503 after ${first.ms.toFixed(0)} ms, next write ${write.ms.toFixed(0)} ms, /readyz ${ready.ms.toFixed(0)} ms\n`,
      );
      for (const answer of [first, write, ready]) {
        expect(answer).toMatchObject({ status: 503, code: 'UNAVAILABLE' });
        expect(Number(answer.retryAfter)).toBeGreaterThan(0);
      }
      // The first waited for Redis; the others did not (generous: a loaded machine may add most of a second).
      expect(first.ms).toBeGreaterThanOrEqual(1900);
      expect(write.ms).toBeLessThan(1000);
      expect(ready.ms).toBeLessThan(1000);
      expect(outageLines(frozen.lines)).toHaveLength(1);
    } finally {
      servers[0]!.resume();
    }
    // The probe finds it thawed; writes are served again.
    await eventually(async () => expect((await call(`${frozen.url}/api/mobile/chat`, { body: chat })).status).toBe(201));
  });

  it('two freezes of Redis in one window give a client at most twice the public budget, not three times (docs/limits.md)', async () => {
    const limit = 5;
    const node = await startApp({ url: servers[0]!.url, prefix: 'frozen-twice:', commandTimeoutMs: 300 }, { rateLimit: { mobile: { limit, windowSeconds: 3600 } } });
    apps.push(node.app);
    const served = async () => {
      let count = 0;
      for (let i = 0; i < 2 * limit; i++) if ((await call(`${node.url}/api/mobile/status`)).status !== 429) count += 1;
      return count;
    };
    const frozen = async () => {
      servers[0]!.pause();
      try {
        return await served();
      } finally {
        servers[0]!.resume();
      }
    };
    const first = await frozen();
    // The store is back once the probe found it: /readyz says so.
    await eventually(async () => expect((await call(`${node.url}/readyz`)).status).toBe(200));
    const between = await served();
    const second = await frozen();
    process.stdout.write(`[redis-connection] budget ${limit}: served ${first} in the first freeze, ${between} between, ${second} in the second\n`);
    // The first request of each freeze waits for Redis and is counted here; its INCR, queued in the
    // frozen socket, may still land in Redis when it thaws, so the window in between may have one less.
    expect(first).toBe(limit);
    expect(second).toBe(0);
    expect(first + between + second).toBeLessThanOrEqual(2 * limit);
  });

  it('a Redis without the replica that money waits for refuses money and song requests (503), but is not taken for a frozen one: chat goes on', async () => {
    // What a failover's new master is until the old one rejoins as its replica: each WAIT takes
    // its whole timeout. Several at once used to queue on one connection past the command
    // timeout, read as a frozen Redis: every call refused, chat too (the failover suites' window).
    const adminKey = 'replica-admin-key-0123456789abcdef';
    const node = await startApp(
      { url: servers[1]!.url, prefix: 'no-replica:', replicaAcks: { replicas: 1, timeoutMs: 1000 } },
      { adminApiKey: adminKey, requests: { delaySeconds: 0 }, chat: { repeatWindowSeconds: 0 } },
    );
    apps.push(node.app);
    const revenue = (i: number) =>
      call(`${node.url}/api/analytics/revenue.php`, {
        headers: { authorization: `Bearer ${adminKey}` },
        body: { event_id: `no-replica-${i}`, type: 'donation', amount: 100 + i, currency: 'USD', occurred_at: new Date().toISOString(), source: 'replica test' },
      });
    const songRequest = (i: number) => call(`${node.url}/api/mobile/requests`, { body: { song_title: `Song ${i}`, artist: 'No Replica Band' } });
    let settled = false;
    const durable = Promise.all([0, 1, 2, 3].flatMap((i) => [revenue(i), songRequest(i)])).finally(() => (settled = true));
    const chats: number[] = [];
    // Chat posted all the while the durable writes wait for a replica (and at least once after).
    do chats.push((await call(`${node.url}/api/mobile/chat`, { body: { nickname: 'grace', message: `while waiting ${chats.length}` } })).status);
    while (!settled);
    const refused = await durable;
    for (const answer of refused) {
      expect(answer.status).toBe(503);
      expect(answer.body.error.code).toBe('UNAVAILABLE');
      expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    expect(chats.filter((status) => status !== 201)).toEqual([]);
    expect(outageLines(node.lines)).toHaveLength(0);
    expect(node.lines.filter((line) => line.msg.startsWith('redis replicas behind'))).toHaveLength(1);
    // A 503 leaves nothing queued: a request written before its WAIT failed was taken back.
    const listed = await call(`${node.url}/api/mobile/requests`);
    expect(listed.status).toBe(200);
    expect(listed.body.data.requests).toEqual([]);
  });

  it('an answer that came while this process stalled past the command timeout is taken, not an outage (a 1 s stall, 200 ms timeout)', async () => {
    const stalled = await startApp({ url: servers[1]!.url, prefix: 'stall:', commandTimeoutMs: 200 });
    apps.push(stalled.app);
    const pinged = stalled.app.store.ping();
    // The PING is on the wire (written on a later tick), then the loop is held past the timeout,
    // as a long fan-out or a starved CPU holds it: Redis answers meanwhile, unread.
    await new Promise((resolve) => setImmediate(resolve));
    stall(1000);
    await expect(pinged).resolves.toBeUndefined();
    expect((await call(`${stalled.url}/api/mobile/chat`, { body: { nickname: 'grace', message: 'after a stall' } })).status).toBe(201);
    expect(outageLines(stalled.lines)).toEqual([]);
  });

  it("a node whose Redis connections timed out at start (it was off the CPU past the 2 s connect timeout) still hears the other node's relays", async () => {
    const redis = { url: servers[1]!.url, prefix: 'slow-start:' };
    const posting = await startApp(redis);
    const slow = await startApp(redis, {}, 2500);
    apps.push(posting.app, slow.app);
    await eventually(() => slow.app.store.ping());
    const listener = await connectLive(slow.url);
    try {
      const heard = listener.next('chat:message', (message: { message: string }) => message.message === 'relayed after a slow start');
      expect((await call(`${posting.url}/api/mobile/chat`, { body: { nickname: 'grace', message: 'relayed after a slow start' } })).status).toBe(201);
      // Lost before the fix: the subscriber came back ready and dropped every message it was sent.
      await expect(Promise.race([heard.then(() => 'heard'), new Promise((resolve) => setTimeout(resolve, 10_000, 'not heard in 10 s'))])).resolves.toBe('heard');
    } finally {
      listener.close();
    }
  });

  it('two apps in one process keep their own outage state and log lines', async () => {
    const doomed = await startApp({ url: servers[0]!.url, prefix: 'two-apps-a:' });
    const healthy = await startApp({ url: servers[1]!.url, prefix: 'two-apps-b:' });
    apps.push(doomed.app, healthy.app);
    await servers[0]!.kill();
    const post = (url: string, i: number) => call(`${url}/api/mobile/chat`, { body: { nickname: 'grace', message: `hello ${i}` } });
    // Interleaved: the healthy app's successes must not end the other app's outage.
    for (let i = 0; i < 3; i++) {
      expect((await post(doomed.url, i)).status).toBe(503);
      expect((await post(healthy.url, i)).status).toBe(201);
    }
    expect(outageLines(doomed.lines)).toHaveLength(1);
    expect(doomed.lines.filter((line) => line.msg === 'redis available again')).toHaveLength(0);
    expect(outageLines(healthy.lines)).toHaveLength(0);
    expect((await call(`${healthy.url}/readyz`)).status).toBe(200);
    expect((await call(`${doomed.url}/readyz`)).status).toBe(503);
  });
});
