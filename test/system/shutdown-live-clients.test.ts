import { afterAll, describe, expect, it } from 'vitest';
import { io, type Socket } from 'socket.io-client';
import { SSE_PATH } from '../../src/station/event-catalog.js';
import { deleteKeys, serverStores } from '../support/redis.js';
import { freePort } from '../support/redis-server-process.js';
import { connectSse, type SseClient } from '../support/sse-client.js';
import { startService, type ServiceProcess } from '../support/service-process.js';

// Enough clients that per-connection work at shutdown would show (issue 33, item 5), few enough
// for one test process. All come from 127.0.0.1, so the per-client cap is raised.
const SOCKETS = 1000;
const STREAMS = 50;
const GRACE_MS = 10_000;

/** A real socket.io-client on /live with the official defaults (reconnection on, its default backoff). */
function liveClient(base: string): Socket {
  return io(`${base}/live`, { transports: ['websocket'], forceNew: true });
}

const connected = (socket: Socket) => new Promise<void>((resolve) => (socket.connected ? resolve() : socket.once('connect', () => resolve())));

describe.each(serverStores('shutdown-live'))('SIGTERM with live clients ($name store)', (backend) => {
  if (!backend.available) {
    it.skip('skipped: no Redis answers at REDIS_URL (see the note printed at start)', () => undefined);
    return;
  }
  const env: Record<string, string> = backend.redis ? { REDIS_URL: backend.redis.url, REDIS_PREFIX: backend.redis.prefix } : {};
  const sockets: Socket[] = [];
  const streams: SseClient[] = [];
  const services: ServiceProcess[] = [];
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    for (const stream of streams) stream.close();
    for (const service of services) await service.stop();
    if (backend.redis) await deleteKeys(backend.redis.url, backend.redis.prefix);
  });

  it(
    `${SOCKETS} Socket.IO clients and ${STREAMS} SSE streams are each dropped in a way they reconnect from, the process exits 0 within server.shutdownGraceMs, and all come back to the restarted hub`,
    { timeout: 120_000 },
    async () => {
      const port = await freePort();
      const config = { stream: { enabled: false }, server: { shutdownGraceMs: GRACE_MS }, live: { maxConnectionsPerClient: 10_000 } };
      const start = () => {
        const service = startService({ PORT: String(port), HOST: '127.0.0.1', ...env }, config);
        services.push(service);
        return service;
      };
      const first = start();
      await first.listening;
      const base = `http://127.0.0.1:${port}`;
      for (let i = 0; i < SOCKETS; i += 100) {
        const batch = Array.from({ length: Math.min(100, SOCKETS - i) }, () => liveClient(base));
        sockets.push(...batch);
        await Promise.all(batch.map(connected));
      }
      for (let i = 0; i < STREAMS; i++) streams.push(connectSse(`${base}${SSE_PATH}`));
      await Promise.all(streams.map((stream) => stream.opened(1)));

      const reasons = sockets.map((socket) => new Promise<string>((resolve) => socket.once('disconnect', resolve)));
      first.child.kill('SIGTERM');
      // Exit 0 is the promise: exit 1 (with its log line) is what the grace timer does when shutdown overruns it.
      expect(await first.exited).toBe(0);
      expect(first.lines.map((l) => l.msg)).not.toContain('shutdown did not finish within server.shutdownGraceMs; exiting anyway');
      // "transport close" is a drop socket.io-client reconnects from by itself; "io server disconnect" it would not.
      expect(new Set(await Promise.all(reasons))).toEqual(new Set(['transport close']));

      // The deploy's new process on the same port: every client is back on its own, with its default backoff.
      const second = start();
      await second.listening;
      await Promise.all(sockets.map(connected));
      await Promise.all(streams.map((stream) => stream.opened(2)));
      expect(sockets.filter((socket) => socket.connected)).toHaveLength(SOCKETS);
      second.child.kill('SIGTERM');
      expect(await second.exited).toBe(0);
    },
  );
});
