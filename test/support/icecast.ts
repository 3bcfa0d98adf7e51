import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync, writeFileSync } from 'node:fs';
import { request, type ClientRequest, type IncomingMessage } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eventually } from './eventually.js';
import { freePort } from './redis-server-process.js';
import { killProcess } from './kill-process.js';

/** The password a source (test/system/stream-source.test.ts runs the compose one) streams with. */
export const SOURCE_PASSWORD = 'source-secret';
const ADMIN = { user: 'admin', password: 'admin-secret' };
const basic = (user: string, password: string) => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

/** Whether Debian's icecast2 is installed; in CI its absence is an error, not a skip. */
export function icecastInstalled(): boolean {
  const found = spawnSync('icecast2', ['-v']).status === 0;
  if (!found && process.env.CI) throw new Error('CI=true but icecast2 is not installed; .ci/run must install it');
  if (!found) process.stdout.write('[radio-hub tests] icecast2 is not installed: the Icecast suite is SKIPPED (apt-get install icecast2).\n');
  return found;
}

/** A real Icecast 2.4 on a free loopback port with its own generated configuration. */
export class IcecastServer {
  private child: ChildProcess | null = null;
  private readonly dir = mkdtempSync(join(tmpdir(), 'radio-icecast-'));

  private constructor(
    readonly port: number,
    private readonly metadataInterval?: number,
  ) {}

  /**
   * `metadataInterval`: bytes between ICY metadata blocks on every mount (Icecast's
   * `<mp3-metadata-interval>`; its own default is 16,000).
   */
  static async start(options: { metadataInterval?: number } = {}): Promise<IcecastServer> {
    // A free port can be taken by another suite between the check and Icecast's bind: Icecast then
    // exits at once, and another port is tried (three in all).
    for (let attempt = 1; ; attempt++) {
      const server = new IcecastServer(await freePort(), options.metadataInterval);
      try {
        await server.start();
        return server;
      } catch (error) {
        await server.stop().catch(() => undefined);
        if (attempt >= 3) throw error;
      }
    }
  }

  get statusUrl(): string {
    return `http://127.0.0.1:${this.port}/status-json.xsl`;
  }

  async start(): Promise<void> {
    // Icecast refuses to run as root unless told which user to become.
    const asRoot = process.getuid?.() === 0;
    chmodSync(this.dir, 0o777);
    const config = join(this.dir, 'icecast.xml');
    writeFileSync(
      config,
      `<icecast>
  <location>test</location><admin>test@localhost</admin>
  <limits><clients>200</clients><sources>8</sources><source-timeout>10</source-timeout><burst-size>0</burst-size></limits>
  <authentication><source-password>${SOURCE_PASSWORD}</source-password><admin-user>${ADMIN.user}</admin-user><admin-password>${ADMIN.password}</admin-password></authentication>
  <hostname>127.0.0.1</hostname>
  <listen-socket><port>${this.port}</port><bind-address>127.0.0.1</bind-address></listen-socket>
  <paths><basedir>/usr/share/icecast2</basedir><logdir>${this.dir}</logdir><webroot>/usr/share/icecast2/web</webroot><adminroot>/usr/share/icecast2/admin</adminroot></paths>
  <logging><accesslog>access.log</accesslog><errorlog>error.log</errorlog><loglevel>2</loglevel></logging>
  <security><chroot>0</chroot>${asRoot ? '<changeowner><user>nobody</user><group>nogroup</group></changeowner>' : ''}</security>
  ${this.metadataInterval ? `<mount type="default"><mp3-metadata-interval>${this.metadataInterval}</mp3-metadata-interval></mount>` : ''}
</icecast>`,
    );
    const child = spawn('icecast2', ['-c', config], { stdio: 'ignore' });
    this.child = child;
    const exited = new Promise<never>((_, reject) => child.once('exit', (code) => reject(new Error(`icecast2 exited with ${code} before answering`))));
    exited.catch(() => undefined);
    await Promise.race([
      exited,
      eventually(async () => {
        const response = await fetch(this.statusUrl);
        if (!response.ok) throw new Error(`icecast answered ${response.status}`);
      }),
    ]);
  }

  stop(): Promise<void> {
    const child = this.child;
    this.child = null;
    return killProcess(child);
  }

