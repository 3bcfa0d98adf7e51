import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { startService } from '../support/service-process.js';

// Finding 7 (busy port) of issue 10: uWS listens with SO_REUSEPORT, so a second instance on a busy
// port started silently and shared it, splitting traffic and in-memory state.

describe('a busy port is a start-up error', () => {
  it('a second instance on the port of a running one exits 1, naming host and port; the first keeps serving', async () => {
    const first = startService({ PORT: '0', HOST: '127.0.0.1' });
    const port = await first.listening;
    try {
      const second = startService({ PORT: String(port), HOST: '127.0.0.1' });
      expect(await second.exited).toBe(1);
      expect(second.stderr()).toContain(`cannot listen on 127.0.0.1:${port}`);
      expect(second.lines.find((line) => line.msg === 'cannot start')).toMatchObject({ level: 60 });
      const res = await fetch(`http://127.0.0.1:${port}/healthz`);
      expect(res.status).toBe(200);
    } finally {
      expect(await first.stop()).toBe(0);
    }
  });

  it('a port held by another program is refused too', async () => {
    const other = createServer();
    const port = await new Promise<number>((resolve) => other.listen(0, '127.0.0.1', () => resolve((other.address() as { port: number }).port)));
    try {
      const service = startService({ PORT: String(port), HOST: '127.0.0.1' });
      expect(await service.exited).toBe(1);
      expect(service.stderr()).toContain(`127.0.0.1:${port}`);
    } finally {
      other.close();
    }
  });
});
