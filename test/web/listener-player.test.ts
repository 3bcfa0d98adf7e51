/// <reference lib="dom" />
import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { chromiumInstalled, launchChromium } from '../support/browser.js';
import { eventually } from '../support/eventually.js';
import { IcecastServer, icecastInstalled, type TestSource } from '../support/icecast.js';
import { call, startTestServer, type TestServer } from '../support/test-server.js';

// Issue 30: a phone-first player that stays. In a real Chromium against a real Icecast with two
// mounts and a playout system's push (album, duration, next, live presenter): the compact player
// stays on screen after scrolling to the bottom, the card shows progress that moves, up next and
// the presenter, the system player (Media Session) has the song after Play and follows a change,
// Share copies the link where the browser has no share sheet, Give goes to the donation page, the
// stream chosen is remembered, and requests open in a dialog. Found by accessible names.

const HIGH = '/player-high.mp3';
const LOW = '/player-low.mp3';
const ADMIN_KEY = 'listener-player-admin-key-0123456789';
const DONATE = 'https://give.example.org/grace-fm';
const SHOTS = join(import.meta.dirname, '..', '..', 'test-artifacts', 'screenshots');
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

const ready = chromiumInstalled() && icecastInstalled();
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** Every axe-core violation (not only the serious ones), one line each. */
async function violations(page: Page): Promise<string[]> {
  await page.evaluate(axeSource);
  const results = await page.evaluate(() => (window as unknown as { axe: { run(): Promise<{ violations: Array<{ id: string; nodes: Array<{ target: string[] }> }> }> } }).axe.run());
  return results.violations.map((v) => `${v.id} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

describe.skipIf(!ready)('the listener player in Chromium', () => {
  let icecast: IcecastServer;
  const sources: TestSource[] = [];
  let server: TestServer;
  let spanish: TestServer;
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  const station = (port: number) => ({
    streamUrl: `http://127.0.0.1:${port}${HIGH}`,
    streams: [
      { label: 'High quality (128 kbps MP3)', url: `http://127.0.0.1:${port}${HIGH}`, type: 'audio/mpeg' },
      { label: 'Data saver (48 kbps MP3)', url: `http://127.0.0.1:${port}${LOW}`, type: 'audio/mpeg' },
    ],
    donateUrl: DONATE,
  });

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    icecast = await IcecastServer.start();
    sources.push(await icecast.connectSource(HIGH, 128), await icecast.connectSource(LOW, 48));
    const common = { adminApiKey: ADMIN_KEY, stream: { kind: 'icecast', statusUrl: icecast.statusUrl, mount: HIGH, enabled: false }, requests: { delaySeconds: 0, thresholdSeconds: 0 } };
    server = await startTestServer({ ...common, station: station(icecast.port) });
    spanish = await startTestServer({ ...common, station: { ...station(icecast.port), language: 'es' } });
    browser = await launchChromium(['--autoplay-policy=no-user-gesture-required']);
    for (const on of [server, spanish]) await push(on, { artist: 'Lauren Daigle', title: 'Rescue', album: 'Look Up Child', duration: 200, startedAgo: 30 });
  }, 60_000);

  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((context) => context.close()));
  });

  afterAll(async () => {
    await browser?.close();
    for (const source of sources) source.disconnect();
    await Promise.all([server?.close(), spanish?.close()]);
    await icecast?.stop();
  });

  /** The playout system's push: the song with its album and length, what comes next, a presenter live. */
  async function push(on: TestServer, song: { artist: string; title: string; album: string; duration: number; startedAgo: number; art?: string }): Promise<void> {
    const answer = await call(`${on.url}/api/admin/nowplaying`, {
      headers: { authorization: `Bearer ${ADMIN_KEY}` },
      body: {
        artist: song.artist,
        title: song.title,
        album: song.album,
        duration: song.duration,
        started_at: Math.floor(Date.now() / 1000) - song.startedAgo,
        ...(song.art ? { artwork_url: song.art } : {}),
        next: [{ artist: 'CeCe Winans', title: 'Goodness of God', duration: 300 }],
        live: { is_live: true, streamer_name: 'Naomi' },
      },
    });
    expect(answer.status).toBe(200);
  }

  async function openPage(url: string, options: BrowserContextOptions = {}): Promise<Page> {
    const context = await browser.newContext({ viewport: PHONE, colorScheme: 'light', ...options });
    contexts.push(context);
    const page = await context.newPage();
    await page.goto(url);
    await page.locator('#now-playing .title').waitFor();
    return page;
  }

  async function openWidget(path: string, viewport: { width: number; height: number }): Promise<Page> {
    const context = await browser.newContext({ viewport, colorScheme: 'light' });
    contexts.push(context);
    const page = await context.newPage();
    await page.goto(server.url + path);
    return page;
  }

  /** Icecast's listener count on a mount. */
  async function listenersOn(mount: string): Promise<number> {
    const stats = (await (await fetch(icecast.statusUrl)).json()) as { icestats: { source?: Array<{ listenurl: string; listeners: number }> | { listenurl: string; listeners: number } } };
    return [stats.icestats.source ?? []].flat().find((s) => s.listenurl.endsWith(mount))?.listeners ?? 0;
  }

  /** Whether the element is on screen and nothing covers its middle (what a thumb would press). */
  const onScreen = (element: Element) => {
    const box = element.getBoundingClientRect();
    const x = box.left + box.width / 2;
    const y = box.top + box.height / 2;
    const hit = document.elementFromPoint(x, y);
    return y > 0 && y < innerHeight && x > 0 && x < innerWidth && hit !== null && element.contains(hit);
  };

  it('keeps the compact player (artwork, title, artist, Play, live badge) on screen after scrolling to the bottom, phone and desktop', async () => {
    for (const [name, viewport] of [
      ['phone', PHONE],
      ['desktop', DESKTOP],
    ] as const) {
      const page = await openPage(`${server.url}/`, { viewport });
      const player = page.getByRole('region', { name: 'Player' });
      await player.getByText('Rescue').waitFor();
      await page.evaluate(() => scrollTo(0, document.documentElement.scrollHeight));
      await eventually(async () => expect(await page.evaluate(() => scrollY)).toBeGreaterThan(0));
      expect(await player.getByRole('button', { name: 'Play' }).evaluate(onScreen)).toBe(true);
      expect(await player.getByText('Rescue').evaluate(onScreen)).toBe(true);
      expect(await player.getByText('Lauren Daigle').evaluate(onScreen)).toBe(true);
      expect(await player.getByText('Live', { exact: true }).evaluate(onScreen)).toBe(true);
      expect(await player.locator('img').evaluate(onScreen)).toBe(true);
      // The last thing on the page is reachable too: the player does not cover it.
      expect(await page.getByRole('heading', { name: 'Request queue' }).evaluate(onScreen)).toBe(true);
      await page.screenshot({ path: join(SHOTS, `listener-player-scrolled-${name}.png`) });
      await page.evaluate(() => scrollTo(0, 0));
      await page.screenshot({ path: join(SHOTS, `listener-player-${name}.png`), fullPage: true });
    }
  }, 60_000);

  it('shows the song’s progress moving, elapsed and remaining, up next, the album and the live presenter', async () => {
    const page = await openPage(`${server.url}/`);
    const card = page.getByRole('region', { name: 'Now playing' });
    const progress = card.getByRole('progressbar', { name: 'Song progress' });
    await progress.waitFor();
    expect(await progress.getAttribute('max')).toBe('200');
    const first = Number(await progress.getAttribute('value'));
    expect(first).toBeGreaterThanOrEqual(30);
    expect(first).toBeLessThan(200);
    // The bar moves with the clock: a later reading is further on, and elapsed + remaining is the song.
    await eventually(async () => expect(Number(await progress.getAttribute('value'))).toBeGreaterThan(first), 5000);
    const [elapsed, remaining] = await Promise.all([card.locator('.elapsed [aria-hidden]').textContent(), card.locator('.remaining').textContent()]);
    const seconds = (text: string) =>
      text
        .replace('−', '')
        .split(':')
        .reduce((total, part) => total * 60 + Number(part), 0);
    expect(seconds(elapsed!) + seconds(remaining!)).toBe(200);
    expect(await progress.getAttribute('aria-valuetext')).toMatch(/^\d+:\d\d of 3:20$/);

    expect(await card.getByText('Up next').locator('..').textContent()).toBe('Up next Goodness of God – CeCe Winans');
    await card.getByText('Album: Look Up Child').waitFor();
    await card.getByText('Live with Naomi').waitFor();
  });

  it('gives the system player the song, album and artwork in several sizes after Play, and follows the next song', async () => {
    const page = await openPage(`${server.url}/`);
    const before = await listenersOn(HIGH);
    await page.getByRole('button', { name: 'Play' }).click();
    await page.getByRole('button', { name: 'Pause' }).waitFor();
    await eventually(async () => expect(await listenersOn(HIGH)).toBeGreaterThan(before), 20_000);
    const metadata = () =>
      page.evaluate(() => {
        const m = navigator.mediaSession.metadata;
        return m && { title: m.title, artist: m.artist, album: m.album, artwork: m.artwork.map((a) => ({ src: a.src, sizes: a.sizes })) };
      });
    const shown = await metadata();
    expect(shown).toMatchObject({ title: 'Rescue', artist: 'Lauren Daigle', album: 'Look Up Child' });
    // No artwork of its own: the station's square icons, each at its size.
    expect(shown!.artwork.map((a) => a.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
    await eventually(async () => expect(await page.evaluate(() => navigator.mediaSession.playbackState)).toBe('playing'));

    // The next song brings its own artwork: offered at every size the system player may want.
    const art = shown!.artwork.find((a) => a.sizes === '512x512')!.src;
    try {
      await push(server, { artist: 'CeCe Winans', title: 'Goodness of God', album: 'Believe For It', duration: 300, startedAgo: 0, art: new URL(art).pathname });
      await eventually(async () => expect(await metadata()).toMatchObject({ title: 'Goodness of God', artist: 'CeCe Winans', album: 'Believe For It' }));
      const next = (await metadata())!;
      expect(next.artwork.map((a) => a.sizes)).toEqual(['96x96', '128x128', '192x192', '256x256', '384x384', '512x512']);
      expect(new Set(next.artwork.map((a) => a.src))).toEqual(new Set([art]));

      await page.getByRole('button', { name: 'Pause' }).click();
      await eventually(async () => expect(await page.evaluate(() => navigator.mediaSession.playbackState)).toBe('paused'));
    } finally {
      // The other tests expect the first song back on air.
      await push(server, { artist: 'Lauren Daigle', title: 'Rescue', album: 'Look Up Child', duration: 200, startedAgo: 30 });
    }
  }, 60_000);

  it('copies the page’s link where the browser has no share sheet, and the Give button goes to the donation page', async () => {
    const page = await openPage(`${server.url}/`, { permissions: ['clipboard-read', 'clipboard-write'] });
    // Headless Chromium has no Web Share API: the copy-link fallback is what runs here.
    expect(await page.evaluate(() => typeof navigator.share)).toBe('undefined');
    await page.getByRole('button', { name: 'Share' }).click();
    await page.getByRole('status').getByText('Link copied.').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${server.url}/`);

    const give = page.getByRole('link', { name: 'Give (opens in a new tab)' });
    expect(await give.getAttribute('href')).toBe(DONATE);
  });

  it('lets the listener choose the stream, remembers it, and plays the one chosen', async () => {
    const page = await openPage(`${server.url}/`);
    const choice = page.getByRole('combobox', { name: 'Stream' });
    expect(await choice.inputValue()).toBe(`http://127.0.0.1:${icecast.port}${HIGH}`);
    await choice.selectOption({ label: 'Data saver (48 kbps MP3)' });
    await page.reload();
    await page.locator('#now-playing .title').waitFor();
    expect(await choice.inputValue()).toBe(`http://127.0.0.1:${icecast.port}${LOW}`);
    const before = await listenersOn(LOW);
    await page.getByRole('button', { name: 'Play' }).click();
    await eventually(async () => expect(await listenersOn(LOW)).toBeGreaterThan(before), 20_000);
  }, 60_000);

  it('asks for a song in a dialog opened by a button, and the queue beside it shows the request', async () => {
    const page = await openPage(`${server.url}/`);
    // Closed, the form takes no room on the page.
    expect(await page.getByLabel('Song title').isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Request a song' }).click();
    const dialog = page.getByRole('dialog', { name: 'Request a song' });
    await dialog.getByLabel('Song title').fill('Oceans');
    await dialog.getByLabel('Artist').fill('Hillsong United');
    await dialog.getByRole('button', { name: 'Send request' }).click();
    await dialog.getByText('“Oceans” is in the queue.').waitFor();
    await dialog.getByRole('button', { name: 'Close' }).click();
    expect(await dialog.isVisible()).toBe(false);
    await page.locator('#request-queue').getByText('Oceans').waitFor();
  });

  it('gives the widgets the artwork, and the now-playing card progress and next-up where the frame has room for them', async () => {
    const roomy = await openWidget('/widget/now-playing', { width: 320, height: 220 });
    const card = roomy.locator('radio-now-playing');
    const bar = card.getByRole('progressbar', { name: 'Song progress' });
    await bar.waitFor();
    expect(await bar.getAttribute('max')).toBe('200');
    const first = Number(await bar.getAttribute('value'));
    await eventually(async () => expect(Number(await bar.getAttribute('value'))).toBeGreaterThan(first), 5000);
    await card.getByText('Up next: Goodness of God – CeCe Winans').waitFor();
    expect(await card.locator('.card').evaluate((node) => node.scrollHeight <= node.clientHeight + 1)).toBe(true);
    await roomy.screenshot({ path: join(SHOTS, 'widget-now-playing-roomy.png') });

    // The documented 150px frame has no room: the card keeps what it had, nothing clipped.
    const small = await openWidget('/widget/now-playing', { width: 320, height: 150 });
    await small.locator('radio-now-playing').getByText('Rescue').waitFor();
    expect(await small.locator('radio-now-playing').getByRole('progressbar').isVisible()).toBe(false);

    const player = await openWidget('/widget/player', { width: 480, height: 70 });
    const art = player.locator('radio-player img');
    await eventually(async () => expect(await art.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true));
    expect(await art.isVisible()).toBe(true);
    await player.screenshot({ path: join(SHOTS, 'widget-player-artwork.png') });
    // The documented 360px frame keeps its width for the title instead.
    const narrow = await openWidget('/widget/player', { width: 360, height: 70 });
    await narrow.locator('radio-player').getByText('Rescue').waitFor();
    expect(await narrow.locator('radio-player img').isVisible()).toBe(false);
  });

  it('has no accessibility violation (axe-core, every rule) with the whole card shown, light and dark, English and Spanish, phone and desktop', async () => {
    const found: Record<string, string[]> = {};
    for (const [language, base] of [
      ['en', server.url],
      ['es', spanish.url],
    ] as const) {
      for (const colorScheme of ['light', 'dark'] as const) {
        for (const [size, viewport] of [
          ['phone', PHONE],
          ['desktop', DESKTOP],
        ] as const) {
          const page = await openPage(`${base}/`, { colorScheme, viewport });
          await page.locator('progress').waitFor();
          found[`${language} ${colorScheme} ${size}`] = await violations(page);
          // The dialog open, too.
          await page.locator('#request-open').click();
          found[`${language} ${colorScheme} ${size} dialog`] = await violations(page);
          await page.screenshot({ path: join(SHOTS, `listener-player-${size}-${colorScheme}-${language}.png`) });
          await page.context().close();
        }
      }
    }
    expect(found).toEqual(Object.fromEntries(Object.keys(found).map((key) => [key, []])));
  }, 240_000);
});
