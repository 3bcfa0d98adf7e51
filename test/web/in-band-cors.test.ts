/// <reference lib="dom" />
import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumInstalled, useChromium } from '../support/browser.js';
import { eventually } from '../support/eventually.js';
import { IcecastServer, icecastInstalled } from '../support/icecast.js';
import { killProcess } from '../support/kill-process.js';
import { nginxDir, nginxInstalled, startNginx } from '../support/nginx.js';
import { freePort } from '../support/redis-server-process.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { ffmpegInstalled, toneSongs, ToneSource } from '../support/tone-source.js';

// station.inBandTitles "cors": the stream on another origin, whose server answers the CORS the
// in-band reader needs. Debian's Icecast 2.4 does not answer a preflight at all, so nginx on the
// stream's host does, with the settings docs/pages.md gives (the same text, local paths).

const MOUNT = '/live.mp3';
const SONGS = toneSongs(4);
// A second mount (the listener's other choice, station.streams) whose songs say which it is.
const OTHER_MOUNT = '/other.mp3';
const OTHER_SONGS = toneSongs(4).map((song) => ({ frequency: song.frequency + 800, artist: 'Other tones', title: `Other ${song.frequency + 800} Hz` }));
// The title in the sticky Player region (found by its accessible name), the one the listener sees
// wherever the page is scrolled; a CSS selector, as the in-page probe watches it too.
const TITLE = 'section[aria-label="Player"] .title';
const ready = ffmpegInstalled('the cross-origin in-band suite') && icecastInstalled() && nginxInstalled('the cross-origin in-band suite') && chromiumInstalled();

/** docs/pages.md's nginx for a stream host in front of Icecast 2.4, allowing `origin`. */
function streamHostConfig(dir: string, listen: number, icecastPort: number, origin: string): string {
  return `worker_processes 1;
error_log ${dir}/error.log;
pid ${dir}/nginx.pid;
events { worker_connections 64; }
http {
  access_log ${dir}/access.log;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  upstream icecast { server 127.0.0.1:${icecastPort}; }
  server {
    listen 127.0.0.1:${listen};
    location / {
      if ($request_method = OPTIONS) {
        add_header Access-Control-Allow-Origin "${origin}";
        add_header Access-Control-Allow-Headers "Icy-MetaData, Range";
        add_header Access-Control-Max-Age 86400;
        return 204;
      }
      proxy_pass http://icecast;
      proxy_http_version 1.1;
      proxy_buffering off;
      proxy_read_timeout 60s;
      # What Icecast's <http-headers> would add (the suite's Icecast has none).
      add_header Access-Control-Allow-Origin "${origin}" always;
      add_header Access-Control-Expose-Headers "Icy-MetaInt, Icy-Br, Icy-Name, Content-Type" always;
    }
  }
}
`;
}

