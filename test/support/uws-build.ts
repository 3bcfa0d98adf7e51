import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/** The uWebSockets.js build installed (two registry builds exist; see ARCHITECTURE.md). */
export interface UwsBuild {
  name: string;
  version: string;
  /** The 2023 build for Node <= 20 (v20.30): its HTTP parser drops some requests without any answer. */
  legacy: boolean;
}

export function installedUwsBuild(): UwsBuild {
  let dir = dirname(createRequire(import.meta.url).resolve('uWebSockets.js'));
  while (!existsSync(join(dir, 'package.json'))) dir = dirname(dir);
  const { name, version } = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { name: string; version: string };
  return { name, version, legacy: name === '@trufflesuite/uws-js-unofficial' || /^20\.([0-9]|[1-4][0-9])\./.test(version) };
}
