import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, type App } from '../../src/app.js';
import { deepMerge, loadConfig } from '../../src/config/load-config.js';
import { eventually } from '../support/eventually.js';
import { RedisServerProcess, redisServerInstalled } from '../support/redis-server-process.js';
import { call, UNREACHABLE_LIMITS } from '../support/test-server.js';

/** An app in this process whose log lines the test reads. */
async function startApp(redis: Record<string, unknown>): Promise<{ app: App; url: string; lines: Array<{ msg: string }> }> {
  const lines: Array<{ msg: string }> = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as { msg: string });
      done();
    },
  });
  const config = loadConfig({}, deepMerge({ ...UNREACHABLE_LIMITS, logLevel: 'info', server: { host: '127.0.0.1', port: 0 }, stream: { enabled: false } }, { redis }));
  const app = createApp(config, { log: pino({ level: 'info' }, sink) });
  const port = await app.listen();
  await eventually(() => app.store.ping());
  return { app, url: `http://127.0.0.1:${port}`, lines };
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
