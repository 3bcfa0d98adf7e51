import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uniquePrefix } from '../support/redis.js';
import { redisServers, type RunningRedis } from '../support/redis-servers.js';
import { startService, type ServiceProcess } from '../support/service-process.js';
import { connectSse, type SseClient } from '../support/sse-client.js';
import { TcpForwarder } from '../support/tcp-forwarder.js';
import { eventually } from '../support/eventually.js';
import { call } from '../support/test-server.js';

// Two built service processes on one real Redis, as behind a load balancer; node A is restarted.
// On the shared Redis, on Valkey, and on a six-node Cluster.
describe.each(redisServers)('SSE resume across nodes on $name', (server) => {
  if (!server.available) {
    it.skip(`skipped: ${server.skipReason}`, () => undefined);
    return;
  }
  const prefix = uniquePrefix('sse-nodes');
  const dir = mkdtempSync(join(tmpdir(), 'radio-sse-nodes-'));
  const config = join(dir, 'config.json');
  const env = (port: string) => ({ PORT: port, HOST: '127.0.0.1', LOG_LEVEL: 'info', RADIO_CONFIG: config });
  let redis: RunningRedis;
  let a: ServiceProcess;
  let b: ServiceProcess;
  let ports: number[] = [];
  const clients: SseClient[] = [];
  let balancer: TcpForwarder | undefined;

  beforeAll(async () => {
    redis = await server.start();
    writeFileSync(
      config,
      JSON.stringify({
        redis: { ...redis.config, prefix },
        stream: { enabled: false },
        chat: { repeatWindowSeconds: 0 },
        live: { sse: { heartbeatSeconds: 15, historySize: 500, maxBufferedBytes: 262144, retryMs: 200 } },
      }),
    );
    [a, b] = [startService(env('0')), startService(env('0'))];
    ports = await Promise.all([a.listening, b.listening]);
    await Promise.all(ports.map(ready));
  }, 60_000);
  afterAll(async () => {
    for (const client of clients) client.close();
    await balancer?.close();
    await Promise.all([a, b].map((node) => node?.stop()));
    // After a failed start (a port taken under it) there is nothing to clean but the server.
    await redis?.deleteKeys(prefix);
    await server.stop();
  });

  const url = (port: number) => `http://127.0.0.1:${port}`;
  // As a load balancer would, a node gets clients once /readyz says its Redis answers: before
  // that an SSE open is 503, which ends an EventSource (a Cluster's slot map takes a moment).
  const ready = (port: number) => eventually(async () => expect((await fetch(`${url(port)}/readyz`)).status).toBe(200), 20_000);
  const post = async (port: number, message: string) => {
    const answer = await call(`${url(port)}/api/mobile/chat`, { body: { nickname: 'grace', message } });
    expect(answer.status).toBe(201);
    return answer.body.data;
  };

  it('a client of node A gets, after A restarts, exactly what B published meanwhile, under the ids B clients saw', async () => {
    const [portA, portB] = ports as [number, number];
    // The client's address stays the same; behind it, node A goes away and comes back.
    balancer = await TcpForwarder.start(portA);
    const onA = connectSse(`${url(balancer.port)}/api/live/events?events=chat:message`);
    const onB = connectSse(`${url(portB)}/api/live/events?events=chat:message`);
    clients.push(onA, onB);
    await Promise.all([onA.opened(1), onB.opened(1)]);

    const first = await post(portB, 'before the restart');
    const seenOnA = await onA.next('chat:message', (m) => m.id === first.id);
    const seenOnB = await onB.next('chat:message', (m) => m.id === first.id);
    expect(seenOnA.id).toBe(seenOnB.id);

    expect(await a.stop()).toBe(0);
    const missed = [await post(portB, 'while A was down 1'), await post(portB, 'while A was down 2')];
    const onBMissed = [await onB.next('chat:message'), await onB.next('chat:message')];

    a = startService(env('0'));
    const portA2 = await a.listening;
    await ready(portA2);
    balancer.target = portA2;
    // The same EventSource reconnects by itself, sending Last-Event-ID.
    const resumed = [await onA.next('chat:message'), await onA.next('chat:message')];
    expect(resumed.map((m) => m.payload)).toEqual(missed);
    expect(resumed.map((m) => m.id)).toEqual(onBMissed.map((m) => m.id));
    // Only what was asked for, on the first connection and on the resumed one.
    expect(new Set(onA.received.map((m) => m.event))).toEqual(new Set(['chat:message']));

    const after = await post(portA2, 'A is back');
    expect((await onB.next('chat:message')).payload).toEqual(after);
    expect((await onA.next('chat:message')).payload).toEqual(after);
  });
});
