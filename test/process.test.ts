import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect } from 'node:net';
import { createInterface } from 'node:readline';
import { describe, expect, it } from 'vitest';

// The built service, as `npm start` runs it (`npm test` builds first).
const MAIN = join(import.meta.dirname, '..', 'dist', 'main.js');

function run(env: NodeJS.ProcessEnv) {
  const child = spawn(process.execPath, [MAIN], { env: { PATH: process.env.PATH, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  const lines: Array<Record<string, unknown>> = [];
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const logged = (msg: string) =>
    new Promise<void>((resolve) => {
      const check = () => lines.some((l) => l.msg === msg) && resolve();
      check();
      reader.on('line', check);
    });
  const reader = createInterface({ input: child.stdout });
  const listening = new Promise<number>((resolve, reject) => {
    reader.on('line', (line) => {
      const entry = JSON.parse(line) as Record<string, unknown>;
      lines.push(entry);
      if (entry.msg === 'radio hub listening') resolve(entry.port as number);
    });
    void exited.then((code) => reject(new Error(`exited with ${code} before listening: ${stderr}`)));
  });
  listening.catch(() => undefined); // a test expecting an early exit never awaits it
  return { child, lines, exited, listening, logged, stderr: () => stderr };
}

describe('the service process', () => {
  it('is built', () => expect(existsSync(MAIN), `${MAIN} is missing: run npm run build`).toBe(true));

  it('starts on the in-memory default, serves, and exits 0 on SIGTERM', async () => {
    const service = run({ PORT: '0', HOST: '127.0.0.1' });
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
    const service = run({ PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'debug' });
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
    const service = run({ RADIO_CONFIG: path });
    expect(await service.exited).toBe(1);
    expect(service.stderr()).toContain('station.timezone');
  });
});
