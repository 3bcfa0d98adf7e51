import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../support/eventually.js';
import { deleteKeys, hasRedis, redisUrl, uniquePrefix } from '../support/redis.js';
import { sendText, startReplayServer, type ReplayServer } from '../support/replay-server.js';
import { startService, type ServiceProcess } from '../support/service-process.js';
import { call } from '../support/test-server.js';

const stats = (listeners: number, song: string) =>
  JSON.stringify({ currentlisteners: listeners, averagetime: 600, songtitle: song, streamstatus: 1, streamuptime: 100, bitrate: '96', content: 'audio/aacp' });

/** No two polls closer than half an interval: each 1 s tick was polled by one node only. */
const gapsBetween = (requests: ReplayServer['requests']) => requests.slice(1).map((r, i) => r.at - requests[i]!.at);

describe.skipIf(!hasRedis)('polling with two nodes on one Redis', () => {
  const prefix = uniquePrefix('poll');
  let replay: ReplayServer;
  let nodes: ServiceProcess[];
  let urls: string[];

  beforeAll(async () => {
    replay = await startReplayServer();
    replay.respond(sendText(stats(12, 'Phil Wickham - Battle Belongs')));
    const dir = mkdtempSync(join(tmpdir(), 'radio-poll-'));
    const config = join(dir, 'config.json');
    writeFileSync(config, JSON.stringify({ stream: { kind: 'shoutcast2', statusUrl: `${replay.url}/stats?sid=1&json=1`, pollSeconds: 1 } }));
    nodes = [0, 1].map(() => startService({ PORT: '0', HOST: '127.0.0.1', REDIS_URL: redisUrl, REDIS_PREFIX: prefix, RADIO_CONFIG: config, LOG_LEVEL: 'info' }));
    urls = (await Promise.all(nodes.map((n) => n.listening))).map((port) => `http://127.0.0.1:${port}`);
  });
  afterAll(async () => {
    await Promise.all(nodes.map((n) => n.stop()));
    await replay?.close();
    await deleteKeys(redisUrl, prefix);
  });

  it('polls once per tick, and both nodes serve the polled state', async () => {
    const from = replay.requests.length;
    await eventually(async () => expect(replay.requests.length - from).toBeGreaterThanOrEqual(5), 10_000);
    const window = replay.requests.slice(from);
    expect(Math.min(...gapsBetween(window))).toBeGreaterThan(500);
    for (const url of urls) {
      const status = (await call(`${url}/api/mobile/status`)).body.data;
      expect(status).toMatchObject({ online: true, listeners: 12, quality: '96kbps AAC+' });
      expect((await call(`${url}/api/mobile/nowplaying`)).body.data.now_playing.song.title).toBe('Battle Belongs');
    }
    const stats_ = (await call(`${urls[0]}/api/mobile/stats`)).body.data;
    expect(stats_.average_listening_time).toBe(600);
  });

  it('keeps polling within two ticks when a node dies', async () => {
    nodes[0]!.child.kill('SIGKILL');
    await nodes[0]!.exited;
    const killedAt = Date.now();
    replay.respond(sendText(stats(3, 'Phil Wickham - This Is Amazing Grace')));
    await eventually(async () => expect(replay.requests.filter((r) => r.at > killedAt).length).toBeGreaterThanOrEqual(1), 5_000);
    const firstAfter = replay.requests.find((r) => r.at > killedAt)!;
    expect(firstAfter.at - killedAt).toBeLessThan(2000);
    await eventually(async () => expect((await call(`${urls[1]}/api/mobile/nowplaying`)).body.data.now_playing.song.title).toBe('This Is Amazing Grace'));
    const later = replay.requests.length;
    await eventually(async () => expect(replay.requests.length - later).toBeGreaterThanOrEqual(2), 5_000);
    expect(Math.min(...gapsBetween(replay.requests.slice(later - 1)))).toBeGreaterThan(500);
  });
});
