/// <reference lib="dom" />
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/axe.js';
import { chromiumInstalled, useChromium } from '../support/browser.js';
import { csvRows } from '../support/csv-rows.js';
import { call, startTestServer, type TestServer } from '../support/test-server.js';

// Issue 32, part E, in a real Chromium, by accessible names: Edit fills a form with every field
// and a save keeps what was not changed (a show, a one-off event, a playlist); a save over another
// staff member's newer revision is refused, names them, and offers to reload; the revenue view
// downloads the recorded events as CSV; axe finds nothing serious, light and dark; screenshots
// at 1280 and 390 px go to test-artifacts/screenshots.

const SHOTS = join(import.meta.dirname, '..', '..', 'test-artifacts', 'screenshots');
const hash = (key: string) => `sha256:${createHash('sha256').update(key).digest('hex')}`;
const RUTH_KEY = 'ruth-console-edit-key-with-entropy-0001';
const BOAZ_KEY = 'boaz-console-edit-key-with-entropy-0001';
const ruth = { authorization: `Bearer ${RUTH_KEY}` };
const boaz = { authorization: `Bearer ${BOAZ_KEY}` };
const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };
const ZONE = 'Europe/Madrid';

const SHOW = { id: 'praise', title: 'Morning Praise', host: 'Ruth', description: 'Hymns and prayer to start the day', days: ['mon', 'wed', 'fri'], start: '06:00', end: '09:00' };
const EVENT = { id: 'vigil', title: 'Christmas Vigil', host: 'Naomi', description: 'Carols through the night', start: '2026-12-24T22:00:00+01:00', end: '2026-12-25T01:00:00+01:00' };
const PLAYLIST = { id: 'worship', name: 'Worship', description: 'Songs of worship', genre: 'Gospel', song_count: 120, url: 'https://example.org/worship' };

