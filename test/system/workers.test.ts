import { afterAll, describe, expect, it } from 'vitest';
import { POLLING_REFUSED } from '../../src/live/live-server.js';
import { connectLive, refusedConnection, type LiveClient } from '../support/live-client.js';
import { deleteKeys, hasRedis, redisUrl, uniquePrefix } from '../support/redis.js';
import { startService, type ServiceProcess } from '../support/service-process.js';

/** Resolves once `count` log lines with this `msg` have been written. */
function loggedTimes(service: ServiceProcess, msg: string, count: number): Promise<Array<Record<string, unknown>>> {
  return new Promise((resolve) => {
    const check = () => {
      const lines = service.lines.filter((l) => l.msg === msg);
      if (lines.length >= count) resolve(lines);
      else setImmediate(check);
    };
    check();
  });
}

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('server.workers (WORKERS): one hub per core on one port', () => {
  it('refuses several workers without Redis, naming the key, before starting any', { timeout: 60_000 }, async () => {
    const service = startService({ PORT: '0', HOST: '127.0.0.1', WORKERS: '2' });
    expect(await service.exited).toBe(1);
    expect(service.stderr()).toContain('server.workers (env WORKERS)');
    expect(service.stderr()).toContain('needs Redis');
    expect(service.lines.some((l) => l.msg === 'radio hub listening')).toBe(false);
  });

  describe.runIf(hasRedis)('with a real Redis', () => {
    const prefix = uniquePrefix('workers');
    const clients: LiveClient[] = [];
    let service: ServiceProcess | undefined;
    afterAll(async () => {
      for (const client of clients) client.close();
      await service?.stop();
      await deleteKeys(redisUrl, prefix);
    });

    it('serves from every worker on one port, restarts one that dies (one log line), refuses long-polling with a clear answer, and stops the group on SIGTERM', async () => {
      service = startService({ PORT: '0', HOST: '127.0.0.1', WORKERS: '2', REDIS_URL: redisUrl, REDIS_PREFIX: prefix }, { stream: { enabled: false }, server: { shutdownGraceMs: 3000 } });
      const [group] = await loggedTimes(service, 'radio hub listening: every worker', 1);
      const port = group!.port as number;
      const workers = service.lines.filter((l) => l.msg === 'radio hub listening');
      expect(workers.map((l) => l.port)).toEqual([port, port]);
      expect(workers.map((l) => l.worker).sort()).toEqual([1, 2]);
      expect(new Set(workers.map((l) => l.pid)).size).toBe(2);
      const base = `http://127.0.0.1:${port}`;

      // Real Socket.IO clients: the kernel spreads their connections over both workers, and a chat
      // posted on whichever worker takes the POST reaches every one of them (through Redis).
      for (let i = 0; i < 24; i++) clients.push(await connectLive(base));
      const posted = await fetch(`${base}/api/mobile/chat`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ nickname: 'ana', message: 'every core hears this' }),
      });
      expect(posted.status).toBe(201);
      await Promise.all(clients.map((c) => c.next('chat:message', (m: { message: string }) => m.message === 'every core hears this')));

      // Long-polling cannot stay on one worker: its handshake is refused, saying what to do instead.
      const polling = await fetch(`${base}/socket.io/?EIO=4&transport=polling`);
      expect(polling.status).toBe(400);
      const envelope = (await polling.json()) as { error: { code: string; message: string } };
      expect(envelope.error).toMatchObject({ code: 'VALIDATION_FAILED', message: POLLING_REFUSED });
      expect(envelope.error.message).toContain('transports: ["websocket"]');
      expect((await refusedConnection(base, { transports: ['polling'] })).message).toBe('xhr poll error');

      // One worker killed outright: only its clients lose their connection, the group logs it once
      // and a new worker takes its place on the same port.
      const victim = workers[0]!.pid as number;
      const dropped = clients.map((c) => new Promise<'dropped'>((resolve) => c.socket.once('disconnect', () => resolve('dropped'))));
      process.kill(victim, 'SIGKILL');
      const [death] = await loggedTimes(service, 'a worker died; starting another', 1);
      expect(death).toMatchObject({ worker: workers[0]!.worker, pid: victim, signal: 'SIGKILL', level: 50 });
      const relisten = await loggedTimes(service, 'radio hub listening', 3);
      expect(relisten[2]).toMatchObject({ port, worker: workers[0]!.worker });
      const again = await fetch(`${base}/api/mobile/chat`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ nickname: 'ana', message: 'still on the air' }),
      });
      expect(again.status).toBe(201);
      // Each client either lost its worker or hears the next chat from the group.
      const fates = await Promise.all(
        clients.map((c, i) => Promise.race([dropped[i]!, c.next('chat:message', (m: { message: string }) => m.message === 'still on the air').then(() => 'heard' as const)])),
      );
      expect(fates).toContain('dropped');
      expect(fates).toContain('heard');
      expect(service.lines.filter((l) => l.msg === 'a worker died; starting another')).toHaveLength(1);

      // SIGTERM to the primary: every worker drains and the whole group is gone, exit 0.
      const pids = service.lines.filter((l) => l.msg === 'radio hub listening').map((l) => l.pid as number);
      service.child.kill('SIGTERM');
      expect(await service.exited).toBe(0);
      expect(service.lines.filter((l) => l.msg === 'stopped')).toHaveLength(2);
      expect(service.lines.map((l) => l.msg)).toContain('stopped: every worker');
      expect(pids.filter(isAlive)).toEqual([]);
    }, 120_000);
  });
});
