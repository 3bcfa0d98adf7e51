import { spawnSync, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { Agent, request } from 'node:https';
import { request as plainRequest } from 'node:http';
import { join } from 'node:path';
import { io } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumInstalled, launchChromium } from '../support/browser.js';
import { eventually } from '../support/eventually.js';
import { IcecastServer, icecastInstalled, type TestSource } from '../support/icecast.js';
import { killProcess } from '../support/kill-process.js';
import { localNginxConfig, nginxDir, nginxInstalled, startNginx } from '../support/nginx.js';
import { freePort } from '../support/redis-server-process.js';
import { startService, type ServiceProcess } from '../support/service-process.js';

const SHIPPED = join(import.meta.dirname, '..', '..', 'deploy', 'nginx-tls.conf');
const MOUNT = '/live.mp3';
/** The station's name in the browser suite (Chromium maps it to 127.0.0.1). */
const HOST = 'radio.test';

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A self-signed certificate for 127.0.0.1, made with openssl for this run; clients trust it as their only CA. */
function makeCertificate(dir: string): { cert: string; key: string } {
  const cert = join(dir, 'fullchain.pem');
  const key = join(dir, 'privkey.pem');
  const made = spawnSync('openssl', [
    'req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes', '-days', '1',
    '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1', '-keyout', key, '-out', cert,
  ], { encoding: 'utf8' }); // prettier-ignore
  if (made.status !== 0) throw new Error(`openssl failed: ${made.stderr}`);
  return { cert, key };
}

function opensslInstalled(): boolean {
  const found = spawnSync('openssl', ['version']).status === 0;
  if (!found && process.env.CI) throw new Error('CI=true but openssl is not installed');
  if (!found) process.stdout.write('[radio-hub tests] openssl is not installed: the TLS suite (it makes its certificate with it) is SKIPPED.\n');
  return found;
}

const enabled = nginxInstalled('the TLS suite') && icecastInstalled() && opensslInstalled();

