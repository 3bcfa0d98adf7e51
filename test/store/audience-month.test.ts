import { pino } from 'pino';
import { createClient } from 'redis';
import { afterAll, describe, expect, it } from 'vitest';
import { openRedis } from '../../src/redis/redis-connection.js';
import { AudienceRecorder } from '../../src/station/audience-recorder.js';
import { makeSong } from '../../src/station/song.js';
import type { HeardListener, StreamSnapshot } from '../../src/station/stream-snapshot.js';
import { createRedisStore } from '../../src/store/redis/redis-store.js';
import { eventually } from '../support/eventually.js';
import { deleteKeys, hasRedis, redisUrl, uniquePrefix } from '../support/redis.js';

// Issue 31 point 3: what the reports cost in Redis for a month of a station with 1,000 listeners
// at peak. A poll every 5 minutes (the stored size does not depend on the poll rate: sessions are
// aggregates once ended), a song per poll, sessions of about 30 minutes, the daily curve from 0
// at night to 1,000 in the evening. The figures are printed; the bounds fail a store that grows
// with sessions instead of days.

const DAYS = 30;
const POLL = 300;
const START = Date.parse('2026-05-01T00:00:00Z') / 1000;
const PLAYERS = ['VLC', 'Winamp', 'Chrome', 'iTunes', 'FFmpeg'];

describe.skipIf(!hasRedis)(`a simulated month in Redis${hasRedis ? '' : ' (skipped: no Redis answers at REDIS_URL)'}`, () => {
  const prefix = uniquePrefix('audience-month');
  const redis = openRedis({ kind: 'single', url: redisUrl }, pino({ level: 'silent' }), { commandTimeoutMs: 5000 });
  const store = createRedisStore({
    redis,
    prefix,
    limits: { chatHistory: 10, requestHistory: 10, feedbackHistory: 10, maxTrackedClients: 1000, liveEventHistory: 500, artworkLookups: 10_000, artworkImages: 500 },
  });
  afterAll(async () => {
    await redis.close();
    await deleteKeys(redisUrl, prefix);
  });

  it('keeps a month of 1,000 listeners at peak in a few MiB: bytes per day, per session and per play', { timeout: 300_000 }, async () => {
    await eventually(() => store.ping());
    const recorder = new AudienceRecorder(store.audience, { timezone: 'UTC', pollSeconds: POLL, retentionDays: 400 });
    let open: HeardListener[] = [];
    let next = 0;
    let sessions = 0;
    let plays = 0;
    for (let t = START; t < START + DAYS * 86_400; t += POLL) {
      const hour = ((t - START) % 86_400) / 3600;
      const target = Math.round(500 - 500 * Math.cos(((hour - 8) / 24) * 2 * Math.PI));
      // About a sixth of the sessions end each 5 minutes (30-minute sessions), then the count goes to the curve.
      open = open.filter((_, i) => (i * 7 + t) % 6 !== 0);
      while (open.length < target) {
        const id = next++;
        sessions += 1;
        open.push({
          session: `main#${id}`,
          mount: 'main',
          connectedSeconds: 0,
          player: PLAYERS[id % PLAYERS.length]!,
          country: ['US', 'GB', 'DE', 'BR', 'KE'][id % 5]!,
          visitor: `v${id % 50_000}`,
        });
      }
      if (open.length > target) open = open.slice(0, target);
      plays += 1;
      const snapshot: StreamSnapshot = {
        reachable: true,
        online: true,
        listeners: open.length,
        song: null,
        bitrateKbps: 128,
        codec: 'MP3',
        streamStartedAt: null,
        averageListeningSeconds: null,
        audience: open,
      };
      await recorder.record(snapshot, { song: makeSong('Artist Name', `Song Title ${plays % 400}`), played_at: t }, t * 1000);
    }

    const client = createClient({ url: redisUrl });
    await client.connect();
    const bytesOf = async (pattern: string) => {
      let total = 0;
      for await (const keys of client.scanIterator({ MATCH: `${prefix}${pattern}`, COUNT: 500 })) for (const key of keys) total += (await client.memoryUsage(key)) ?? 0;
      return total;
    };
    const days = await bytesOf('audience:day:*');
    const visitors = await bytesOf('audience:visitors:*');
    const playRows = await bytesOf('audience:plays:*');
    const openNow = await bytesOf('audience:open');
    await client.close();
    const total = days + visitors + playRows + openNow;
    const kib = (bytes: number) => `${(bytes / 1024).toFixed(0)} KiB`;
    console.log(
      `[audience month] ${DAYS} days, ${sessions} sessions, ${plays} plays, peak 1000: day aggregates ${kib(days)} (${kib(days / DAYS)}/day), ` +
        `distinct-listener sketches ${kib(visitors)}, plays ${kib(playRows)} (${(playRows / plays).toFixed(0)} B/play), open sessions ${kib(openNow)} ` +
        `(${(openNow / Math.max(1, open.length)).toFixed(0)} B per open session); total ${(total / 1024 / 1024).toFixed(2)} MiB, ${(total / sessions).toFixed(1)} B per session`,
    );
    expect(sessions).toBeGreaterThan(100_000);
    // Bounded by days, not by sessions: a month stays under 8 MiB.
    expect(total).toBeLessThan(8 * 1024 * 1024);
  });
});
