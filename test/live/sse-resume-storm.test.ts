import { createClient } from 'redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RedisServerProcess, redisServerInstalled } from '../support/redis-server-process.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

const PREFIX = 'sse-storm:';
const STORM_MS = 5000;
/** What a resume storm may add to Redis's memory (it grew by gigabytes when every resume read the whole history). */
const ALLOWED_GROWTH = 32 * 2 ** 20;
/** Past this the storm is stopped whatever happens, so a regression cannot starve the machine. */
const WATCHDOG = 1024 * 2 ** 20;

// A private Redis: the storm must not touch the shared one, and its memory is measured alone.
describe.skipIf(!redisServerInstalled())('SSE resume storm against Redis (issue 17, item 1)', () => {
  let redis: RedisServerProcess;
  let admin: ReturnType<typeof createClient>;
  let server: TestServer;

  beforeAll(async () => {
    redis = await RedisServerProcess.startOnFreePort();
    admin = createClient({ url: redis.url });
    await admin.connect();
    // 480 now-playing events of ~5.5 KB each, as the broadcaster writes them: ~2.6 MB of history.
    const data = JSON.stringify({
      now_playing: null,
      song_history: Array.from({ length: 10 }, (_, i) => ({
        song: { id: `s${i}`, title: `Song ${i} ${'x'.repeat(150)}`, artist: 'Artist '.repeat(10), text: 'y'.repeat(60), art: `https://example.org/${'a'.repeat(50)}` },
        played_at: i,
      })),
      listeners: { current: 1, peak_today: 2 },
      online: true,
    }).padEnd(5500, ' ');
    for (let i = 0; i < 480; i++) await admin.xAdd(`${PREFIX}live:events`, '*', { event: 'nowplaying', data });
    server = await startTestServer({ redis: { url: redis.url, prefix: PREFIX }, live: { sse: { historySize: 500 } } });
  });
  afterAll(async () => {
    await server?.close();
    await admin?.close();
    await redis?.kill();
  });

  it('one client opening and abandoning streams with Last-Event-ID: 1-0 for 5 s leaves Redis memory flat and /readyz answering 200', async () => {
    const usedMemory = async () => Number(/used_memory:(\d+)/.exec(await admin.info('memory'))![1]);
    const baseline = await usedMemory();
    let peak = baseline;
    let stop = false;
    const readyz: number[] = [];
    const end = Date.now() + STORM_MS;
    const watch = (async () => {
      while (Date.now() < end && !stop) {
        peak = Math.max(peak, await usedMemory());
        if (peak > WATCHDOG) stop = true;
        readyz.push(
          await fetch(`${server.url}/readyz`, { signal: AbortSignal.timeout(2000) }).then(
            (r) => r.status,
            () => 0,
          ),
        );
      }
    })();
    // The attack of the issue: `curl -m 0.05 -H 'Last-Event-ID: 1-0'` in a loop (no budget in the way: the test server's is unreachable).
    let opens = 0;
    while (Date.now() < end && !stop) {
      opens += 1;
      await fetch(`${server.url}/api/live/events`, { headers: { 'Last-Event-ID': '1-0' }, signal: AbortSignal.timeout(50) })
        .then((r) => r.body?.cancel())
        .catch(() => undefined);
    }
    await watch;
    // Abandoned commands would still be running and queueing replies: measure once more after the storm.
    peak = Math.max(peak, await usedMemory());
    process.stdout.write(
      `[sse storm] ${opens} opens in ${STORM_MS / 1000} s; Redis used_memory ${(baseline / 2 ** 20).toFixed(1)} MB → peak ${(peak / 2 ** 20).toFixed(1)} MB; /readyz ${readyz.filter((s) => s === 200).length}/${readyz.length} × 200\n`,
    );
    expect(stop).toBe(false);
    expect(peak - baseline).toBeLessThan(ALLOWED_GROWTH);
    expect(readyz.length).toBeGreaterThan(0);
    expect(readyz.every((status) => status === 200)).toBe(true);
  });
});