describe.skipIf(!ready)('in-band titles from a stream on another origin (station.inBandTitles "cors")', () => {
  let icecast: IcecastServer;
  let source: ToneSource;
  let otherSource: ToneSource;
  let nginx: ChildProcess;
  const hubs: TestServer[] = [];
  let streamUrl = '';
  let otherUrl = '';
  let hubPort = 0;
  const chromium = useChromium(['--autoplay-policy=no-user-gesture-required']);

  beforeAll(async () => {
    icecast = await IcecastServer.start({ metadataInterval: 4096 });
    source = await ToneSource.start(icecast, MOUNT, SONGS, 3);
    otherSource = await ToneSource.start(icecast, OTHER_MOUNT, OTHER_SONGS, 3);
    // The page's origin must be known to the stream host before the hub starts: a port chosen first.
    hubPort = await freePort();
    const listen = await freePort();
    const dir = nginxDir();
    nginx = await startNginx(dir, streamHostConfig(dir, listen, icecast.port, `http://127.0.0.1:${hubPort}`), async () => {
      const response = await fetch(`http://127.0.0.1:${listen}/status-json.xsl`);
      if (!response.ok) throw new Error(`nginx answered ${response.status}`);
    });
    streamUrl = `http://127.0.0.1:${listen}${MOUNT}`;
    otherUrl = `http://127.0.0.1:${listen}${OTHER_MOUNT}`;
  }, 60_000);

  afterAll(async () => {
    await killProcess(nginx);
    await Promise.all(hubs.map((hub) => hub.close()));
    await source?.stop();
    await otherSource?.stop();
    await icecast?.stop();
  });

  async function hub(inBandTitles: 'cors' | 'same-origin', streams?: Array<{ label: string; url: string }>): Promise<string> {
    const server = await startTestServer({
      server: { port: inBandTitles === 'cors' ? hubPort : 0 },
      station: { streamUrl, inBandTitles, ...(streams ? { streams } : {}) },
      // The "cors" hub never polls Icecast: every title its page shows came in-band.
      stream: { kind: 'icecast', statusUrl: icecast.statusUrl, mount: MOUNT, enabled: inBandTitles !== 'cors', pollSeconds: 1 },
    });
    hubs.push(server);
    return `${server.url}/`;
  }

  it('"cors": the page reads the other origin in-band (Media Source, titles from the stream), with no CSP violation', async () => {
    const page = await chromium.open(await hub('cors'));
    const violations: string[] = [];
    page.on('console', (message) => message.text().includes('Content Security Policy') && violations.push(message.text()));
    await page.getByRole('button', { name: 'Play' }).click();
    await eventually(async () => expect(await page.locator('.player').getAttribute('data-state')).toBe('playing'), 20_000);
    // The element plays what the reader feeds it (a Media Source), not the stream's address.
    expect(await page.evaluate(() => document.querySelector('audio')!.src)).toMatch(/^blob:/);
    // Song after song, the title follows the stream (this hub knows no song: the titles are the stream's).
    const seen = new Set<string>();
    await eventually(async () => {
      seen.add((await page.locator(TITLE).textContent()) ?? '');
      expect([...seen].filter((t) => /^Tone \d+ Hz$/.test(t)).length).toBeGreaterThanOrEqual(3);
    }, 30_000);
    expect(violations).toEqual([]);
    await page.getByRole('button', { name: 'Pause' }).click();
    await eventually(async () => expect(await page.evaluate(() => document.querySelector('audio')!.getAttribute('src'))).toBeNull());
  }, 90_000);

  it('"cors" with several streams: the titles are those of the stream the listener chose, and follow a switch while playing', async () => {
    // One hub at a time on the port the stream host allows: the first test's is done with.
    await Promise.all(hubs.splice(0).map((server) => server.close()));
    const page = await chromium.open(
      await hub('cors', [
        { label: 'Tones', url: streamUrl },
        { label: 'Other tones', url: otherUrl },
      ]),
    );
    const titles = async (pattern: RegExp, count: number) => {
      const seen = new Set<string>();
      await eventually(async () => {
        const title = (await page.locator(TITLE).textContent()) ?? '';
        if (pattern.test(title)) seen.add(title);
        expect(seen.size).toBeGreaterThanOrEqual(count);
      }, 30_000);
    };
    await page.getByRole('combobox', { name: 'Stream' }).selectOption({ label: 'Other tones' });
    await page.getByRole('button', { name: 'Play' }).click();
    await titles(/^Other \d+ Hz$/, 2);
    // Switched while playing: the old read ends and the chosen mount's titles take over.
    await page.getByRole('combobox', { name: 'Stream' }).selectOption({ label: 'Tones' });
    await titles(/^Tone \d+ Hz$/, 2);
    // One listener, on the chosen mount: the other mount's request ended (nginx → Icecast).
    await eventually(async () => expect(await icecast.listClients(OTHER_MOUNT)).toHaveLength(0), 20_000);
    await eventually(async () => expect(await icecast.listClients(MOUNT)).toHaveLength(1), 20_000);
    await eventually(async () => expect(await page.locator('.player').getAttribute('data-state')).toBe('playing'), 20_000);
    await page.getByRole('button', { name: 'Pause' }).click();
    await eventually(async () => expect(await page.evaluate(() => document.querySelector('audio')!.getAttribute('src'))).toBeNull());
  }, 120_000);

  it('"same-origin" with the stream elsewhere: the element plays the stream by itself (the feed gives the titles)', async () => {
    const page = await chromium.open(await hub('same-origin'));
    await page.getByRole('button', { name: 'Play' }).click();
    await eventually(async () => expect(await page.locator('.player').getAttribute('data-state')).toBe('playing'), 20_000);
    expect(await page.evaluate(() => document.querySelector('audio')!.src)).toBe(streamUrl);
  }, 60_000);
});
