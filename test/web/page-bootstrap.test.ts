import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contrast, parseColor, readableOn, textOn } from '../../src/api/web/colors.js';
import { scriptSafeJson } from '../../src/api/web/page-bootstrap.js';
import { stationCss } from '../../src/api/web/station-brand.js';
import { ConfigError } from '../../src/config/load-config.js';
import { eventually } from '../support/eventually.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

// What the pages are served with: the bootstrap in their HTML (no REST call needed to start), the
// station's logo, icons, manifest and colours derived from config, and JSON that cannot break
// out of its <script> element.

const bootstrapOf = (html: string) => JSON.parse(/<script type="application\/json" id="radio-bootstrap">(.*?)<\/script>/s.exec(html)![1]!);
const remaining = (response: Response) => Number(/r=(\d+)/.exec(response.headers.get('ratelimit') ?? '')?.[1]);

describe('the pages’ bootstrap and the station’s look', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(
      {
        station: { name: 'Grace FM', accentColor: '#aa0000', artUrlTemplate: 'https://art.example.org/cover?a={artist}&t={title}', publicUrl: 'https://listen.example.org/' },
        rateLimit: { mobile: { limit: 100, windowSeconds: 3600 } },
      },
      { realLimits: true },
    );
  });
  afterAll(() => server?.close());

  it('writes now playing, the schedule, the queue and the chat into the listener page, and spends no API budget doing it', async () => {
    const posted = await fetch(`${server.url}/api/mobile/chat`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ nickname: 'Ruth', message: '</script><script>alert(1)</script> 100% \u2028 %STATION_NAME%' }),
    });
    expect(posted.status).toBe(201);
    const left = remaining(posted);
    // The page is prepared at most once a second: a message just posted shows on the next preparation.
    const boot = await eventually(async () => {
      const value = bootstrapOf(await (await fetch(`${server.url}/`)).text());
      if (!value.chat?.length) throw new Error('no chat yet');
      return value;
    });
    expect(boot.station).toMatchObject({
      name: 'Grace FM',
      streamUrl: 'https://stream.example.org/live.mp3',
      timezone: 'America/Chicago',
      artUrlTemplate: 'https://art.example.org/cover?a={artist}&t={title}',
    });
    expect(boot.station.logo).toMatch(/^\/assets\/logo-[\w-]+\.svg$/);
    expect(boot.chat[0].message).toBe('</script><script>alert(1)</script> 100% \u2028 %STATION_NAME%');
    expect(boot).toMatchObject({ nowPlaying: { now_playing: null, online: false }, requests: [], schedule: { timezone: 'America/Chicago' }, rules: { requestThresholdSeconds: 900 } });
    expect(typeof boot.lastEventId).toBe('string');

    const widget = bootstrapOf(await (await fetch(`${server.url}/widget/player`)).text());
    expect(Object.keys(widget).sort()).toEqual(['lastEventId', 'nowPlaying', 'station']);

    const after = await fetch(`${server.url}/api/mobile/status`);
    expect(remaining(after)).toBe(left - 1);
  });

  it('escapes the bootstrap so no text can close its <script> element or fill a placeholder', () => {
    const text = scriptSafeJson({ message: '</script><!-- %LIVE_DATA% & \u2028\u2029' });
    expect(text).not.toMatch(/[<>&%\u2028\u2029]/);
    expect(JSON.parse(text)).toEqual({ message: '</script><!-- %LIVE_DATA% & \u2028\u2029' });
  });

  it('serves the logo, icons, a web app manifest and sharing tags derived from the config', async () => {
    const html = await (await fetch(`${server.url}/`)).text();
    const logo = /<link rel="icon" href="([^"]+)" type="image\/svg\+xml"/.exec(html)![1]!;
    const touch = /<link rel="apple-touch-icon" href="([^"]+)"/.exec(html)![1]!;
    const image = /<meta property="og:image" content="([^"]+)"/.exec(html)![1]!;
    expect(html).toContain('<meta property="og:url" content="https://listen.example.org/"');
    expect(html).toContain('<meta name="theme-color" content="#aa0000"');
    expect(image).toMatch(/^https:\/\/listen\.example\.org\/assets\/icon-512-[\w-]+\.png$/);
    for (const [url, type] of [
      [logo, 'image/svg+xml'],
      [touch, 'image/png'],
      [new URL(image).pathname, 'image/png'],
    ] as const) {
      const answer = await fetch(server.url + url);
      expect(answer.status, url).toBe(200);
      expect(answer.headers.get('content-type')).toBe(type);
      expect(answer.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    }
    const manifest = await fetch(`${server.url}/manifest.webmanifest`);
    expect(manifest.headers.get('content-type')).toBe('application/manifest+json');
    const body = (await manifest.json()) as { name: string; theme_color: string; icons: Array<{ sizes: string; type: string }> };
    expect(body).toMatchObject({ name: 'Grace FM', theme_color: '#aa0000', start_url: '/' });
    expect(body.icons.map((icon) => icon.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
    const card = (await (await fetch(`${server.url}/widget/station.json`)).json()) as Record<string, unknown>;
    expect(card).toEqual({
      name: 'Grace FM',
      language: 'en',
      streamUrl: 'https://stream.example.org/live.mp3',
      logo: expect.stringMatching(/^\/assets\/logo-/),
      artUrlTemplate: 'https://art.example.org/cover?a={artist}&t={title}',
    });
  });

  it('lets the pages load artwork from the art template’s host, and nothing else new', async () => {
    const csp = (await fetch(`${server.url}/`)).headers.get('content-security-policy')!;
    expect(csp).toContain("img-src 'self' data: https://art.example.org");
    expect(csp).toContain("script-src 'self'");
  });

  it('gives the listener page the streams to choose from, the donation page, the icons, and the song’s length, next song and presenter (issue 30)', async () => {
    const streams = [
      { label: 'High quality (128 kbps MP3)', url: 'https://stream.example.org/live.mp3' },
      { label: 'Data saver (48 kbps AAC)', url: 'https://mobile.example.net/live.aac', type: 'audio/aac' },
    ];
    const adminApiKey = 'bootstrap-test-admin-key-0123456789';
    const rich = await startTestServer({ adminApiKey, station: { streams, donateUrl: 'https://give.example.org/grace' } });
    try {
      const started = Math.floor(Date.now() / 1000) - 10;
      const pushed = await fetch(`${rich.url}/api/admin/nowplaying`, {
        method: 'POST',
        headers: { authorization: `Bearer ${adminApiKey}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          artist: 'Lauren Daigle',
          title: 'Rescue',
          album: 'Look Up Child',
          duration: 200,
          started_at: started,
          next: [{ artist: 'CeCe Winans', title: 'Goodness of God', duration: 300 }],
          live: { is_live: true, streamer_name: 'Naomi' },
        }),
      });
      expect(pushed.status).toBe(200);
      const boot = await eventually(async () => {
        const value = bootstrapOf(await (await fetch(`${rich.url}/`)).text());
        if (!value.nowPlaying?.now_playing) throw new Error('no song yet');
        return value;
      });
      // A stream without a declared type gets the one its address names.
      expect(boot.station.streams).toEqual([{ ...streams[0], type: 'audio/mpeg' }, streams[1]]);
      expect(boot.station.donateUrl).toBe('https://give.example.org/grace');
      expect(boot.station.icons.map((icon: { sizes: string }) => icon.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
      expect(boot.nowPlaying).toMatchObject({
        now_playing: { song: { title: 'Rescue', album: 'Look Up Child' }, played_at: started, duration: 200 },
        playing_next: { song: { title: 'Goodness of God', artist: 'CeCe Winans' }, duration: 300 },
        live: { is_live: true, streamer_name: 'Naomi' },
      });
      // `elapsed` would change the page every second: the page counts it from played_at.
      expect(boot.nowPlaying.now_playing.elapsed).toBeUndefined();
      // Every stream's origin may be played, and no other (data: is the in-band reader's silent
      // placeholder, there while station.inBandTitles is not "off": in-band-csp.test.ts).
      const csp = (await fetch(`${rich.url}/`)).headers.get('content-security-policy')!;
      expect(/media-src ([^;]*)/.exec(csp)![1]).toBe("'self' https://stream.example.org https://mobile.example.net data: blob:");
    } finally {
      await rich.close();
    }
    // Without the new keys: streamUrl alone, no donation page.
    const plain = bootstrapOf(await (await fetch(`${server.url}/`)).text());
    expect(plain.station).toMatchObject({ streams: [{ label: '', url: 'https://stream.example.org/live.mp3', type: 'audio/mpeg' }], donateUrl: null });
  });

  it('serves a station’s own PNG logo as its icons, and refuses a logo it cannot serve at start-up', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'radio-logo-'));
    // A 1x1 PNG: signature, IHDR (width 1, height 1), IDAT, IEND.
    const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000' + '1f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082', 'hex');
    writeFileSync(join(dir, 'logo.png'), png);
    const own = await startTestServer({ station: { logo: join(dir, 'logo.png') } });
    try {
      const html = await (await fetch(`${own.url}/`)).text();
      const icon = /<link rel="icon" href="([^"]+)" type="image\/png"/.exec(html)![1]!;
      expect(Buffer.from(await (await fetch(own.url + icon)).arrayBuffer()).equals(png)).toBe(true);
      const manifest = (await (await fetch(`${own.url}/manifest.webmanifest`)).json()) as { icons: unknown[] };
      expect(manifest.icons).toEqual([{ src: icon, type: 'image/png', sizes: '1x1' }]);
    } finally {
      await own.close();
    }
    writeFileSync(join(dir, 'logo.gif'), 'GIF89a');
    await expect(startTestServer({ station: { logo: join(dir, 'logo.gif') } })).rejects.toThrow(ConfigError);
    await expect(startTestServer({ station: { logo: join(dir, 'missing.png') } })).rejects.toThrow(/station\.logo/);
  });
});

describe('colours with readable text', () => {
  it('puts white text on the docs’ #aa0000 and black text on a light accent, always >= 4.5:1', () => {
    expect(textOn(parseColor('#aa0000')!)).toBe('#ffffff');
    expect(textOn(parseColor('#8cc2ff')!)).toBe('#000000');
    for (let i = 0; i < 4096; i++) {
      const colour = [(i >> 8) * 17, ((i >> 4) & 15) * 17, (i & 15) * 17] as [number, number, number];
      expect(contrast(colour, parseColor(textOn(colour))!)).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('writes station.css with the accent readable as text on light and dark pages', () => {
    const css = stationCss('#ffdd00');
    const value = (name: string, dark: boolean) => new RegExp(`${dark ? '@media[^{]+\\{:root\\{' : '^:root\\{'}[^}]*--${name}:(#[0-9a-f]{6})`).exec(css)![1]!;
    expect(contrast(parseColor(value('radio-accent-text', false))!, [246, 247, 249])).toBeGreaterThanOrEqual(4.5);
    expect(contrast(parseColor(value('radio-accent-text', true))!, [26, 29, 35])).toBeGreaterThanOrEqual(4.5);
    expect(contrast(parseColor(value('radio-on-accent', false))!, parseColor(value('radio-accent', false))!)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(parseColor(value('radio-on-accent', true))!, parseColor(value('radio-accent', true))!)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(parseColor(readableOn([170, 0, 0], [26, 29, 35]))!, [26, 29, 35])).toBeGreaterThanOrEqual(4.5);
  });
});
