/// <reference lib="dom" />
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { WEB_ROOT } from '../../src/api/web/web-pages.js';
import { seriousViolations } from '../support/axe.js';
import { chromiumInstalled, launchChromium } from '../support/browser.js';
import { deleteKeys, hasRedis, redisUrl, uniquePrefix } from '../support/redis.js';
import { startReplayServer, type ReplayServer } from '../support/replay-server.js';
import { call, startTestServer, type TestServer } from '../support/test-server.js';

// The console as a station manager uses it every day (issue 32): a view per concern behind a
// navigation with deep links, in Chromium at 1280 and 390 px, light and dark; the staff channel
// keeps bans live between two consoles; the reports read the station's own listener figures (polls
// of a replayed stream server whose listener lists carry fixed public addresses, as in
// test/api/reports.test.ts). Screenshots of every view at both sizes go to test-artifacts/.

const ADMIN_KEY = 'console-views-admin-key-with-entropy-0001';
const MODERATOR_KEY = 'console-views-moderator-key-entropy-0002';
const hash = (key: string) => `sha256:${createHash('sha256').update(key).digest('hex')}`;
const SHOTS = join(import.meta.dirname, '..', '..', 'test-artifacts', 'screenshots');
const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };

/** Each view: its link and heading, and something of its own a staff member looks for there. */
const VIEWS = [
  { id: 'live', name: 'Live chat', shows: (page: Page) => page.getByRole('heading', { name: 'Bans' }) },
  { id: 'requests', name: 'Requests', shows: (page: Page) => page.getByRole('heading', { name: 'Request queue' }) },
  { id: 'programme', name: 'Programme', shows: (page: Page) => page.getByRole('button', { name: 'Save show' }) },
  { id: 'revenue', name: 'Revenue', shows: (page: Page) => page.getByRole('button', { name: 'Record' }) },
  { id: 'reports', name: 'Reports', shows: (page: Page) => page.getByRole('heading', { name: 'Top songs by audience' }) },
  { id: 'staff', name: 'Staff and audit', shows: (page: Page) => page.getByRole('heading', { name: 'Audit log' }) },
  { id: 'sources', name: 'Webhooks and sources', shows: (page: Page) => page.getByRole('heading', { name: 'Webhook deliveries' }) },
];

const ready = chromiumInstalled() && hasRedis;
if (!hasRedis) process.stdout.write('[console-views] skipped: no Redis (REDIS_URL)\n');

