/// <reference lib="dom" />
import { mkdirSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import { WEB_ROOT } from '../../src/api/web/web-pages.js';
import { seriousViolations } from '../support/axe.js';
import { chromiumInstalled, launchChromium } from '../support/browser.js';
import { eventually } from '../support/eventually.js';
import { IcecastServer, icecastInstalled, type TestSource } from '../support/icecast.js';
import { call, startTestServer, type TestServer } from '../support/test-server.js';

// The listener page, the staff console and the widgets in a real Chromium, against a real
// server polling a real Icecast. Screenshots and load figures go to test-artifacts/.

const MOUNT = '/live.mp3';
const ADMIN_KEY = 'console-test-key-0123456789';
const ARTIFACTS = join(import.meta.dirname, '..', '..', 'test-artifacts');
const SHOTS = join(ARTIFACTS, 'screenshots');
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

const ready = chromiumInstalled() && icecastInstalled();

describe.skipIf(!ready)('web pages in Chromium', () => {
  let icecast: IcecastServer;
  let source: TestSource;
  let server: TestServer;
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  const cspViolations: string[] = [];

  beforeAll(async () => {
    if (!existsSync(join(WEB_ROOT, 'index.html'))) throw new Error(`${WEB_ROOT} has no build: run npm run build:web (npm test does it first)`);
    mkdirSync(SHOTS, { recursive: true });
    icecast = await IcecastServer.start();
    source = await icecast.connectSource(MOUNT, 128);
    server = await startTestServer({
      adminApiKey: ADMIN_KEY,
      station: { streamUrl: `http://127.0.0.1:${icecast.port}${MOUNT}` },
      requests: { delaySeconds: 0, thresholdSeconds: 0 },
      stream: { kind: 'icecast', statusUrl: icecast.statusUrl, mount: MOUNT, enabled: false },
    });
    browser = await launchChromium();
  }, 60_000);

  // Each page holds a live connection, and the server allows 20 per address: close them after each test.
  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((context) => context.close()));
  });

  afterAll(async () => {
    await browser?.close();
    source?.disconnect();
    await server?.close();
    await icecast?.stop();
  });

  /** A fresh browser profile (own storage, own socket), at a viewport size. */
  async function openPage(path: string, viewport = PHONE): Promise<Page> {
    const context = await browser.newContext({ viewport, colorScheme: 'light' });
    contexts.push(context);
    const page = await context.newPage();
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) cspViolations.push(message.text());
    });
    await page.goto(server.url + path);
    return page;
  }

  /** Sets the song on Icecast and polls until the hub has it (each poll pushes nowplaying live). */
  async function play(artist: string, title: string, on: TestServer = server): Promise<void> {
    await icecast.setSong(MOUNT, { song: `${artist} - ${title}` });
    await eventually(async () => {
      await on.app.poller.tick();
      const song = (await call(`${on.url}/api/mobile/nowplaying`)).body.data.now_playing?.song;
      if (song?.title !== title) throw new Error(`hub has ${song?.title}`);
    });
  }

  /** Signs in at a view's deep link (the console has a view per concern: live chat first). */
  async function signInToConsole(viewport = DESKTOP, view = 'live'): Promise<Page> {
    const page = await openPage(`/console#/${view}`, viewport);
    await page.getByLabel('Staff key').fill(ADMIN_KEY);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('navigation', { name: 'Console views' }).waitFor();
    return page;
  }

  it('shows now playing from Icecast and updates when the metadata changes', async () => {
    await play('Chris Tomlin', 'How Great Is Our God');
    const page = await openPage('/');
    const nowPlaying = page.locator('#now-playing');
    await nowPlaying.getByText('How Great Is Our God').waitFor();
    expect(await nowPlaying.textContent()).toContain('Chris Tomlin');
    await expectText(page, '.on-air', 'On air');

    await play('Lauren Daigle', 'You Say');
    await nowPlaying.getByText('You Say').waitFor();
    expect(await nowPlaying.textContent()).toContain('Lauren Daigle');
    // The song before moves to "recently played".
    await page.locator('#recently-played').getByText('How Great Is Our God').waitFor();
    expect(await page.getByRole('button', { name: 'Play' }).isEnabled()).toBe(true);
  }, 60_000);

  it('says when it is offline, and clears the notice when it is back', async () => {
    const page = await openPage('/');
    await page.locator('#now-playing .title').waitFor();
    // A post that reaches the page over its live feed: the feed has opened, so going offline now is
    // "offline" rather than "live updates paused" (a feed that never opened), on a loaded machine too.
    const posted = await call(`${server.url}/api/mobile/chat`, { body: { nickname: 'Lydia', message: 'Before the network goes' } });
    expect(posted.status).toBe(201);
    await page.locator('.chat-list').getByText('Before the network goes').waitFor();
    expect(await page.locator('.connection').textContent()).toBe('');
    await page.context().setOffline(true);
    await expectText(page, '.connection', 'Offline: trying to reconnect');
    await page.context().setOffline(false);
    await page.locator('.connection:empty').waitFor({ state: 'attached' });
  }, 60_000);

  it('lets a listener rate the song on air, once', async () => {
    const page = await openPage('/');
    await page.getByRole('button', { name: '4 stars' }).click();
    await expectText(page, '.rated', 'You gave this song 4 stars');
    const feedback = await server.app.store.feedback.recent(1);
    expect(feedback[0]).toMatchObject({ type: 'song_rating', rating: 4, song: { title: 'You Say' } });
    await page.reload();
    await expectText(page, '.rated', 'You gave this song 4 stars');
  }, 60_000);

  it('delivers a chat message posted in one browser to another, remembers the nickname, and says why one is refused', async () => {
    const ruth = await openPage('/');
    const naomi = await openPage('/');
    await ruth.getByLabel('Nickname', { exact: true }).fill('Ruth');
    await ruth.getByLabel('Message', { exact: true }).fill('Where you go I will go');
    await ruth.getByRole('button', { name: 'Send', exact: true }).click();
    await naomi.locator('.chat-list').getByText('Where you go I will go').waitFor();
    expect(await naomi.locator('.chat-list li').last().textContent()).toContain('Ruth');

    // A link is refused by the chat rules: said in words, next to the form.
    await ruth.getByLabel('Message', { exact: true }).fill('visit http://spam.example.com now');
    await ruth.getByRole('button', { name: 'Send', exact: true }).click();
    await expectText(ruth, '#chat-error', 'Your message was not posted');

    await ruth.reload();
    expect(await ruth.getByLabel('Nickname', { exact: true }).inputValue()).toBe('Ruth');
  }, 60_000);

  it('lets a moderator delete a message in the console, and it disappears from the listener page', async () => {
    const listener = await openPage('/');
    await listener.getByLabel('Nickname', { exact: true }).fill('Spammer');
    await listener.getByLabel('Message', { exact: true }).fill('Buy cheap watches today');
    await listener.getByRole('button', { name: 'Send', exact: true }).click();
    await listener.locator('.chat-list').getByText('Buy cheap watches today').waitFor();

    const staff = await signInToConsole();
    await staff.locator('.chat-list').getByText('Buy cheap watches today').waitFor();
    await staff.getByRole('button', { name: 'Remove: Spammer' }).click();
    await listener.locator('.chat-list').getByText('Buy cheap watches today').waitFor({ state: 'detached' });
    await staff.locator('.chat-list').getByText('Buy cheap watches today').waitFor({ state: 'detached' });

    // A ban on the nickname shows in the list of bans, and the banned listener is told in words.
    await staff.getByRole('button', { name: 'Ban… Spammer' }).first().waitFor({ state: 'detached' });
    await staff.getByLabel('Nickname or address').fill('Spammer');
    await staff.getByRole('button', { name: 'Add ban' }).click();
    await staff.locator('#ban-list').getByText('spammer').waitFor();
    await listener.getByLabel('Message', { exact: true }).fill('Still here');
    await listener.getByRole('button', { name: 'Send', exact: true }).click();
    await expectText(listener, '#chat-error', 'cannot post in this chat');
    await staff.getByRole('button', { name: 'Unban: spammer' }).click();
    await staff.locator('#ban-list').waitFor({ state: 'detached' });
  }, 60_000);

  it('shows a request queued on the page in the console, and marking it played updates the page', async () => {
    const listener = await openPage('/');
    const staff = await signInToConsole(DESKTOP, 'requests');
    // The form is behind a button (issue 30): the page stays short.
    await listener.getByRole('button', { name: 'Request a song' }).click();
    await listener.getByLabel('Song title').fill('Oceans');
    await listener.getByLabel('Artist').fill('Hillsong United');
    await listener.getByLabel('Your name (optional)').fill('Grace');
    await listener.getByRole('button', { name: 'Send request' }).click();
    await expectText(listener, '#request-notice', '“Oceans” is in the queue.');
    const queued = listener.locator('#request-queue li', { hasText: 'Oceans' });
    await expectText(listener, '#request-queue li:has-text("Oceans") .badge', 'Waiting');

    await staff.locator('#console-requests').getByText('Oceans').waitFor();
    // Staff raise its priority from the console: the queue the staff routes list says so.
    await staff.getByLabel('Priority: Oceans').selectOption('high');
    await eventually(async () => {
      const listed = (await (await fetch(`${server.url}/api/admin/requests`, { headers: { authorization: `Bearer ${ADMIN_KEY}` } })).json()) as {
        data: { requests: Array<{ song_title: string; priority: string }> };
      };
      expect(listed.data.requests.find((r) => r.song_title === 'Oceans')?.priority).toBe('high');
    });
    await staff.getByRole('button', { name: 'Played: Oceans' }).click();
    await expectText(listener, '#request-queue li:has-text("Oceans") .badge', 'Played');
    expect(await queued.getAttribute('data-status')).toBe('played');
    await staff.locator('#console-requests').getByText('Oceans').waitFor({ state: 'detached' });
  }, 60_000);

  it('shows revenue per day and currency in the console, and listeners with source health', async () => {
    const auth = { authorization: `Bearer ${ADMIN_KEY}` };
    for (const [amount, currency] of [
      [2500, 'USD'],
      [1000, 'USD'],
      [1999, 'EUR'],
    ] as const) {
      const recorded = await call(`${server.url}/api/analytics/revenue.php`, { headers: auth, body: { type: 'donation', amount, currency } });
      expect(recorded.status).toBe(201);
    }
    const staff = await signInToConsole(DESKTOP, 'revenue');
    await expectText(staff, '.table tfoot', 'Total USD');
    expect(await staff.locator('.table tfoot').textContent()).toContain('$35.00');
    expect(await staff.locator('.table tfoot').textContent()).toContain('€19.99');
    await staff.getByRole('navigation', { name: 'Console views' }).getByRole('link', { name: 'Live chat' }).click();
    await expectText(staff, '.facts', '128kbps MP3');
    expect(await staff.locator('.facts').textContent()).toContain('On air (online)');
    await staff.locator('.chart canvas').waitFor();
  }, 60_000);

  it('explains refused requests: the song was played too recently, or the listener asked too soon', async () => {
    // A second server with the recently-played rule on, sharing nothing with the first.
    const strict = await startTestServer({
      requests: { thresholdSeconds: 900, delaySeconds: 300 },
      stream: { kind: 'icecast', statusUrl: icecast.statusUrl, mount: MOUNT, enabled: false },
    });
    try {
      await play('Phil Wickham', 'Battle Belongs', strict);
      const context = await browser.newContext({ viewport: PHONE });
      contexts.push(context);
      const page = await context.newPage();
      await page.goto(strict.url + '/');
      expect(await page.locator('#request-rules').textContent()).toBe('A song played in the last 15 minutes cannot be requested yet. You can request one song every 5 minutes.');
      await page.getByRole('button', { name: 'Request a song' }).click();
      await page.getByLabel('Song title').fill('battle belongs');
      await page.getByLabel('Artist').fill('Phil Wickham');
      await page.getByRole('button', { name: 'Send request' }).click();
      await expectText(page, '#request-notice', 'That song was played recently. It can be requested again in 15 minutes.');
      for (const title of ['Cornerstone', 'Holy Spirit']) {
        await page.getByLabel('Song title').fill(title);
        await page.getByLabel('Artist').fill('Hillsong');
        await page.getByRole('button', { name: 'Send request' }).click();
        await expectText(page, '#request-notice', title === 'Cornerstone' ? '“Cornerstone” is in the queue.' : 'You can request another one in 5 minutes.');
      }
      expect(await page.locator('#request-notice').textContent()).toBe(
        'A song was just requested from your network (you or someone sharing your connection). You can request another one in 5 minutes.',
      );
    } finally {
      await strict.close();
    }
  }, 60_000);

  it('renders the widgets inside a page on another origin, as an iframe and as a script-tag element', async () => {
    const host = await startEmbeddingSite(server.url);
    try {
      const context = await browser.newContext({ viewport: DESKTOP });
      contexts.push(context);
      const page = await context.newPage();
      await page.goto(host.url);
      const frame = page.frameLocator('#np-frame');
      await frame.locator('radio-now-playing').getByText('You Say').waitFor();
      await page.locator('#script-card').getByText('You Say').waitFor();
      await page.locator('#script-player').getByText('You Say').waitFor();
      expect(await page.locator('#script-player').evaluate((el) => el.shadowRoot!.textContent)).toContain('Lauren Daigle');
      // Themed by the host page through a CSS variable, which crosses the shadow boundary.
      const accent = await page.locator('#script-player').evaluate((el) => getComputedStyle(el.shadowRoot!.querySelector('button')!).backgroundColor);
      expect(accent).toBe('rgb(170, 0, 0)');
      // And a metadata change reaches the widget live.
      await play('Hillsong United', 'Oceans');
      await page.locator('#script-card').getByText('Oceans').waitFor();
      await frame.locator('radio-now-playing').getByText('Oceans').waitFor();
      await page.screenshot({ path: join(SHOTS, 'widget-embedded-desktop.png') });
    } finally {
      await host.close();
    }
  }, 60_000);

  it('has no serious or critical accessibility violation on /, /console and the widgets (axe-core)', async () => {
    await play('Hillsong United', 'Oceans');
    const found: Record<string, string[]> = {};
    for (const viewport of [PHONE, DESKTOP]) {
      const listener = await openPage('/', viewport);
      await listener.locator('#now-playing .title').waitFor();
      found[`/ ${viewport.width}`] = await seriousViolations(listener);
      const staff = await signInToConsole(viewport);
      await staff.locator('.facts').waitFor();
      found[`/console ${viewport.width}`] = await seriousViolations(staff);
      for (const widget of ['/widget/now-playing', '/widget/player']) {
        const page = await openPage(widget, viewport);
        await page.locator('radio-now-playing, radio-player').first().waitFor();
        found[`${widget} ${viewport.width}`] = await seriousViolations(page);
      }
    }
    const signIn = await openPage('/console');
    found['/console sign-in'] = await seriousViolations(signIn);
    expect(found).toEqual(Object.fromEntries(Object.keys(found).map((k) => [k, []])));
  }, 120_000);

  it('writes screenshots at phone and desktop sizes, light and dark', async () => {
    await play('Hillsong United', 'Oceans');
    const written: string[] = [];
    for (const [name, viewport] of [
      ['phone', PHONE],
      ['desktop', DESKTOP],
    ] as const) {
      for (const scheme of ['light', 'dark'] as const) {
        const context = await browser.newContext({ viewport, colorScheme: scheme });
        contexts.push(context);
        const page = await context.newPage();
        await page.goto(server.url + '/');
        await page.locator('#now-playing .title').waitFor();
        await page.locator('#chat-heading').waitFor();
        const file = join(SHOTS, `listener-${name}-${scheme}.png`);
        await page.screenshot({ path: file, fullPage: true });
        written.push(file);
      }
      const staff = await signInToConsole(viewport);
      await staff.locator('.facts').waitFor();
      const file = join(SHOTS, `console-${name}.png`);
      await staff.screenshot({ path: file, fullPage: true });
      written.push(file);
      const widget = await openPage('/widget/now-playing', viewport);
      await widget.locator('radio-now-playing').getByText('Oceans').waitFor();
      await widget.screenshot({ path: join(SHOTS, `widget-now-playing-${name}.png`) });
    }
    expect(written).toHaveLength(6);
  }, 120_000);

  it('loads the listener page with a cold cache and measures time and bytes on loopback', async () => {
    const context = await browser.newContext({ viewport: PHONE });
    contexts.push(context);
    const page = await context.newPage();
    // Notes the moment the song appears (the page's own clock, not the test's polling); init
    // scripts run through the DevTools protocol, outside the page's CSP.
    await page.addInitScript(() => {
      const w = window as unknown as { songShownAt?: number };
      new MutationObserver(() => {
        if (w.songShownAt === undefined && document.querySelector('#now-playing[data-loaded="true"]')) w.songShownAt = performance.now();
      }).observe(document, { subtree: true, childList: true, attributes: true });
    });
    await page.goto(server.url + '/', { waitUntil: 'load' });
    await page.locator('#now-playing[data-loaded="true"]').waitFor();
    const shownMs = await page.evaluate(() => Math.round((window as unknown as { songShownAt: number }).songShownAt));
    const figures = await page.evaluate(() => {
      const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
      const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
      const files = [nav, ...resources].filter((r) => !r.name.includes('/socket.io/') && !r.name.includes('/api/'));
      return {
        domContentLoadedMs: Math.round(nav.domContentLoadedEventEnd),
        loadMs: Math.round(nav.loadEventEnd),
        files: files.length,
        transferredBytes: files.reduce((sum, r) => sum + r.transferSize, 0),
        decodedBytes: files.reduce((sum, r) => sum + r.decodedBodySize, 0),
        fcpMs: Math.round(performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? -1),
      };
    });
    const report = { ...figures, nowPlayingShownMs: shownMs };
    writeFileSync(join(ARTIFACTS, 'web-load.json'), JSON.stringify(report, null, 2));
    process.stdout.write(`[web] listener page on loopback: ${JSON.stringify(report)}\n`);
    // The page's own files, compressed, stay within the 60 KB budget.
    expect(figures.transferredBytes).toBeLessThan(60 * 1024);
    expect(figures.decodedBytes).toBeGreaterThan(figures.transferredBytes);
    // Hashed assets are cached for good: a second visit fetches only the HTML.
    const again = await page.evaluate(async () => {
      const urls = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).map((r) => r.name).filter((u) => u.includes('/assets/'));
      return Promise.all(urls.map(async (u) => (await fetch(u)).headers.get('cache-control')));
    });
    expect(new Set(again)).toEqual(new Set(['public, max-age=31536000, immutable']));
  }, 60_000);

  it('runs every page under its Content-Security-Policy without a violation', () => {
    expect(cspViolations).toEqual([]);
  });
});

/** Waits until an element matching `selector` shows `text` (Playwright selectors: :has-text works). */
async function expectText(page: Page, selector: string, text: string): Promise<void> {
  await page.locator(selector).filter({ hasText: text }).first().waitFor({ timeout: 15_000 });
}

/** A second site on another port (another origin) embedding the widgets both ways. */
async function startEmbeddingSite(stationUrl: string): Promise<{ url: string; close(): Promise<void> }> {
  const page = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>A church website</title>
<style>#script-player { --radio-accent: #aa0000; --radio-on-accent: #ffffff; }</style></head>
<body><main><h1>Our church</h1>
<iframe id="np-frame" title="Now playing" src="${stationUrl}/widget/now-playing?accent=%23aa0000" width="320" height="150" style="border:0"></iframe>
<radio-now-playing id="script-card" station="Grace FM"></radio-now-playing>
<radio-player id="script-player" station="Grace FM"></radio-player>
<script src="${stationUrl}/widget.js"></script></main></body></html>`;
  const site: Server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(page);
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(site.address() as AddressInfo).port}/`, close: () => new Promise((resolve) => site.close(() => resolve())) };
}
