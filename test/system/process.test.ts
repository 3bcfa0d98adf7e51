import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { MAIN, startService } from '../support/service-process.js';

describe('the service process', () => {
  it('is built', () => expect(existsSync(MAIN), `${MAIN} is missing: run npm run build`).toBe(true));

  it('starts on the in-memory default, serves, and exits 0 on SIGTERM', async () => {
    const service = startService({ PORT: '0', HOST: '127.0.0.1' });
    const port = await service.listening;
    const status = await fetch(`http://127.0.0.1:${port}/api/mobile/status`);
    expect(status.status).toBe(200);
    expect(((await status.json()) as { api_version: string }).api_version).toBe('1.0.0');
    expect(service.lines.find((l) => l.msg === 'radio hub listening')).toMatchObject({ store: 'memory', level: 30 });
    service.child.kill('SIGTERM');
    expect(await service.exited).toBe(0);
    expect(service.lines.map((l) => l.msg)).toContain('stopped');
  });

  it('on SIGTERM finishes a request already in flight before exiting', async () => {
    const service = startService({ PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'debug' });
    const port = await service.listening;
    const socket = connect(port, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    const body = JSON.stringify({ nickname: 'grace', message: 'last words' });
    const answer = new Promise<string>((resolve) => {
      let text = '';
      socket.on('data', (chunk) => (text += chunk.toString()));
      socket.on('close', () => resolve(text));
    });
    // Headers and half the body, then SIGTERM, then the rest once shutdown has begun.
    socket.write(`POST /api/mobile/chat HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 10)}`);
    await service.logged('request received');
    service.child.kill('SIGTERM');
    await service.logged('shutting down: no new connections, finishing requests in flight');
    socket.end(body.slice(10));
    expect(await answer).toMatch(/^HTTP\/1\.1 201/);
    expect(await service.exited).toBe(0);
  });

  it('exits 1 with a message naming the key when the configuration is bad', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'radio-process-'));
    const path = join(dir, 'bad.json');
    writeFileSync(path, JSON.stringify({ station: { timezone: 'Atlantis/Capital' } }));
    const service = startService({ RADIO_CONFIG: path });
    expect(await service.exited).toBe(1);
    expect(service.stderr()).toContain('station.timezone');
  });
});