describe.skipIf(!ready)('the console views in Chromium', () => {
  const prefix = uniquePrefix('console-views');
  let server: TestServer;
  let replay: ReplayServer;
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  let offsetMs = 0;
  let title = '';
  let listeners: Array<{ id: string; ip: string; agent: string; since: number }> = [];

  beforeAll(async () => {
    if (!existsSync(join(WEB_ROOT, 'console.html'))) throw new Error(`${WEB_ROOT} has no build: run npm run build:web (npm test does it first)`);
    mkdirSync(SHOTS, { recursive: true });
    replay = await startReplayServer();
    replay.respond((req, res) => {
      const now = Date.now() + offsetMs;
      if (req.url?.startsWith('/admin/listclients')) {
        res.writeHead(200, { 'content-type': 'text/xml' });
        const rows = listeners.map(
          (l) => `<listener id="${l.id}"><IP>${l.ip}</IP><UserAgent>${l.agent}</UserAgent><Connected>${Math.round((now - l.since) / 1000)}</Connected><ID>${l.id}</ID></listener>`,
        );
        res.end(`<?xml version="1.0"?><icestats><source mount="/live.mp3"><Listeners>${listeners.length}</Listeners>${rows.join('')}</source></icestats>`);
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      const source = title ? [{ listenurl: 'http://radio.example:8000/live.mp3', listeners: listeners.length, bitrate: 128, server_type: 'audio/mpeg', title }] : [];
      res.end(JSON.stringify({ icestats: { source } }));
    });
    server = await startTestServer(
      {
        redis: { url: redisUrl, prefix },
        adminApiKey: ADMIN_KEY,
        staff: [{ name: 'Naomi', role: 'moderator', keyHash: hash(MODERATOR_KEY) }],
        stream: { statusUrl: `${replay.url}/status-json.xsl`, mount: '/live.mp3', admin: { password: 'hackme' } },
        requests: { delaySeconds: 0, thresholdSeconds: 0 },
      },
      { clock: () => Date.now() + offsetMs },
    );
    // Two songs heard by three listeners on three players from three countries: the reports' figures.
    const pollAt = async (seconds: number) => {
      offsetMs = seconds * 1000;
      await server.app.poller.tick();
    };
    const since = Date.now();
    title = 'Hillsong United - Oceans';
    listeners = [
      { id: '1', ip: '81.2.69.142', agent: 'VLC/3.0.20 LibVLC/3.0.20', since },
      { id: '2', ip: '8.8.8.8', agent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36', since },
      { id: '3', ip: '5.9.1.1', agent: 'WinampMPEG/5.66', since },
    ];
    await pollAt(0);
    await pollAt(10);
    title = 'CeCe Winans - Goodness of God';
    await pollAt(20);
    listeners = listeners.slice(0, 1);
    await pollAt(30);
    title = 'Hillsong Worship - What a Beautiful Name';
    await pollAt(40);
    browser = await launchChromium();
  }, 60_000);
  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((context) => context.close()));
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await replay?.close();
    await deleteKeys(redisUrl, prefix);
  });

  async function signIn(key: string, viewport = DESKTOP, path = '/console', colorScheme: 'light' | 'dark' = 'light'): Promise<Page> {
    const context = await browser.newContext({ viewport, colorScheme, acceptDownloads: true });
    contexts.push(context);
    const page = await context.newPage();
    await page.goto(server.url + path);
    await page.getByLabel('Staff key').fill(key);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('navigation', { name: 'Console views' }).waitFor();
    return page;
  }

  const nav = (page: Page) => page.getByRole('navigation', { name: 'Console views' });
  async function go(page: Page, name: string): Promise<void> {
    await nav(page).getByRole('link', { name }).click();
    await page.getByRole('heading', { level: 1, name }).waitFor();
  }
  /** How far the page reaches past the window's right edge (0: no sideways scroll). */
  const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

  it.each([
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const)(
    'every view opens from the navigation on a %s, is usable, has no axe violation light or dark, and no sideways scroll',
    async (size, viewport) => {
      const page = await signIn(ADMIN_KEY, viewport);
      const patternErrors: string[] = [];
      page.on('console', (message) => {
        if (/pattern attribute/i.test(message.text())) patternErrors.push(message.text());
      });
      // The admin's views show once the console knows who signed in (GET /api/admin/me).
      await expect.poll(() => nav(page).getByRole('link').allTextContents()).toEqual(VIEWS.map((v) => v.name));
      for (const view of VIEWS) {
        await go(page, view.name);
        expect(new URL(page.url()).hash).toBe(`#/${view.id}`);
        expect(await nav(page).getByRole('link', { name: view.name }).getAttribute('aria-current')).toBe('page');
        await view.shows(page).first().waitFor();
        // The heading has the focus after a move: a screen reader says where it is.
        expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(view.name);
        for (const scheme of ['light', 'dark'] as const) {
          await page.emulateMedia({ colorScheme: scheme });
          expect(await seriousViolations(page), `${view.id} ${size} ${scheme}`).toEqual([]);
        }
        await page.emulateMedia({ colorScheme: 'light' });
        expect(await overflow(page), `${view.id} at ${viewport.width} px`).toBeLessThanOrEqual(0);
        await page.screenshot({ path: join(SHOTS, `console-${view.id}-${viewport.width}.png`), fullPage: true });
      }
      // The id fields' pattern is a valid expression under the v flag (Chromium said so before).
      expect(patternErrors).toEqual([]);
    },
    180_000,
  );

  it('a deep link opens its view after sign-in; reload keeps the view and the sign-in; Back returns to the view before', async () => {
    const page = await signIn(ADMIN_KEY, DESKTOP, '/console#/reports');
    await page.getByRole('heading', { level: 1, name: 'Reports' }).waitFor();
    await go(page, 'Programme');
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Programme' }).waitFor();
    expect(await page.getByLabel('Staff key').count()).toBe(0);
    await page.goBack();
    await page.getByRole('heading', { level: 1, name: 'Reports' }).waitFor();
  }, 60_000);

  it('a moderator sees only the chat and the requests; a link to an admin view opens the chat instead', async () => {
    const page = await signIn(MODERATOR_KEY, PHONE, '/console#/reports');
    await page.locator('#signed-in-as', { hasText: 'Naomi (moderator)' }).waitFor();
    await page.getByRole('heading', { level: 1, name: 'Live chat' }).waitFor();
    expect(await nav(page).getByRole('link').allTextContents()).toEqual(['Live chat', 'Requests']);
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await page.screenshot({ path: join(SHOTS, 'console-moderator-390.png'), fullPage: true });
  }, 60_000);

  it('a ban set in one console shows in another at once, and its lifting too; the audit log of a third gets both entries live', async () => {
    const boaz = await signIn(ADMIN_KEY);
    const naomi = await signIn(MODERATOR_KEY, PHONE);
    const auditor = await signIn(ADMIN_KEY, DESKTOP, '/console#/staff');
    const audit = auditor.locator('#audit-log');
    await auditor.getByRole('heading', { name: 'Audit log' }).waitFor();

    await boaz.getByLabel('Nickname or address').fill('Goliath');
    await boaz.getByLabel('Reason (optional)').first().fill('taunting');
    await boaz.getByRole('button', { name: 'Add ban' }).click();
    await naomi.locator('#ban-list li', { hasText: 'Goliath' }).filter({ hasText: '“taunting”' }).waitFor();
    // No Refresh: the entry arrives on the staff channel.
    await audit.locator('tbody tr').first().filter({ hasText: 'banned' }).filter({ hasText: 'Goliath' }).waitFor();

    await naomi.getByRole('button', { name: 'Unban: Goliath' }).click();
    await boaz.locator('#ban-list li', { hasText: 'Goliath' }).waitFor({ state: 'detached' });
    await audit.locator('tbody tr').first().filter({ hasText: 'Naomi (moderator)' }).filter({ hasText: 'lifted a ban' }).waitFor();

    // The audit log filtered by staff member and action, on a phone: Naomi's unban alone.
    const phone = await signIn(ADMIN_KEY, PHONE, '/console#/staff');
    await phone.getByLabel('Staff member').fill('Naomi');
    await phone.getByLabel('Action').selectOption({ label: 'lifted a ban' });
    await phone.getByRole('button', { name: 'Search' }).click();
    await expect.poll(() => phone.locator('#audit-log tbody tr').count()).toBe(1);
    expect(await phone.locator('#audit-log tbody tr').textContent()).toContain('Naomi (moderator)');
    expect(await overflow(phone)).toBeLessThanOrEqual(0);
    await phone.getByRole('button', { name: 'Clear' }).click();
    await expect.poll(() => phone.locator('#audit-log tbody tr').count()).toBeGreaterThan(1);
  }, 90_000);

  it("the ban dialog's choices sit beside their words", async () => {
    const page = await signIn(ADMIN_KEY, PHONE);
    const posted = await call(`${server.url}/api/mobile/chat`, { body: { nickname: 'Shimei', message: 'Go up, you baldhead' } });
    expect(posted.status).toBe(201);
    await page.getByRole('button', { name: 'Ban… Shimei' }).click();
    const dialog = page.getByRole('dialog', { name: 'Ban “Shimei”?' });
    await dialog.waitFor();
    for (const name of [/The sender/, /This nickname only/]) {
      const radio = (await dialog.getByRole('radio', { name }).boundingBox())!;
      const words = (await dialog.locator('label', { hasText: name }).locator('span').boundingBox())!;
      // On the same line (the radio's middle within the first line of words), to their left.
      expect(radio.x + radio.width).toBeLessThanOrEqual(words.x);
      expect(Math.abs(radio.y + radio.height / 2 - (words.y + 12))).toBeLessThan(14);
    }
    await page.screenshot({ path: join(SHOTS, 'console-ban-dialog-390.png') });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
  }, 60_000);

  it('staff search the chat history by words and by nickname', async () => {
    for (const [nickname, message] of [
      ['Elijah', 'How long will you waver between two opinions?'],
      ['Obadiah', 'I hid a hundred prophets in two caves'],
    ]) {
      expect((await call(`${server.url}/api/mobile/chat`, { body: { nickname, message } })).status).toBe(201);
    }
    const page = await signIn(MODERATOR_KEY, PHONE);
    const search = page.getByRole('search');
    await search.getByLabel('Words in the message').fill('TWO');
    await search.getByRole('button', { name: 'Search' }).click();
    const results = page.locator('#chat-search-results li');
    await expect.poll(() => results.count()).toBe(2);
    await search.getByLabel('Words in the message').fill('');
    await search.getByLabel('Nickname').fill('obad');
    await search.getByRole('button', { name: 'Search' }).click();
    await page.getByText('1 message found').waitFor();
    expect(await results.first().textContent()).toContain('hundred prophets');
    expect(await overflow(page)).toBeLessThanOrEqual(0);
  }, 60_000);

  it('after Played the queue says nothing is waiting, not that there were no requests', async () => {
    const asked = await call(`${server.url}/api/mobile/requests`, { body: { song_title: 'Way Maker', artist: 'Sinach' } });
    expect(asked.status).toBe(201);
    const page = await signIn(ADMIN_KEY, PHONE, '/console#/requests');
    await page.locator('#console-requests').getByText('Way Maker').waitFor();
    await page.getByRole('button', { name: 'Played: Way Maker' }).click();
    await page.locator('#queue-done').getByText('“Way Maker” marked played.').waitFor();
    await page.locator('#console-requests').getByText('Nothing waiting').waitFor();
    expect(await page.locator('#console-requests').textContent()).not.toContain('No requests yet');
  }, 60_000);

  it('the reports show the listeners, their players and countries, the songs most heard, and download a CSV that holds the plays', async () => {
    const page = await signIn(ADMIN_KEY, DESKTOP, '/console#/reports');
    const figures = page.locator('#report-figures');
    await figures.waitFor();
    expect(await figures.textContent()).toMatch(/Sessions\s*3/);
    expect(await page.locator('#report-players').textContent()).toMatch(/VLC/);
    expect(await page.locator('#report-countries').textContent()).toMatch(/GB/);
    const top = page.locator('#report-top-songs li');
    await top.first().waitFor();
    expect(await top.first().textContent()).toContain('Oceans');
    expect(await top.first().textContent()).toMatch(/Audience: 3/);
    await page.getByRole('img', { name: /Listeners: Last 24 hours/ }).waitFor();

    for (const range of ['Last 7 days', 'Last 30 days']) {
      await page.getByLabel(range).check();
      await page.getByRole('heading', { name: `Listeners: ${range}` }).waitFor();
      await expect.poll(() => figures.textContent()).toMatch(/Sessions\s*3/);
    }
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Plays with their audience (CSV)' }).click()]);
    const csv = readFileSync(await download.path(), 'utf8');
    expect(csv.split('\r\n')[0]).toMatch(/^played_at,artist,title/);
    expect(csv).toContain('Hillsong United,Oceans');
    expect(csv).toContain('CeCe Winans,Goodness of God');
    expect(download.suggestedFilename()).toMatch(/^plays-\d{4}-\d\d-\d\d-\d{4}-\d\d-\d\d\.csv$/);
  }, 60_000);
  it('the feedback inbox filters by type and rating on the server and pages to older feedback', async () => {
    // One bug report, then 23 app reviews (22 of four stars: more than a page of 20), the last one a complaint.
    const post = async (body: Record<string, unknown>) => expect((await call(`${server.url}/api/mobile/feedback`, { body })).status).toBe(201);
    await post({ type: 'bug_report', content: 'Player stops when the phone locks' });
    for (let i = 1; i <= 22; i++) await post({ type: 'app_feedback', rating: 4, content: `Good app, review ${i}` });
    await post({ type: 'app_feedback', rating: 2, content: 'Too many notifications' });
    const page = await signIn(ADMIN_KEY, PHONE, '/console#/requests');
    const inbox = page.getByRole('list', { name: 'Feedback and bug reports' });
    await inbox.getByText('Too many notifications').waitFor();

    await page.getByLabel('Type', { exact: true }).selectOption('app_feedback');
    await page.getByLabel('Rating', { exact: true }).selectOption({ label: '2 stars' });
    await page.getByText('1 entry shown').waitFor();
    expect(await inbox.getByRole('listitem').allTextContents()).toEqual([expect.stringContaining('Too many notifications')]);

    await page.getByLabel('Rating', { exact: true }).selectOption({ label: '4 stars' });
    await page.getByText('20 entries shown').waitFor();
    expect(await inbox.getByText('Too many notifications').count()).toBe(0);
    expect(await inbox.getByText(/Good app, review 1$/).count()).toBe(0);
    await page.getByRole('button', { name: 'Older entries' }).click();
    await inbox.getByText(/Good app, review 1$/).waitFor();

    await page.getByLabel('Type', { exact: true }).selectOption('bug_report');
    await page.getByLabel('Rating', { exact: true }).selectOption({ label: 'Any rating' });
    await page.getByText('1 entry shown').waitFor();
    expect(await inbox.getByRole('listitem').allTextContents()).toEqual([expect.stringContaining('Player stops when the phone locks')]);
    expect(await overflow(page)).toBeLessThanOrEqual(0);
  }, 60_000);
});
