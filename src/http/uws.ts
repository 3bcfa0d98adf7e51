import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type * as UwsApi from 'uWebSockets.js';

/**
 * The one place that knows there are two uWebSockets.js builds (ARCHITECTURE.md, decisions):
 * - `current`: uWS v20.57 (`uWebSockets.js`, npm alias of @btc-vision/uwebsockets.js), binaries for
 *   Node 20/22/24/25 built against glibc >= 2.38 (Debian 13 trixie, the Docker image);
 * - `fallback`: the 2023 build v20.30 (`uWebSockets.js-fallback`, alias of
 *   @trufflesuite/uws-js-unofficial), Node <= 20, loads on glibc 2.36 (Debian 12 bookworm).
 * The current build is tried first; everything else in the code imports the API from here.
 */
export type UwsBuildName = 'current' | 'fallback';

export interface UwsBuild {
  readonly name: UwsBuildName;
  /** uWS version of the loaded build, e.g. `20.57.0`. */
  readonly version: string;
  /** Why this build: it loaded, or why the current one did not. */
  readonly reason: string;
  readonly api: typeof UwsApi;
}

const CURRENT = 'uWebSockets.js';
const FALLBACK = 'uWebSockets.js-fallback';

const require = createRequire(import.meta.url);

/** The package's folder. The current build's `exports` hides its package.json: found from its entry point. */
function packageDir(name: string): string {
  let dir = dirname(require.resolve(name));
  while (!existsSync(join(dir, 'package.json'))) dir = dirname(dir);
  return dir;
}

function packageVersion(name: string): string {
  const { version } = JSON.parse(readFileSync(join(packageDir(name), 'package.json'), 'utf8')) as { version: string };
  // The fallback calls itself "20.30.0-unofficial.0"; the uWS version is the part before the dash.
  return version.split('-')[0] ?? version;
}

/** The C library's version (glibc), or 'none' on a non-glibc system. */
export function glibcVersion(): string {
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- process.report is absent on some platforms
  const header = (process.report?.getReport() as { header?: { glibcVersionRuntime?: string } } | undefined)?.header;
  return header?.glibcVersionRuntime ?? 'none';
}

/** One line out of a loader error: the missing glibc symbol version says it all. */
function whyNot(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  const glibc = /GLIBC_(\d+\.\d+)'? not found/.exec(text);
  if (glibc) return `the current build needs glibc >= ${glibc[1]}, this system has ${glibcVersion()}`;
  const lines = text.split('\n').filter((line) => line.trim() !== '');
  return `the current build did not load: ${lines.at(-1) ?? text}`;
}

function load(): UwsBuild {
  try {
    const api = require(CURRENT) as typeof UwsApi;
    return { name: 'current', version: packageVersion(CURRENT), reason: `loads on Node ${process.versions.node} with glibc ${glibcVersion()}`, api };
  } catch (currentError) {
    try {
      // Without a binary for this Node, the 2023 build quietly runs a slow JavaScript imitation of
      // uWS (no native publish): refuse that rather than serve a station on it.
      const binary = `uws_${process.platform}_${process.arch}_${process.versions.modules}.node`;
      if (!existsSync(join(packageDir(FALLBACK), 'binaries', binary))) {
        throw new Error(`it has no binary for Node ${process.versions.node} (${binary}); run Node 20 there, or Node 24 on glibc >= 2.38`);
      }
      const api = require(FALLBACK) as typeof UwsApi;
      return { name: 'fallback', version: packageVersion(FALLBACK), reason: whyNot(currentError), api };
    } catch (fallbackError) {
      throw new Error(
        `no uWebSockets.js build loads on Node ${process.versions.node} (glibc ${glibcVersion()}): ` +
          `current: ${whyNot(currentError)}; fallback: ${fallbackError instanceof Error ? fallbackError.message : String(fallbackError)}`,
      );
    }
  }
}

/** The build this process runs on, chosen once at import. */
export const uwsBuild: UwsBuild = load();

const uWS: typeof UwsApi = uwsBuild.api;
export default uWS;
