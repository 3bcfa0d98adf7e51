import { existsSync, readFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { AppError } from '../errors.js';
import { compressBody, isCompressible, listFiles } from './precompress.js';
import { defineRoute, type RouteDefinition, type RouteResult } from './route.js';

export interface StaticSiteOptions {
  /** Folder of the built site (Vite's outDir); each `x.html` is served at `/x`, `index.html` at `/`. */
  root: string;
  /** Folder under root whose files carry a content hash in their name: cached for a year. */
  hashedFolder: string;
  /** Pages that other sites may put in an <iframe> (CSP frame-ancestors *); every other page: none. */
  frameablePages: readonly string[];
  /** `%NAME%` placeholders in HTML, replaced (HTML-escaped) once at start-up. */
  htmlVariables: Readonly<Record<string, string>>;
  /** Where the pages may connect and play from besides themselves (the stream server). */
  mediaSources: readonly string[];
}

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.txt': 'text/plain; charset=utf-8',
  '.woff2': 'font/woff2',
};

interface Variant {
  body: Buffer;
  encoding: 'br' | 'gzip' | null;
}

interface StaticFile {
  contentType: string;
  headers: Record<string, string>;
  variants: Variant[];
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function contentSecurityPolicy(frameable: boolean, mediaSources: readonly string[]): string {
  const media = ["'self'", ...mediaSources].join(' ');
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    `media-src ${media} blob:`,
    // 'self' covers ws:/wss: to this host in current browsers; named for older ones.
    "connect-src 'self' ws: wss:",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    `frame-ancestors ${frameable ? '*' : "'none'"}`,
  ].join('; ');
}

/** The `.br` and `.gz` the build wrote next to a file (web/compress.mjs), when it wrote both. */
function builtSiblings(root: string, path: string): { br: Buffer; gzip: Buffer } | null {
  const [br, gzip] = [join(root, `${path}.br`), join(root, `${path}.gz`)];
  return existsSync(br) && existsSync(gzip) ? { br: readFileSync(br), gzip: readFileSync(gzip) } : null;
}

/** Loads one file with its precompressed siblings (`.br`, `.gz` from the build), or compresses it now. */
function loadFile(root: string, path: string, options: StaticSiteOptions, isHashed: boolean): StaticFile {
  const extension = extname(path);
  let body = readFileSync(join(root, path));
  const isHtml = extension === '.html';
  if (isHtml) {
    const html = body.toString('utf8').replace(/%([A-Z_]+)%/g, (whole, name: string) => {
      const value = options.htmlVariables[name];
      return value === undefined ? whole : escapeHtml(value);
    });
    body = Buffer.from(html);
  }
  const variants: Variant[] = [];
  if (isCompressible(path) && body.length >= 512) {
    // HTML is rewritten above, so its build-time siblings are stale: compress it here (it is small).
    const { br, gzip: gz } = (isHtml ? null : builtSiblings(root, path)) ?? compressBody(body);
    if (br.length < body.length) variants.push({ body: br, encoding: 'br' });
    if (gz.length < body.length) variants.push({ body: gz, encoding: 'gzip' });
  }
  variants.push({ body, encoding: null });

  const headers: Record<string, string> = {
    'X-Content-Type-Options': 'nosniff',
    Vary: 'Accept-Encoding',
    'Cache-Control': isHashed ? 'public, max-age=31536000, immutable' : isHtml ? 'no-cache' : 'public, max-age=300',
  };
  if (isHtml) {
    const page = pagePath(path);
    headers['Content-Security-Policy'] = contentSecurityPolicy(options.frameablePages.includes(page), options.mediaSources);
    headers['Referrer-Policy'] = 'strict-origin-when-cross-origin';
  }
  return { contentType: CONTENT_TYPES[extension] ?? 'application/octet-stream', headers, variants };
}

/** `index.html` → `/`, `console.html` → `/console`, `widget/player.html` → `/widget/player`. */
function pagePath(file: string): string {
  const withoutExtension = `/${file.slice(0, -'.html'.length)}`;
  return withoutExtension === '/index' ? '/' : withoutExtension.replace(/\/index$/, '');
}

/** The encodings the client accepts, read plainly: a name listed without `q=0`. */
function accepts(acceptEncoding: string, encoding: string): boolean {
  return acceptEncoding.split(',').some((part) => {
    const [name, ...params] = part.trim().split(';');
    return name!.trim().toLowerCase() === encoding && !params.some((p) => /^\s*q=0(\.0*)?\s*$/.test(p));
  });
}

function answer(file: StaticFile, acceptEncoding: string): RouteResult {
  const variant = file.variants.find((v) => v.encoding === null || accepts(acceptEncoding, v.encoding))!;
  const headers = variant.encoding ? { ...file.headers, 'Content-Encoding': variant.encoding } : file.headers;
  return { kind: 'prepared', status: 200, body: variant.body, contentType: file.contentType, headers };
}

/**
 * Serves a built front end from memory through the route table: pages by clean path, hashed
 * assets under one `/<hashedFolder>/:file` route. Only the files found at start-up exist, so a
 * path never reaches the file system (no traversal); anything else is the usual 404.
 */
export function staticFileRoutes(options: StaticSiteOptions): RouteDefinition[] {
  if (!existsSync(options.root)) return [];
  const hashed = new Map<string, StaticFile>();
  const routes: RouteDefinition[] = [];
  for (const path of listFiles(options.root)) {
    if (path.endsWith('.br') || path.endsWith('.gz')) continue;
    const inHashedFolder = path.startsWith(`${options.hashedFolder}/`) && !path.slice(options.hashedFolder.length + 1).includes('/');
    const file = loadFile(options.root, path, options, inHashedFolder);
    if (inHashedFolder) {
      hashed.set(path.slice(options.hashedFolder.length + 1), file);
      continue;
    }
    const urlPath = path.endsWith('.html') ? pagePath(path) : `/${path}`;
    routes.push(
      defineRoute({
        method: 'GET',
        path: urlPath,
        summary: `static ${path}`,
        undocumented: true,
        headers: ['accept-encoding'],
        handler: ({ headers }) => answer(file, headers['accept-encoding'] ?? ''),
      }),
    );
  }
  routes.push(
    defineRoute({
      method: 'GET',
      path: `/${options.hashedFolder}/:file`,
      summary: 'static hashed assets',
      undocumented: true,
      headers: ['accept-encoding'],
      handler: ({ params, headers }) => {
        const file = hashed.get(params.file ?? '');
        if (!file) throw new AppError('NOT_FOUND', { message: 'No such file.' });
        return answer(file, headers['accept-encoding'] ?? '');
      },
    }),
  );
  return routes;
}
