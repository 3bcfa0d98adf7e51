import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../support/eventually.js';
import { connectLive } from '../support/live-client.js';
import { connectSse } from '../support/sse-client.js';
import { histogramBuckets, scrapeMetrics, valueOf } from '../support/prometheus-text.js';
import { uniquePrefix } from '../support/redis.js';
import { RedisServerProcess, redisServerInstalled } from '../support/redis-server-process.js';
import { startReplayServer, type ReplayServer } from '../support/replay-server.js';
import { sseStreams, startWithMetrics, type MetricsTestServer } from '../support/metrics-server.js';
import { call } from '../support/test-server.js';

const metricsUrl = (server: MetricsTestServer) => server.metricsUrl;

describe('GET /metrics (Prometheus text format, on metrics.port)', () => {
  let replay: ReplayServer;
  let server: MetricsTestServer;
  beforeAll(async () => {
    replay = await startReplayServer();
    server = await startWithMetrics({ stream: { statusUrl: `${replay.url}/status-json.xsl` } });
  });
  afterAll(async () => {
    await server.close();
    await replay.close();
  });

  it('answers in the text format on its own port, and is not on the public port', async () => {
    const { contentType, families } = await scrapeMetrics(metricsUrl(server));
    expect(contentType).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(families.get('radio_hub_http_requests_total')?.type).toBe('COUNTER');
    expect((await fetch(`${server.url}/metrics`)).status).toBe(404);
    expect((await fetch(`${metricsUrl(server)}x`)).status).toBe(404);
  });

  it('counts each answered request by declared route, method and status, with its latency', async () => {
    const before = await scrapeMetrics(metricsUrl(server));
    const status200 = { route: '/api/mobile/status', method: 'GET', status: '200' };
    expect((await call(`${server.url}/api/mobile/status`)).status).toBe(200);
    expect((await call(`${server.url}/api/mobile/status`)).status).toBe(200);
    expect((await call(`${server.url}/api/admin/chat/messages/123-0`, { method: 'DELETE' })).status).toBe(503);
    expect((await call(`${server.url}/no/such/page-${Date.now()}`)).status).toBe(404);
    expect((await call(`${server.url}/api/mobile/chat`, { body: { nickname: '', message: '' } })).status).toBe(400);

    const after = await scrapeMetrics(metricsUrl(server));
    const delta = (labels: Record<string, string>) =>
      (valueOf(after.families, 'radio_hub_http_requests_total', labels) ?? 0) - (valueOf(before.families, 'radio_hub_http_requests_total', labels) ?? 0);
    expect(delta(status200)).toBe(2);
    // The declared path, never the raw URL: an id or a random path adds no new series.
    expect(delta({ route: '/api/admin/chat/messages/:id', method: 'DELETE', status: '503' })).toBe(1);
    expect(delta({ route: 'unmatched', method: 'GET', status: '404' })).toBe(1);
    expect(delta({ route: '/api/mobile/chat', method: 'POST', status: '400' })).toBe(1);
    expect(after.text).not.toContain('/no/such/page');

    const latency = { route: '/api/mobile/status', method: 'GET' };
    const bucketsBefore = histogramBuckets(before.text, 'radio_hub_http_request_duration_seconds', latency);
    const bucketsAfter = histogramBuckets(after.text, 'radio_hub_http_request_duration_seconds', latency);
    expect((bucketsAfter['+Inf'] ?? 0) - (bucketsBefore['+Inf'] ?? 0)).toBe(2);
    expect(Object.keys(bucketsAfter)).toContain('0.005');
  });

  it('counts poll failures and successes, and tells the age of the last good poll', async () => {
    const first = await scrapeMetrics(metricsUrl(server));
    expect(valueOf(first.families, 'radio_hub_last_good_poll_age_seconds')).toBeNaN();
    const polls = (families: typeof first.families, outcome: string) => valueOf(families, 'radio_hub_polls_total', { outcome }) ?? 0;

    replay.respond((_, res) => res.writeHead(500).end('down'));
    await server.app.poller.tick();
    const failed = await scrapeMetrics(metricsUrl(server));
    expect(polls(failed.families, 'failure') - polls(first.families, 'failure')).toBe(1);
    expect(polls(failed.families, 'success')).toBe(polls(first.families, 'success'));
    expect(valueOf(failed.families, 'radio_hub_last_good_poll_age_seconds')).toBeNaN();

    replay.respond((_, res) =>
      res
        .writeHead(200, { 'Content-Type': 'application/json' })
        .end(JSON.stringify({ icestats: { source: { listenurl: 'http://x:8000/live.mp3', listeners: 3, bitrate: 128, server_type: 'audio/mpeg', title: 'Hillsong - Oceans' } } })),
    );
    await server.app.poller.tick();
    const good = await scrapeMetrics(metricsUrl(server));
    expect(polls(good.families, 'success') - polls(failed.families, 'success')).toBe(1);
    const age = valueOf(good.families, 'radio_hub_last_good_poll_age_seconds')!;
    expect(age).toBeGreaterThanOrEqual(0);
    expect(age).toBeLessThan(60);
  });

  it('tells live connections and the events published to them', async () => {
    const live = (families: Awaited<ReturnType<typeof scrapeMetrics>>['families']) => valueOf(families, 'radio_hub_live_connections');
    const before = await scrapeMetrics(metricsUrl(server));
    const client = await connectLive(server.url);
    const connected = await scrapeMetrics(metricsUrl(server));
    expect(live(connected.families)).toBe(live(before.families)! + 1);

    const posted = await call(`${server.url}/api/mobile/chat`, { body: { nickname: 'Ruth', message: 'Amen' } });
    expect(posted.status).toBe(201);
    await client.next('chat:message');
    const published = await scrapeMetrics(metricsUrl(server));
    const chatEvents = (families: typeof before.families) => valueOf(families, 'radio_hub_live_events_published_total', { event: 'chat:message' }) ?? 0;
    expect(chatEvents(published.families) - chatEvents(before.families)).toBe(1);

    client.close();
    // The server learns of the disconnect from the socket: re-scrape until it has.
    await eventually(async () => expect(live((await scrapeMetrics(metricsUrl(server))).families)).toBe(live(before.families)));
  });

  it('tells the SSE streams open on this node, and counts one off once its client closes it', async () => {
    const streams = () => sseStreams(server);
    const before = await streams();
    expect(before).toBeGreaterThanOrEqual(0);
    const stream = connectSse(`${server.url}/api/live/events`);
    await stream.opened(1);
    expect(await streams()).toBe(before + 1);
    stream.close();
    // The server learns of the close from the socket: re-scrape until it has.
    await eventually(async () => expect(await streams()).toBe(before));
  });

  it('includes the event-loop lag, and no Redis gauge on the in-memory store', async () => {
    const { families } = await scrapeMetrics(metricsUrl(server));
    expect(valueOf(families, 'nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
    expect(families.get('radio_hub_redis_up')?.metrics ?? []).toHaveLength(0);
  });
});

describe('two apps in one process', () => {
  let first: MetricsTestServer;
  let second: MetricsTestServer;
  beforeAll(async () => {
    first = await startWithMetrics();
    second = await startWithMetrics();
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
  });

  it('keep their metrics apart: requests, live clients and events counted by one are absent from the other', async () => {
    const status200 = { route: '/api/mobile/status', method: 'GET', status: '200' };
    for (let i = 0; i < 3; i++) expect((await call(`${first.url}/api/mobile/status`)).status).toBe(200);
    expect((await call(`${second.url}/api/mobile/status`)).status).toBe(200);
    const client = await connectLive(second.url);
    expect((await call(`${second.url}/api/mobile/chat`, { body: { nickname: 'Naomi', message: 'Good morning' } })).status).toBe(201);
    await client.next('chat:message');

    const a = (await scrapeMetrics(metricsUrl(first))).families;
    const b = (await scrapeMetrics(metricsUrl(second))).families;
    expect(valueOf(a, 'radio_hub_http_requests_total', status200)).toBe(3);
    expect(valueOf(b, 'radio_hub_http_requests_total', status200)).toBe(1);
    expect(valueOf(a, 'radio_hub_live_connections')).toBe(0);
    expect(valueOf(b, 'radio_hub_live_connections')).toBe(1);
    expect(valueOf(a, 'radio_hub_live_events_published_total', { event: 'chat:message' }) ?? 0).toBe(0);
    expect(valueOf(b, 'radio_hub_live_events_published_total', { event: 'chat:message' })).toBe(1);
    client.close();
  });
});

describe.skipIf(!redisServerInstalled())('radio_hub_redis_up', () => {
  it('is 1 while Redis answers and 0 once it is gone', async () => {
    const redis = await RedisServerProcess.startOnFreePort();
    const server = await startWithMetrics({ redis: { url: redis.url, prefix: uniquePrefix('metrics') } });
    try {
      expect(valueOf((await scrapeMetrics(metricsUrl(server))).families, 'radio_hub_redis_up')).toBe(1);
      await redis.kill();
      expect(valueOf((await scrapeMetrics(metricsUrl(server))).families, 'radio_hub_redis_up')).toBe(0);
      // Back, so the server can close its client cleanly.
      await redis.start();
      await eventually(async () => expect(valueOf((await scrapeMetrics(metricsUrl(server))).families, 'radio_hub_redis_up')).toBe(1));
    } finally {
      await server.close();
      await redis.kill();
    }
  });
});
