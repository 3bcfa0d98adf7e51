import { spawnSync } from 'node:child_process';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../support/eventually.js';
import { IcecastServer, icecastInstalled, type TestSource } from '../support/icecast.js';
import { call, startTestServer, type TestServer } from '../support/test-server.js';

const CHROMIUM = '/usr/bin/chromium';

/** Whether Debian's chromium is installed; in CI its absence is an error, not a skip. */
function chromiumInstalled(): boolean {
  const found = spawnSync(CHROMIUM, ['--version']).status === 0;
  if (!found && process.env.CI) throw new Error('CI=true but chromium is not installed; .ci/run must install it');
  if (!found) process.stdout.write('[radio-hub tests] chromium is not installed: the browser EventSource test is SKIPPED (apt-get install chromium).\n');
  return found;
}

// A real browser's EventSource on another origin, as a station website would use the feed.
describe.skipIf(!chromiumInstalled() || !icecastInstalled())('SSE in Chromium', () => {
  const MOUNT = '/live.mp3';
  let browser: Browser;
  let icecast: IcecastServer;
  let source: TestSource | undefined;
  let site: TestServer;
  let server: TestServer;

  beforeAll(async () => {
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
    icecast = await IcecastServer.start();
    // The "website": another origin (another port) serving a page that opens the feed. The feed's
    // server polls a real Icecast, by hand (app.poller.tick), so "one poll" is exact.
    [site, server] = await Promise.all([
      startTestServer(),
      startTestServer({ chat: { repeatWindowSeconds: 0 }, stream: { kind: 'icecast', statusUrl: icecast.statusUrl, mount: MOUNT, enabled: false } }),
    ]);
    source = await icecast.connectSource(MOUNT, 128);
    await server.app.poller.tick();
  }, 60_000);
  afterAll(async () => {
    source?.disconnect();
    await browser?.close();
    await Promise.all([site?.close(), server?.close()]);
    await icecast?.stop();
  });

  it('gets now playing across origins, live events with ids, resumes with Last-Event-ID, and a real Icecast song change within one poll', async () => {
    const page = await browser.newPage();
    await page.goto(`${site.url}/api/mobile/status`);
    // Runs in the page (a string: the test is type-checked without the DOM library).
    await page.evaluate(`
      window.got = [];
      window.source = new EventSource(${JSON.stringify(`${server.url}/api/live/events?events=nowplaying,chat:message`)});
      for (const name of ['nowplaying', 'chat:message']) {
        window.source.addEventListener(name, (e) => window.got.push({ event: name, id: e.lastEventId, data: JSON.parse(e.data) }));
      }
    `);
    const got = async (count: number): Promise<Array<{ event: string; id: string; data: any }>> => {
      await page.waitForFunction(`window.got.length >= ${count}`);
      return page.evaluate('window.got');
    };

    expect((await got(1))[0]).toMatchObject({ event: 'nowplaying', data: (await call(`${server.url}/api/mobile/nowplaying`)).body.data });
    const posted = (await call(`${server.url}/api/mobile/chat`, { body: { nickname: 'grace', message: 'from the website' } })).body.data;
    const [, message] = await got(2);
    expect(message).toMatchObject({ event: 'chat:message', data: posted });
    expect(message!.id).toMatch(/^\d+-\d+$/);

    // The server ends every stream (as a node does when it shuts down); the browser reconnects
    // by itself with Last-Event-ID and gets the message it missed, and no new snapshot.
    server.app.sse.close();
    const missed = (await call(`${server.url}/api/mobile/chat`, { body: { nickname: 'grace', message: 'while away' } })).body.data;
    const events = await got(3);
    expect(events[2]).toMatchObject({ event: 'chat:message', data: missed });
    expect(events.filter((e) => e.event === 'nowplaying')).toHaveLength(1);

    // A real song change on Icecast reaches the page within one poll.
    await icecast.setSong(MOUNT, { song: 'Chris Tomlin - How Great Is Our God' });
    await eventually(async () => expect(await icecast.rawStatus()).toContain('How Great Is Our God'));
    await server.app.poller.tick();
    const song = (await got(4))[3]!;
    expect(song).toMatchObject({ event: 'nowplaying', data: { online: true, now_playing: { song: { artist: 'Chris Tomlin', title: 'How Great Is Our God' } } } });
    expect(song.id).toMatch(/^\d+-\d+$/);
    await page.close();
  });
});
