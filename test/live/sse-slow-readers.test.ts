import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../support/eventually.js';
import { kernelSendQueues, pythonInstalled, startNonReadingClients } from '../support/non-reading-clients.js';
import { connectSse, type SseClient } from '../support/sse-client.js';
import { sseStreams, startWithMetrics, type MetricsTestServer } from '../support/metrics-server.js';
import { call } from '../support/test-server.js';

const FLEET = 1000;
const MAX_BACKLOG = 64 * 1024;
/** The most the kernel lets one socket queue (net.ipv4.tcp_wmem's maximum). */
const KERNEL_SEND_BUFFER = Number(readFileSync('/proc/sys/net/ipv4/tcp_wmem', 'utf8').trim().split(/\s+/)[2]);
const MB = (bytes: number) => (bytes / 2 ** 20).toFixed(1);

// Issue 17, item 3: what clients that never read leave in the kernel's send queues, measured with `ss -tmn`.
describe.skipIf(!pythonInstalled())('SSE clients that never read (kernel send queues included)', () => {
  let server: MetricsTestServer;
  let port: number;
  let watcher: SseClient;
  /** The SSE ids of the seeded chat messages, oldest first. */
  const ids: string[] = [];

  beforeAll(async () => {
    server = await startWithMetrics({
      chat: { repeatWindowSeconds: 0, historySize: 2000 },
      live: { maxConnectionsPerClient: 20, sse: { heartbeatSeconds: 1, historySize: 1500, maxBacklogBytes: MAX_BACKLOG, maxBufferedBytes: 64 * 2 ** 20 } },
    });
    port = Number(new URL(server.url).port);
    // ~680 KB of missed chat (1,300 messages of ~520 bytes as SSE frames), as the 830 KB backlog.
    watcher = connectSse(`${server.url}/api/live/events?events=chat:message`);
    await watcher.opened(1);
    for (let i = 0; i < 1300; i++) {
      const posted = await call(`${server.url}/api/mobile/chat`, { body: { nickname: 'grace', message: `${i} ${'Hallelujah '.repeat(40)}` } });
      ids.push((await watcher.next('chat:message', (m) => m.id === posted.body.data.id)).id);
    }
  }, 120_000);
  afterAll(async () => {
    watcher?.close();
    await server?.close();
  });

  it(`${FLEET} resuming clients that never read leave at most the backlog bound each in the kernel`, async () => {
    const request = (id: string) => `GET /api/live/events?events=chat:message HTTP/1.1\r\nHost: x\r\nLast-Event-ID: ${id}\r\n\r\n`;
    // Half resume from the oldest id (the whole history is missed), half from just within the bound.
    const near = ids.at(-100)!;
    const streams = await sseStreams(server);
    const far = await startNonReadingClients({ port, count: FLEET / 2, request: request(ids[0]!), firstAddress: 10 });
    const close = await startNonReadingClients({ port, count: FLEET / 2, request: request(near), firstAddress: 40 });
    try {
      await eventually(async () => expect(await sseStreams(server)).toBe(streams + FLEET), 30_000);
      // What was written has reached the kernel once the queues stop growing.
      let last = -1;
      const queued = await eventually(
        async () => {
          const now = kernelSendQueues(port);
          const settled = now.bytes === last;
          last = now.bytes;
          expect(settled).toBe(true);
          return now;
        },
        30_000,
        500,
      );
      process.stdout.write(`[sse slow readers] ${FLEET} non-reading resuming clients: ${MB(queued.bytes)} MB in kernel send queues over ${queued.connections} connections\n`);
      expect(queued.bytes).toBeLessThanOrEqual(FLEET * (MAX_BACKLOG + 4096));
    } finally {
      await far.close();
      await close.close();
    }
  }, 90_000);

  it('drops clients that stop taking data within two heartbeats, while a reading client keeps getting every event', async () => {
    await eventually(async () => expect(await sseStreams(server)).toBe(1));
    const slow = await startNonReadingClients({ port, count: 10, request: 'GET /api/live/events?events=chat:message HTTP/1.1\r\nHost: x\r\n\r\n', firstAddress: 90 });
    try {
      await eventually(async () => expect(await sseStreams(server)).toBe(11));
      // Enough to fill each socket's kernel buffer and more: uWS reports backpressure, then nothing drains.
      const big = 'x'.repeat(32 * 1024);
      const events = Math.ceil(KERNEL_SEND_BUFFER / big.length) + 16;
      for (let i = 0; i < events && (await sseStreams(server)) > 1; i++) {
        server.app.live.publish('chat:message', { id: `big-${i}`, nickname: 'bench', message: big, timestamp: 0 });
        await watcher.next('chat:message', (m) => m.id === `big-${i}`);
      }
      const before = kernelSendQueues(port);
      await eventually(async () => expect(await sseStreams(server)).toBe(1), 10_000);
      process.stdout.write(`[sse slow readers] 10 stalled clients dropped; kernel send queues ${MB(before.bytes)} MB before the drop\n`);
      server.app.live.publish('chat:message', { id: 'after', nickname: 'bench', message: 'still here', timestamp: 0 });
      expect((await watcher.next('chat:message', (m) => m.id === 'after')).payload.message).toBe('still here');
    } finally {
      await slow.close();
    }
  }, 90_000);
});
