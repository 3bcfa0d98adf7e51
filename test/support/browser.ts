import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { WEB_ROOT } from '../../src/api/web/web-pages.js';

/** Debian's Chromium (apt-get install chromium); playwright-core drives it, it downloads no browser. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Whether Chromium is installed; in CI its absence is an error, not a skip. */
export function chromiumInstalled(): boolean {
  const found = existsSync(CHROMIUM);
  if (!found && process.env.CI) throw new Error(`CI=true but ${CHROMIUM} is missing; .ci/run must install chromium`);
  if (!found) process.stdout.write(`[radio-hub tests] ${CHROMIUM} is not installed: the browser suite is SKIPPED (apt-get install chromium).\n`);
  return found;
}

/** Headless Chromium with no background traffic (this machine has no internet; Chromium would keep trying); `extraArgs` for one suite. */
export function launchChromium(extraArgs: readonly string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', ...extraArgs],
  });
}

/**
 * One Chromium for a describe block, started after the web build is checked and closed at the end;
 * `open` gives a fresh profile (own storage, own live connection) at `url`, closed after each test
 * (the server allows 20 live connections per address).
 */
export function useChromium(extraArgs: readonly string[] = []): { open(url: string, options?: BrowserContextOptions): Promise<Page> } {
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    if (!existsSync(join(WEB_ROOT, 'index.html'))) throw new Error(`${WEB_ROOT} has no build: run npm run build:web (npm test does it first)`);
    browser = await launchChromium(extraArgs);
  }, 60_000);
  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((context) => context.close()));
  });
  afterAll(async () => {
    await browser?.close();
  });
  return {
    async open(url, options = {}) {
      const context = await browser!.newContext({ viewport: { width: 390, height: 844 }, colorScheme: 'light', ...options });
      contexts.push(context);
      const page = await context.newPage();
      await page.goto(url);
      return page;
    },
  };
}
