import { afterAll, beforeAll } from 'vitest';
import { eventually } from './eventually.js';
import { RedisServerProcess } from './redis-server-process.js';
import { startTestServer, type TestServer } from './test-server.js';

/**
 * The setup the frozen-Redis suites share: a Redis of their own (so freezing it touches no other
 * suite), a hub on it whose clients are told apart by X-Forwarded-For, a way to send requests
 * into a frozen Redis (SIGSTOP, always thawed after), and the wait for the hub to find it thawed.
 * Call inside a `describe`: it registers the suite's beforeAll and afterAll.
 */
export function frozenRedisHub(prefix: string, overrides: Record<string, unknown>) {
  let redis: RedisServerProcess;
  let server: TestServer;
  beforeAll(async () => {
    redis = await RedisServerProcess.startOnFreePort();
    server = await startTestServer({ trustProxy: ['127.0.0.1'], redis: { url: redis.url, prefix }, ...overrides });
  });
  afterAll(async () => {
    await server?.close();
    await redis?.kill();
  });
  return {
    get server(): TestServer {
      return server;
    },
    /** Runs `send` while Redis is frozen; thawed afterwards whatever `send` did. */
    async whileFrozen(send: () => Promise<void>): Promise<void> {
      redis.pause();
      try {
        await send();
      } finally {
        redis.resume();
      }
    },
    /**
     * Waits until `check` passes against the thawed Redis: the hub's probe finds it by itself, and
     * the scripts sent into the freeze have run by then (Redis runs in order).
     */
    afterThaw(check: () => Promise<void>): Promise<void> {
      return eventually(check, 20_000);
    },
  };
}
