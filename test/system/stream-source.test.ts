/// <reference lib="dom" />
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumInstalled, useChromium } from '../support/browser.js';
import { IcecastServer, icecastInstalled, SOURCE_PASSWORD } from '../support/icecast.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

// The source `docker compose up` runs (deploy/source/stream-source.sh, the very script), streaming
// into the suite's Icecast; the hub polls that Icecast and the listener page plays it in Chromium
// while the title changes. Docker itself cannot run here: this is the part of the stack that can.

const SCRIPT = join(import.meta.dirname, '..', '..', 'deploy', 'source', 'stream-source.sh');
const MOUNT = '/live.mp3';

function ffmpegInstalled(): boolean {
  const found = spawnSync('ffmpeg', ['-version']).status === 0 && spawnSync('curl', ['--version']).status === 0;
  if (!found && process.env.CI) throw new Error('CI=true but ffmpeg or curl is missing; .ci/run must install them');
  if (!found) process.stdout.write('[radio-hub tests] ffmpeg or curl is not installed: the stream source suite is SKIPPED (apt-get install ffmpeg curl).\n');
  return found;
}

const ready = ffmpegInstalled() && icecastInstalled() && chromiumInstalled();

describe.skipIf(!ready)("compose's stream source", () => {
  let icecast: IcecastServer;
  let source: ChildProcess;
  let sourceLog = '';
  let server: TestServer;
  const chromium = useChromium(['--autoplay-policy=no-user-gesture-required']);

  beforeAll(async () => {
    icecast = await IcecastServer.start();
    source = spawn('sh', [SCRIPT], {
      env: {
        PATH: process.env.PATH,
        ICECAST_HOST: '127.0.0.1',
        ICECAST_PORT: String(icecast.port),
        ICECAST_MOUNT: MOUNT,
        ICECAST_SOURCE_PASSWORD: SOURCE_PASSWORD,
        ICECAST_ADMIN_USER: icecast.admin.user,
        ICECAST_ADMIN_PASSWORD: icecast.admin.password,
        TITLE_SECONDS: '4',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    source.stdout!.on('data', (chunk: Buffer) => (sourceLog += chunk.toString()));
    source.stderr!.on('data', (chunk: Buffer) => (sourceLog += chunk.toString()));
    server = await startTestServer({
      station: { streamUrl: `http://127.0.0.1:${icecast.port}${MOUNT}` },
      stream: { kind: 'icecast', statusUrl: icecast.statusUrl, mount: MOUNT, enabled: true, pollSeconds: 1 },
    });
  }, 60_000);

  afterAll(async () => {
    await server?.close();
    // TERM: the script's trap stops its encoder too.
    if (source?.exitCode === null) await new Promise((resolve) => (source.once('exit', resolve), source.kill('SIGTERM')));
    await icecast?.stop();
  });

  it('streams generated audio that the listener page plays, on air, with the title changing', async () => {
    const page = await chromium.open(server.url + '/');
    await page.locator('.on-air').filter({ hasText: 'On air' }).waitFor({ timeout: 30_000 });
    const title = page.locator('#now-playing .title');
    await title.filter({ hasText: /^Part \d$/ }).waitFor({ timeout: 30_000 });
    expect(await page.locator('#now-playing .artist').textContent()).toBe('Generated tone');

    await page.getByRole('button', { name: 'Play' }).click();
    await page.locator('.player[data-state="playing"]').waitFor({ timeout: 30_000 });
    // The audio really advances: the element's clock moves past a second of stream.
    await page.waitForFunction(() => (document.querySelector('audio')?.currentTime ?? 0) > 1, null, { timeout: 30_000 });

    const first = await title.textContent();
    await title.filter({ hasNotText: first! }).waitFor({ timeout: 30_000 });
    expect(await title.textContent()).toMatch(/^Part \d$/);
    expect(await page.locator('.player').getAttribute('data-state')).toBe('playing');
    expect(sourceLog).toMatch(/now "Generated tone - Part \d"/);
  }, 120_000);

  it('refuses to stream with an empty or placeholder password, saying how to make real ones', () => {
    for (const password of ['', 'change-me-source']) {
      const refused = spawnSync('sh', [SCRIPT], {
        env: { PATH: process.env.PATH, ICECAST_SOURCE_PASSWORD: password, ICECAST_ADMIN_PASSWORD: 'a-real-admin-password' },
        encoding: 'utf8',
      });
      expect(refused.status).toBe(2);
      expect(refused.stderr).toContain('ICECAST_SOURCE_PASSWORD is empty or a placeholder; run deploy/make-env.sh');
    }
  });
});
