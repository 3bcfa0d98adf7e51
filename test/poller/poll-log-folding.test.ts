import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { schedulePolling } from '../../src/poller/poll-schedule.js';
import { createStreamReader } from '../../src/poller/create-reader.js';
import { StationPoller } from '../../src/poller/station-poller.js';
import { Metrics } from '../../src/metrics/metrics.js';
import { loadConfig } from '../../src/config/load-config.js';
import { createMemoryStore } from '../../src/store/memory/memory-store.js';
import { capturedLog } from '../support/captured-log.js';
import { startReplayServer, type ReplayServer } from '../support/replay-server.js';
import { serviceWorld } from '../support/service-world.js';
import { eventually } from '../support/eventually.js';
import { RedisServerProcess, redisServerInstalled } from '../support/redis-server-process.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

// One log line per state change, with counts (issue 17 item 4): a stalled event loop, a poll that
// outlasts its tick, a stream server that flaps. Each case runs a minute of it and counts the lines
// an operator would read.

const store = () =>
  createMemoryStore({ chatHistory: 10, requestHistory: 10, feedbackHistory: 10, maxTrackedClients: 1000, liveEventHistory: 500, artworkLookups: 10_000, artworkImages: 500 }, Date.now);

describe('the poll schedule under a stall and under slow polls (fake clock)', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('a 60 s stall of the event loop with 1 s polls: one line for the missed ticks, one when they run on time again', async () => {
    vi.useFakeTimers({ now: Date.parse('2026-06-01T12:00:00.200Z') });
    const captured = capturedLog('info');
    let polls = 0;
    const poller = {
      tick: async () => {
        polls++;
      },
    };
    const schedule = schedulePolling(poller, { pollSeconds: 1, store: store(), log: captured.log });
    await vi.advanceTimersByTimeAsync(5_000);
    expect(polls).toBeGreaterThanOrEqual(4);
    // The stall: the clock moves a minute while no timer can fire, as under a blocked event loop.
    vi.setSystemTime(Date.now() + 60_000);
    await vi.advanceTimersToNextTimerAsync();
    await vi.advanceTimersByTimeAsync(90_000);
    await schedule.stop();
    const missed = captured.lines.filter((line) => line.msg.includes('missed'));
    process.stdout.write(`[poll-log] 60 s stall with 1 s polls: ${captured.lines.length} log lines\n`);
    expect(missed.length).toBeGreaterThan(0);
    expect(captured.lines.length).toBeLessThanOrEqual(2);
    expect(captured.lines[0]).toMatchObject({ level: 40, missed: expect.any(Number) });
    expect(captured.lines[0]!.missed).toBeGreaterThanOrEqual(59);
    expect(captured.lines[1]).toMatchObject({ level: 30, missed: captured.lines[0]!.missed });
  });

  it('a poll that takes 2.5 s at every 1 s tick for a minute (a hanging stream server): one line when ticks start being skipped, one when polls keep time again', async () => {
    vi.useFakeTimers({ now: Date.parse('2026-06-01T12:00:00.200Z') });
    const captured = capturedLog('info');
    let slow = true;
    let polls = 0;
    const poller = {
      tick: () => {
        polls++;
        return new Promise<void>((resolve) => setTimeout(resolve, slow ? 2_500 : 10));
      },
    };
    const schedule = schedulePolling(poller, { pollSeconds: 1, store: store(), log: captured.log });
    await vi.advanceTimersByTimeAsync(60_000);
    const duringHang = captured.lines.length;
    slow = false;
    await vi.advanceTimersByTimeAsync(90_000);
    await schedule.stop();
    process.stdout.write(`[poll-log] a minute of 2.5 s polls at 1 s ticks: ${duringHang} log lines during it, ${captured.lines.length} in all\n`);
    expect(polls).toBeGreaterThan(100);
    expect(duringHang).toBe(1);
    expect(captured.lines[0]).toMatchObject({ level: 40 });
    expect(captured.lines).toHaveLength(2);
    expect(captured.lines[1]!.skipped).toBeGreaterThanOrEqual(30);
  });
});