describe.skipIf(!chromiumInstalled())('the console edits the programme and exports revenue (Chromium)', () => {
  const chromium = useChromium();
  let server: TestServer;

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    server = await startTestServer({
      station: { timezone: ZONE },
      staff: [
        { name: 'Ruth', role: 'admin', keyHash: hash(RUTH_KEY) },
        { name: 'Boaz', role: 'admin', keyHash: hash(BOAZ_KEY) },
      ],
      schedule: { shows: [SHOW, { id: 'noon', title: 'Noon Prayer', days: ['mon'], start: '08:30', end: '10:00' }], events: [EVENT] },
      playlists: [PLAYLIST],
    });
  }, 60_000);
  afterAll(async () => {
    await server?.close();
  });

  const stored = async () => (await call(`${server.url}/api/admin/programme`, { headers: ruth })).body.data;

  /** Signs in at a view's deep link (`/console#/programme`, `/console#/revenue`): the view opens once the key is taken. */
  async function signIn(options: { viewport?: { width: number; height: number }; colorScheme?: 'light' | 'dark'; view?: 'programme' | 'revenue' } = {}): Promise<Page> {
    const view = options.view ?? 'programme';
    const page = await chromium.open(`${server.url}/console#/${view}`, { viewport: options.viewport ?? DESKTOP, colorScheme: options.colorScheme ?? 'light', acceptDownloads: true });
    await page.getByLabel('Staff key').fill(RUTH_KEY);
    await page.getByRole('button', { name: 'Sign in' }).click();
    if (view === 'revenue') {
      await revenueShown(page);
      return page;
    }
    await page.getByRole('heading', { level: 2, name: 'Programme' }).waitFor();
    await page.locator('#programme-shows').getByText('Morning Praise').waitFor();
    return page;
  }

  it('edits a show: Edit fills every field, days as toggles, and a save keeps the fields not changed', async () => {
    const page = await signIn();
    await page.getByRole('button', { name: 'Edit: Morning Praise' }).click();
    const form = page.locator('#show-form');
    expect(await form.getByLabel('Title').inputValue()).toBe(SHOW.title);
    expect(await form.getByLabel('Host').inputValue()).toBe(SHOW.host);
    expect(await form.getByLabel('Description').inputValue()).toBe(SHOW.description);
    expect(await form.getByLabel(`Start (${ZONE})`).inputValue()).toBe('06:00');
    for (const [day, on] of [
      ['Mon', true],
      ['Tue', false],
      ['Wed', true],
      ['Fri', true],
      ['Sun', false],
    ] as const)
      expect(await form.getByLabel(day, { exact: true }).isChecked(), day).toBe(on);
    // The id is the item's: it cannot be retyped into another one.
    expect(await form.locator('#show-id').evaluate((el) => (el as HTMLInputElement).readOnly)).toBe(true);
    // Noon Prayer shares Monday 08:30–09:00: a warning, not a refusal.
    await form.getByLabel('Title').fill('Morning Praise and Prayer');
    await expect.poll(() => form.getByRole('status').textContent()).toContain('Overlaps with Noon Prayer');
    await form.getByRole('button', { name: 'Save show' }).click();
    await page.locator('#programme-shows').getByText('Morning Praise and Prayer').waitFor();
    const show = (await stored()).shows.find((s: { id: string }) => s.id === 'praise');
    expect(show).toEqual({ ...SHOW, title: 'Morning Praise and Prayer' });
    expect((await stored()).updated_by).toBe('Ruth');
  }, 60_000);

  it('edits a one-off event with date and time fields in the station’s zone, keeping its other fields', async () => {
    const page = await signIn();
    await page.getByRole('button', { name: 'Edit: Christmas Vigil' }).click();
    const form = page.locator('#event-form');
    await form.getByText(`Dates and times in the station's zone, ${ZONE}.`).waitFor();
    expect(await form.getByLabel('Start date').getAttribute('type')).toBe('date');
    expect(await form.getByLabel('Start date').inputValue()).toBe('2026-12-24');
    expect(await form.getByLabel('Start time').inputValue()).toBe('22:00');
    expect(await form.getByLabel('End date').inputValue()).toBe('2026-12-25');
    expect(await form.getByLabel('Description').inputValue()).toBe(EVENT.description);
    await form.getByLabel('End time').fill('02:00');
    await form.getByRole('button', { name: 'Save event' }).click();
    await expect.poll(async () => (await stored()).events[0].end).toBe('2026-12-25T02:00:00+01:00');
    expect((await stored()).events[0]).toEqual({ ...EVENT, end: '2026-12-25T02:00:00+01:00' });
  }, 60_000);

  it('edits a playlist, keeping its description, genre, song count and link', async () => {
    const page = await signIn();
    await page.getByRole('button', { name: 'Edit: Worship' }).click();
    const form = page.locator('#playlist-form');
    expect(await form.getByLabel('Songs').inputValue()).toBe('120');
    await form.getByLabel('Name').fill('Worship Anthems');
    await form.getByRole('button', { name: 'Save playlist' }).click();
    await page.locator('#programme-playlists').getByText('Worship Anthems').waitFor();
    expect((await stored()).playlists).toEqual([{ ...PLAYLIST, name: 'Worship Anthems' }]);
  }, 60_000);

  it('refuses a save over a newer revision, names who made it, and reloads the item to edit again', async () => {
    const page = await signIn();
    await page.getByRole('button', { name: 'Edit: Christmas Vigil' }).click();
    const form = page.locator('#event-form');
    await form.getByLabel('Title').fill('Vigil (Ruth)');
    // Meanwhile Boaz changes the host from his own console.
    const current = await call(`${server.url}/api/admin/programme`, { headers: boaz });
    const boazSave = await call(`${server.url}/api/admin/programme/events/vigil`, {
      method: 'PUT',
      body: { ...current.body.data.events[0], host: 'Boaz' },
      headers: { ...boaz, 'if-match': current.headers.get('etag')! },
    });
    expect(boazSave.status).toBe(200);
    await form.getByRole('button', { name: 'Save event' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'Not saved' });
    await alert.waitFor();
    expect(await alert.textContent()).toContain('Boaz saved the programme');
    expect((await stored()).events[0].title).toBe(EVENT.title);
    await page.getByRole('button', { name: 'Reload the programme' }).click();
    await page.getByText('Reloaded').waitFor();
    expect(await form.getByLabel('Host').inputValue()).toBe('Boaz');
    await form.getByLabel('Title').fill('Vigil (Ruth)');
    await form.getByRole('button', { name: 'Save event' }).click();
    await expect.poll(async () => (await stored()).events[0]).toMatchObject({ title: 'Vigil (Ruth)', host: 'Boaz', description: EVENT.description });
  }, 60_000);

  const revenueShown = (page: Page) => page.getByRole('heading', { level: 2, name: /Revenue/ }).waitFor();

  it('shows revenue over a range as money with a chart, and downloads the recorded events as CSV', async () => {
    const record = (body: Record<string, unknown>) => call(`${server.url}/api/analytics/revenue.php`, { body, headers: ruth });
    // The station's date (Madrid), which the events are filed under.
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(new Date());
    expect((await record({ event_id: 'gift-1', type: 'donation', amount: 4000, currency: 'USD', source: 'cash' })).status).toBe(201);
    expect((await record({ event_id: 'ad-1', type: 'advertising', amount: 125050, currency: 'USD', source: '=cmd' })).status).toBe(201);
    const page = await signIn({ view: 'revenue' });
    const totals = page.locator('#revenue-totals');
    await totals.waitFor();
    expect(await totals.textContent()).toContain('$1,290.50');
    await page.getByRole('img', { name: /Revenue per day and type, USD/ }).waitFor();
    expect(await page.getByLabel('From', { exact: true }).inputValue()).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download the events (CSV)' }).click()]);
    const rows = csvRows(readFileSync(await download.path(), 'utf8'));
    expect(rows.map((r) => [r.id, r.amount, r.currency, r.source])).toEqual(
      expect.arrayContaining([
        ['gift-1', '40.00', 'USD', 'cash'],
        ['ad-1', '1250.50', 'USD', "'=cmd"],
      ]),
    );
    expect(rows.filter((r) => r.id === 'gift-1').map((r) => r.day)).toEqual([today]);

    // A cash entry: the currency stays (and is remembered), the audit log shows money as money.
    const form = page.locator('#donation-form');
    await form.getByLabel('Currency').fill('EUR');
    await form.getByLabel('Amount').fill('12.5');
    await form.getByRole('button', { name: 'Record' }).click();
    await form.getByText('Recorded.').waitFor();
    expect(await form.getByLabel('Currency').inputValue()).toBe('EUR');
    expect(await form.getByLabel('Amount').inputValue()).toBe('');
    await page.reload();
    await page.locator('#donation-form').waitFor();
    expect(await page.locator('#donation-form').getByLabel('Currency').inputValue()).toBe('EUR');
    // The audit log is in the staff view.
    await page.evaluate(() => (location.hash = '#/staff'));
    await expect.poll(() => page.locator('#audit-log').textContent()).toContain('€12.50');
    expect(await page.locator('#audit-log').textContent()).not.toContain('minor units');
  }, 60_000);

  for (const colorScheme of ['light', 'dark'] as const) {
    it(`has nothing serious for axe and no sideways scroll at 1280 and 390 px (${colorScheme}), with screenshots`, async () => {
      for (const [size, viewport] of [
        ['1280', DESKTOP],
        ['390', PHONE],
      ] as const) {
        const page = await signIn({ viewport, colorScheme });
        await page
          .locator('#programme-events')
          .getByRole('button', { name: /^Edit: / })
          .first()
          .click();
        expect(await seriousViolations(page), `${size} ${colorScheme}`).toEqual([]);
        const programme = page.locator('#programme');
        expect(await programme.evaluate((el) => el.scrollWidth <= el.clientWidth + 1), `programme fits at ${size}`).toBe(true);
        await programme.screenshot({ path: join(SHOTS, `console-programme-${size}-${colorScheme}.png`) });
        // The revenue view, through its deep link on the same signed-in page.
        await page.evaluate(() => (location.hash = '#/revenue'));
        await revenueShown(page);
        expect(await seriousViolations(page), `revenue ${size} ${colorScheme}`).toEqual([]);
        const revenue = page.locator('.revenue').locator('xpath=..');
        await revenue.screenshot({ path: join(SHOTS, `console-revenue-${size}-${colorScheme}.png`) });
        expect(await revenue.evaluate((el) => el.scrollWidth <= el.clientWidth + 1), `revenue fits at ${size}`).toBe(true);
      }
    }, 90_000);
  }
});