  /** Sets the song on a mount the way a playout system does (admin metadata update). */
  async setSong(mount: string, params: Record<string, string>): Promise<void> {
    const query = new URLSearchParams({ mount, mode: 'updinfo', ...params });
    const response = await fetch(`http://127.0.0.1:${this.port}/admin/metadata?${query}`, { headers: { authorization: basic(ADMIN.user, ADMIN.password) } });
    const text = await response.text();
    if (!text.includes('Metadata update successful')) throw new Error(`metadata update refused: ${text}`);
  }

  /** The admin login, for the service's listener lists. */
  readonly admin = { ...ADMIN };

  /** Icecast's own listener list of a mount: address and connected seconds of each listener. */
  async listClients(mount: string): Promise<Array<{ ip: string; connected: number }>> {
    const response = await fetch(`http://127.0.0.1:${this.port}/admin/listclients?mount=${encodeURIComponent(mount)}`, { headers: { authorization: basic(ADMIN.user, ADMIN.password) } });
    const xml = await response.text();
    return [...xml.matchAll(/<IP>([^<]*)<\/IP>.*?<Connected>(\d+)<\/Connected>/g)].map((m) => ({ ip: m[1]!, connected: Number(m[2]) }));
  }

  /** What Icecast itself reports for the mount (raw text, as it may not be valid JSON). */
  async rawStatus(): Promise<string> {
    return (await fetch(this.statusUrl)).text();
  }

  /** A source streaming silent MP3 frames by HTTP PUT, as Icecast 2.4 accepts. */
  async connectSource(mount: string, bitrate = 128): Promise<TestSource> {
    const source = new TestSource(this.port, mount, bitrate);
    await source.connected;
    // Icecast lists the mount once it has taken the source, and its type and bitrate a moment later
    // (seen under load: listed, but no bitrate yet).
    await eventually(async () => {
      const raw = await this.rawStatus();
      if (!raw.includes(`:${this.port}${mount}"`)) throw new Error(`mount ${mount} not listed yet`);
      const at = raw.indexOf(`:${this.port}${mount}"`);
      const entry = raw.slice(raw.lastIndexOf('{', at), raw.indexOf('}', at) + 1);
      if (!entry.includes('"server_type"') || !entry.includes('"bitrate"')) throw new Error(`mount ${mount} has no type or bitrate yet`);
    });
    return source;
  }

  /**
   * A listener: an HTTP client reading the stream until closed. `from` is the loopback address
   * the client connects from (127.0.0.2, 127.0.0.3, …): Icecast then sees distinct listeners;
   * `userAgent` the player it says it is.
   */
  async connectListener(mount: string, from = '127.0.0.1', userAgent?: string): Promise<{ close(): void }> {
    return new Promise((resolve, reject) => {
      const headers = userAgent ? { 'user-agent': userAgent } : {};
      const req = request({ host: '127.0.0.1', port: this.port, path: mount, method: 'GET', localAddress: from, headers }, (res) => {
        if (res.statusCode !== 200) reject(new Error(`listener refused: ${res.statusCode}`));
        res.on('data', () => undefined);
        res.on('error', () => undefined);
        resolve({ close: () => req.destroy() });
      });
      req.on('error', reject);
      req.end();
    });
  }
}

// One MPEG-1 Layer III frame header (128 kbps, 44.1 kHz) and silence: 417 bytes per frame.
const FRAME = Buffer.alloc(417);
FRAME.writeUInt32BE(0xfffb9064, 0);

export class TestSource {
  readonly connected: Promise<void>;
  private readonly req: ClientRequest;
  private readonly timer: NodeJS.Timeout;

  constructor(port: number, mount: string, bitrate: number) {
    this.req = request({
      host: '127.0.0.1',
      port,
      path: mount,
      method: 'PUT',
      headers: {
        authorization: basic('source', SOURCE_PASSWORD),
        'content-type': 'audio/mpeg',
        'ice-name': 'Test Station',
        'ice-public': '0',
        'ice-audio-info': `bitrate=${bitrate}`,
        expect: '100-continue',
      },
    });
    this.connected = new Promise((resolve, reject) => {
      this.req.once('continue', () => resolve());
      this.req.once('response', (res: IncomingMessage) => (res.statusCode === 200 ? resolve() : reject(new Error(`source refused: ${res.statusCode}`))));
      this.req.once('error', reject);
    });
    this.req.on('error', () => undefined);
    // About real time (38 frames a second), in small bursts so metadata updates apply promptly.
    this.timer = setInterval(() => {
      for (let i = 0; i < 4; i++) this.req.write(FRAME);
    }, 100);
  }

  disconnect(): void {
    clearInterval(this.timer);
    this.req.destroy();
  }
}