describe('a flapping stream server (real HTTP, fake clock for the poller)', () => {
  let replay: ReplayServer;
  beforeAll(async () => {
    replay = await startReplayServer();
  });
  afterAll(() => replay?.close());

  const icecastStatus = JSON.stringify({
    icestats: {
      server_id: 'Icecast 2.4.4',
      source: {
        listenurl: 'http://127.0.0.1:8000/live',
        listeners: 3,
        server_type: 'audio/mpeg',
        bitrate: 128,
        title: 'Hillsong - Oceans',
        stream_start_iso8601: '2026-06-01T11:00:00+0000',
      },
    },
  });

  it('up and down at every poll for a minute: the outage, the return, "flapping", and "steady again" with counts', async () => {
    const world = serviceWorld();
    const captured = capturedLog('info');
    let request = 0;
    replay.respond((_, res) => {
      // down on every other poll during the first minute
      if (request++ % 2 === 1 && request < 60) {
        res.writeHead(503);
        res.end('busy');
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(icecastStatus);
    });
    const config = loadConfig({}, { stream: { kind: 'icecast', statusUrl: `${replay.url}/status-json.xsl`, mount: '/live' } });
    const clock = () => world.now;
    const poller = new StationPoller(createStreamReader(config.stream, clock), world.station, captured.log, new Metrics({ clock, processMetrics: false }), clock);
    for (let second = 0; second < 150; second++) {
      await poller.tick();
      world.advance(1);
    }
    process.stdout.write(`[poll-log] ${request} polls, up and down at every poll for a minute: ${captured.lines.length} log lines\n`);
    expect(captured.lines.map((line) => line.msg.split(':')[0])).toEqual([
      'stream server unreachable',
      'stream server reachable again',
      'stream server flapping',
      'stream server steady again',
    ]);
    // 29 polls failed in 29 outages: the first is the "unreachable" line, the 28 others fold into "flapping"
    expect(captured.lines[0]).toMatchObject({ level: 40, error: expect.stringContaining('503') });
    expect(captured.lines[1]).toMatchObject({ level: 30, failedPolls: 1 });
    expect(captured.lines[2]).toMatchObject({ level: 40 });
    expect(captured.lines[3]).toMatchObject({ level: 30, failedPolls: 28, outages: 28 });
  });
});

describe('a stream server that hangs, through the whole app (real time)', () => {
  let replay: ReplayServer;
  let server: TestServer | undefined;
  beforeAll(async () => {
    replay = await startReplayServer();
    replay.respond(() => undefined); // accepts and never answers: every poll runs into the 2 s fetch timeout
  });
  afterAll(async () => {
    await server?.close();
    await replay?.close();
  });

  it('logs the outage once and the skipped 1 s ticks once, however many polls hang', async () => {
    const captured = capturedLog('info');
    server = await startTestServer({ stream: { enabled: true, kind: 'icecast', statusUrl: `${replay.url}/status-json.xsl`, mount: '/live', pollSeconds: 1 } }, { log: captured.log });
    await eventually(async () => expect(replay.requests.length).toBeGreaterThanOrEqual(4), 20_000);
    const pollerLines = captured.lines.filter((line) => line.component === 'poller');
    process.stdout.write(`[poll-log] ${replay.requests.length} hanging polls at 1 s ticks: ${pollerLines.length} poller log lines\n`);
    expect(pollerLines.map((line) => line.msg.split(':')[0]).sort()).toEqual(['a poll outlasted its tick', 'stream server unreachable']);
  });
});

describe.skipIf(!redisServerInstalled())('poll elections while Redis is down (a private redis-server, killed)', () => {
  let redis: RedisServerProcess;
  let replay: ReplayServer;
  let server: TestServer | undefined;
  beforeAll(async () => {
    redis = await RedisServerProcess.startOnFreePort();
    replay = await startReplayServer();
    replay.respond((_, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ icestats: { source: { listenurl: 'http://127.0.0.1:8000/live', listeners: 1, title: 'A - B' } } }));
    });
  });
  afterAll(async () => {
    await server?.close();
    await replay?.close();
    await redis?.kill();
  });

  it('logs the failed elections once, however many ticks are skipped', async () => {
    const captured = capturedLog('debug');
    server = await startTestServer(
      { redis: { url: redis.url, prefix: 'poll-fold:' }, stream: { enabled: true, kind: 'icecast', statusUrl: `${replay.url}/status-json.xsl`, mount: '/live', pollSeconds: 1 } },
      { log: captured.log },
    );
    await eventually(async () => expect(replay.requests.length).toBeGreaterThanOrEqual(2));
    await redis.kill();
    // node-cron's own line for each failed election is kept at debug: count ticks by it
    const skippedTicks = () => captured.lines.filter((line) => line.component === 'poller' && line.msg.startsWith('Run coordinator failed')).length;
    await eventually(async () => expect(skippedTicks()).toBeGreaterThanOrEqual(5), 20_000);
    const pollerLines = captured.lines.filter((line) => line.component === 'poller' && line.level >= 40);
    process.stdout.write(`[poll-log] Redis down for ${skippedTicks()} ticks at 1 s polls: ${pollerLines.length} poller lines at warn or above\n`);
    const kinds = pollerLines.map((line) => line.msg.split(':')[0]);
    expect(kinds.filter((kind) => kind === 'poll election failed (the store did not answer)')).toHaveLength(1);
    // the poll running when Redis went away may fail to store its state: that is said once too
    expect(kinds.filter((kind) => kind !== 'poll election failed (the store did not answer)')).toEqual(kinds.length === 2 ? ['poll could not update the station state'] : []);
  });
});
