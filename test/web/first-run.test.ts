/// <reference lib="dom" />
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { chromiumInstalled, useChromium } from '../support/browser.js';
import { IcecastServer, icecastInstalled } from '../support/icecast.js';
import { call, startTestServer, type TestServer } from '../support/test-server.js';

// What a newcomer sees in the first minutes: a fresh start (config/default.json alone) invents no
// programme and offers no dead Play; a station whose stream server is down says it is the
// station's fault, not the listener's network, and never "Off air" beside a show said to be on now.

const SHOTS = join(import.meta.dirname, '..', '..', 'test-artifacts', 'screenshots');

const ready = chromiumInstalled() && icecastInstalled();

describe.skipIf(!ready)('the first run, in Chromium', () => {
  const chromium = useChromium();
  const servers: TestServer[] = [];
  let icecast: IcecastServer | undefined;
  mkdirSync(SHOTS, { recursive: true });

  afterAll(async () => {
    await Promise.all(servers.map((server) => server.close()));
    await icecast?.stop();
  });

  it('a fresh start: no invented programme or playlists, no stream address, and the page says the stream is not set up instead of offering Play', async () => {
    const server = await startTestServer({}, { bareStation: true });
    servers.push(server);

    const status = (await call(`${server.url}/api/mobile/status`)).body.data;
    expect(status).toMatchObject({ stream_url: '', website_url: '' });
    expect((await call(`${server.url}/api/mobile/playlists`)).body.data).toEqual({ playlists: [] });
    const schedule = (await call(`${server.url}/api/mobile/schedule`)).body.data;
    expect(schedule).toMatchObject({ current: null, upcoming: [] });

    const page = await chromium.open(server.url + '/');
    await page.locator('#player-status').filter({ hasText: 'This station has not set up its stream yet.' }).waitFor();
    expect(await page.getByRole('button', { name: 'Play' }).count()).toBe(0);
    expect(await page.locator('#schedule-heading + *').textContent()).toContain('No show is scheduled.');
    await page.screenshot({ path: join(SHOTS, 'first-run-fresh-start.png'), fullPage: true });
  }, 60_000);

  it('a stream server that is down: Play blames the station, not the listener, and the show on the schedule is "scheduled", not on now', async () => {
    icecast = await IcecastServer.start();
    const hour = 3600_000;
    const server = await startTestServer({
      // The mount has no source: Icecast answers the player 404 and its status lists no mount.
      station: { streamUrl: `http://127.0.0.1:${icecast.port}/live.mp3` },
      stream: { kind: 'icecast', statusUrl: icecast.statusUrl, mount: '/live.mp3', enabled: false },
      schedule: {
        shows: [],
        events: [{ id: 'vigil', title: 'Evening Vigil', start: new Date(Date.now() - hour).toISOString(), end: new Date(Date.now() + hour).toISOString() }],
      },
    });
    servers.push(server);
    await server.app.poller.tick();
    expect((await call(`${server.url}/api/mobile/status`)).body.data.online).toBe(false);

    const page = await chromium.open(server.url + '/');
    await page.locator('.on-air').filter({ hasText: 'Off air' }).waitFor();
    const scheduleText = await page.locator('.schedule').textContent();
    expect(scheduleText).toContain('Scheduled now');
    expect(scheduleText).toContain('Evening Vigil');
    expect(await page.locator('.schedule dt').allTextContents()).not.toContain('Now');

    await page.getByRole('button', { name: 'Play' }).click();
    await page.locator('#player-status').filter({ hasText: "The station's stream is off air right now; your connection is fine." }).waitFor({ timeout: 20_000 });
    expect(await page.locator('#player-status').textContent()).not.toContain('Check your connection');
    await page.screenshot({ path: join(SHOTS, 'first-run-stream-down.png'), fullPage: true });
  }, 60_000);

  it("a stream the station's polls say is on air but the listener cannot reach: Play points at the listener's connection", async () => {
    icecast ??= await IcecastServer.start();
    const source = await icecast.connectSource('/on-air.mp3');
    try {
      const server = await startTestServer({
        // On air at Icecast, but the address the page plays refuses connections (as a listener's broken network would).
        station: { streamUrl: 'http://127.0.0.1:9/on-air.mp3' },
        stream: { kind: 'icecast', statusUrl: icecast.statusUrl, mount: '/on-air.mp3', enabled: false },
      });
      servers.push(server);
      await server.app.poller.tick();
      const page = await chromium.open(server.url + '/');
      await page.locator('.on-air').filter({ hasText: 'On air' }).waitFor();
      await page.getByRole('button', { name: 'Play' }).click();
      await page.locator('#player-status').filter({ hasText: 'The stream did not start. Check your connection and try again.' }).waitFor({ timeout: 20_000 });
    } finally {
      source.disconnect();
    }
  }, 60_000);
});
