import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

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