describe.runIf(enabled)('deploy/nginx-tls.conf: the hub and the Icecast stream under one https origin', () => {
  let hub: ServiceProcess;
  let icecast: IcecastServer;
  let source: TestSource;
  let nginx: ChildProcess;
  let ca: Buffer;
  let agent: Agent;
  let base: string;
  let plainPort: number;
  let tlsPort: number;

  /** A GET over https, the certificate checked against the test's CA; `until` stops reading a body that never ends (a stream). */
  const get = (path: string, until?: (received: Buffer) => boolean): Promise<Answer> =>
    new Promise((resolve, reject) => {
      const req = request(`${base}${path}`, { agent }, (res) => {
        const chunks: Buffer[] = [];
        const done = () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) });
        res.on('data', (chunk: Buffer) => {
          chunks.push(chunk);
          if (until?.(Buffer.concat(chunks))) {
            done();
            req.destroy();
          }
        });
        res.on('end', done);
      });
      req.on('error', reject);
      req.end();
    });

  beforeAll(async () => {
    const dir = nginxDir();
    const { cert, key } = makeCertificate(dir);
    ca = readFileSync(cert);
    agent = new Agent({ ca, keepAlive: true });
    [plainPort, tlsPort] = [await freePort(), await freePort()];
    base = `https://127.0.0.1:${tlsPort}`;

    icecast = await IcecastServer.start();
    source = await icecast.connectSource(MOUNT);
    await icecast.setSong(MOUNT, { song: 'Chris Tomlin - How Great Is Our God' });
    // What an operator sets with TLS in front: the stream's address under the https origin.
    hub = startService(
      { PORT: '0', HOST: '127.0.0.1' },
      { trustProxy: ['127.0.0.1'], station: { streamUrl: `${base}/stream${MOUNT}` }, stream: { kind: 'icecast', statusUrl: icecast.statusUrl, mount: MOUNT, pollSeconds: 1 } },
    );
    const hubPort = await hub.listening;
    const config = localNginxConfig(SHIPPED, dir, [
      // One node stands for both replicas here (the two-node behaviour is nginx.test.ts's).
      [/server hub1:8080/, `server 127.0.0.1:${hubPort}`],
      [/server hub2:8080/, `server 127.0.0.1:${hubPort}`],
      [/server icecast:8000;/, `server 127.0.0.1:${icecast.port};`],
      [/listen 80;/, `listen 127.0.0.1:${plainPort};`],
      [/listen 443 ssl;/, `listen 127.0.0.1:${tlsPort} ssl;`],
      [/ssl_certificate \/etc\/nginx\/tls\/fullchain.pem;/, `ssl_certificate ${cert};`],
      [/ssl_certificate_key \/etc\/nginx\/tls\/privkey.pem;/, `ssl_certificate_key ${key};`],
    ]);
    nginx = await startNginx(dir, config, async () => {
      expect((await get('/healthz')).status).toBe(200);
    });
  });

  afterAll(async () => {
    agent?.destroy();
    await killProcess(nginx);
    await hub?.stop();
    source?.disconnect();
    await icecast?.stop();
  });

  it('sends plain http to https, path and query kept', async () => {
    const answer = await new Promise<Answer>((resolve, reject) => {
      plainRequest(`http://127.0.0.1:${plainPort}/api/mobile/status?x=1`, (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.alloc(0) }));
      })
        .on('error', reject)
        .end();
    });
    expect(answer.status).toBe(301);
    expect(answer.headers.location).toBe('https://127.0.0.1/api/mobile/status?x=1');
  });

  it('serves the pages and the API over https (certificate checked), with HSTS', async () => {
    const page = await get('/');
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['strict-transport-security']).toBe('max-age=31536000');
    const status = await get('/api/mobile/status');
    expect(status.status).toBe(200);
    const data = JSON.parse(status.body.toString()).data as { stream_url: string };
    expect(data.stream_url).toBe(`${base}/stream${MOUNT}`);
  });

  it('upgrades Socket.IO to a WebSocket over wss and carries live events both ways', async () => {
    const socket = io(`${base}/live`, { transports: ['websocket'], forceNew: true, reconnection: false, agent: agent as unknown as string, ca: ca.toString() });
    try {
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', resolve);
        socket.once('connect_error', reject);
      });
      expect(socket.io.engine.transport.name).toBe('websocket');
      const heard = new Promise<{ message: string }>((resolve) => socket.on('chat:message', resolve));
      const ack = (await socket.emitWithAck('chat:send', { nickname: 'Priscilla', message: 'over wss' })) as { success: boolean };
      expect(ack.success).toBe(true);
      expect((await heard).message).toBe('over wss');
    } finally {
      socket.close();
    }
  });

  it("plays the real Icecast stream from the status's stream_url, under the https origin, as it comes", async () => {
    const status = JSON.parse((await get('/api/mobile/status')).body.toString()).data as { stream_url: string };
    const path = new URL(status.stream_url).pathname;
    const started = performance.now();
    // 32 KiB: two seconds of 128 kbps audio, which Icecast (burst-size 0) sends only as it is played.
    const stream = await get(path, (received) => received.length >= 32 * 1024);
    expect(stream.status).toBe(200);
    expect(stream.headers['content-type']).toBe('audio/mpeg');
    expect(stream.body.length).toBeGreaterThanOrEqual(32 * 1024);
    // MPEG audio frames (the test source's frame header), not an error page.
    expect(stream.body.includes(Buffer.from([0xff, 0xfb, 0x90, 0x64]))).toBe(true);
    const seconds = (performance.now() - started) / 1000;
    process.stdout.write(`[tls] ${stream.body.length} bytes of the Icecast stream through https://…/stream${MOUNT} in ${seconds.toFixed(1)} s\n`);
    // Relayed as it is played (nginx does not gather it first): about real time, generous for a loaded machine.
    expect(seconds).toBeLessThan(20);
  });

  it("keeps Icecast's admin pages off the public origin", async () => {
    expect((await get('/stream/admin/stats')).status).toBe(403);
    expect((await get(`/stream/admin/listclients?mount=${MOUNT}`)).status).toBe(403);
  });

  /** Listeners Icecast counts on the mount right now. */
  const listeners = async () => {
    const stats = (await (await fetch(icecast.statusUrl)).json()) as { icestats: { source?: { listenurl: string; listeners: number } | Array<{ listenurl: string; listeners: number }> } };
    return [stats.icestats.source ?? []].flat().find((s) => s.listenurl.endsWith(MOUNT))?.listeners ?? 0;
  };

  it.runIf(chromiumInstalled())('in a browser: the https page plays the proxied stream, and an http:// stream on it is mixed content that never reaches Icecast', async () => {
    // A station is reached by name, not by address (Chromium treats a bare IP address differently).
    const browser = await launchChromium([`--host-resolver-rules=MAP ${HOST} 127.0.0.1`]);
    try {
      // The test's own certificate authority is not in Chromium's store; the page is https all the same.
      const context = await browser.newContext({ ignoreHTTPSErrors: true });
      const page = await context.newPage();
      const console: string[] = [];
      page.on('console', (message) => console.push(message.text()));
      const origin = `https://${HOST}:${tlsPort}`;
      await page.goto(`${origin}/`);
      expect(await page.evaluate(() => location.protocol)).toBe('https:');

      // The page's own player, on the stream_url under the https origin: Icecast gets a listener.
      const before = await listeners();
      await page.getByRole('button', { name: 'Play' }).click();
      await eventually(async () => expect(await listeners()).toBe(before + 1), 20_000);
      expect(['connecting', 'buffering', 'playing']).toContain(await page.locator('.player').getAttribute('data-state'));
      await page.getByRole('button', { name: 'Pause' }).click();
      await eventually(async () => expect(await listeners()).toBe(before), 20_000);

      // Icecast's own http:// address, loaded by a media element the way a player would: on the
      // listener page the hub's Content-Security-Policy (media-src: the page and stream_url's origin)
      // refuses it first; on an https page without one (Icecast's status page under the same origin)
      // the browser treats it as mixed content: it upgrades the request to https, which Icecast's
      // plain port cannot answer. Either way nothing plays and Icecast never gets a listener.
      const insecure = `http://${HOST}:${icecast.port}${MOUNT}`;
      const load = (url: string) =>
        new Promise<string>((resolve) => {
          const audio = new Audio();
          audio.preload = 'auto';
          audio.onerror = () => resolve(`error ${audio.error?.code ?? ''}`);
          audio.onloadedmetadata = () => resolve('loaded');
          audio.src = url;
          audio.load();
          setTimeout(() => resolve('nothing within 5 s'), 5000);
        });
      expect(await page.evaluate(load, insecure)).toMatch(/^error/);
      expect(console.join('\n')).toContain('Content Security Policy');
      await page.goto(`${origin}/stream/status.xsl`);
      expect(await page.evaluate(() => location.protocol)).toBe('https:');
      const outcome = await page.evaluate(load, insecure);
      expect(outcome).not.toBe('loaded');
      const mixed = console.find((line) => line.includes('Mixed Content'));
      expect(mixed).toContain('automatically upgraded to HTTPS');
      expect(await listeners()).toBe(before);
      process.stdout.write(`[tls] browser: ${insecure} on an https page → ${outcome}; console: ${mixed}\n`);
    } finally {
      await browser.close();
    }
  });
});
