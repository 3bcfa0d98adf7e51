import { readdirSync, statSync } from 'node:fs';
import { extname, join, relative, sep } from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';

// The one home of how the pages are compressed: the build (web/compress.mjs, which imports this
// file compiled) writes `.br` and `.gz` siblings with it, and the static-file routes use it for
// what the build did not compress (HTML rewritten at start-up).

const COMPRESSIBLE = new Set(['.html', '.js', '.css', '.svg', '.json', '.webmanifest', '.txt']);

/** Whether a file of this name is text worth compressing (images and fonts already are compressed). */
export const isCompressible = (path: string) => COMPRESSIBLE.has(extname(path));

/** Brotli at its best quality and gzip at level 9: done once per file, never per request. */
export function compressBody(body: Buffer): { br: Buffer; gzip: Buffer } {
  return {
    br: brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length } }),
    gzip: gzipSync(body, { level: 9 }),
  };
}

/** Every file under `dir`, as paths relative to it with forward slashes. */
export function listFiles(dir: string): string[] {
  const out: string[] = [];
  const walk = (current: string) => {
    for (const name of readdirSync(current)) {
      const full = join(current, name);
      if (statSync(full).isDirectory()) walk(full);
      else out.push(relative(dir, full).split(sep).join('/'));
    }
  };
  walk(dir);
  return out;
}
