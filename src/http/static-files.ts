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
  /** Where the pages may load images from besides themselves (song artwork). */
  imageSources?: readonly string[];
  /** Where the pages may fetch from besides themselves (a stream read for its in-band titles). */
  connectSources?: readonly string[];
  /** Where the pages may start workers from besides themselves (blob: for the in-band reader's). */
  workerSources?: readonly string[];
  /** Files made at start-up rather than built (a logo, a manifest), served like the built ones. */
  generatedFiles?: ReadonlyArray<{ path: string; body: Buffer }>;
  /** Pages whose HTML carries data that changes while the server runs, by page path. */
  livePages?: Readonly<Record<string, LivePage>>;
}

/**
 * Fills `%LIVE_DATA%` in a page with text that changes while the server runs (a bootstrap of the
 * station's state). Asked on every request, so it must be cheap: a new `version` only when the
 * text changed, and the page is then compressed once for every request that follows.
 */
export interface LivePage {
  current(): LiveText | Promise<LiveText>;
}
export interface LiveText {
  version: number;
  /** Inserted as is: the caller makes it safe where it goes (and free of `%NAME%` placeholders). */
  text: string;
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

function contentSecurityPolicy(
  frameable: boolean,
  mediaSources: readonly string[],
  imageSources: readonly string[] = [],
  connectSources: readonly string[] = [],
  workerSources: readonly string[] = [],
): string {
  const media = ["'self'", ...mediaSources].join(' ');
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    ["img-src 'self' data:", ...imageSources].join(' '),
    `media-src ${media} blob:`,
    // 'self' covers ws:/wss: to this host in current browsers; named for older ones.
    ["connect-src 'self' ws: wss:", ...connectSources].join(' '),
    ...(workerSources.length ? [["worker-src 'self'", ...workerSources].join(' ')] : []),
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
function loadFile(root: string, path: string, options: StaticSiteOptions, isHashed: boolean, given?: Buffer): StaticFile {
  const extension = extname(path);
  let body = given ?? readFileSync(join(root, path));
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
    const { br, gzip: gz } = (isHtml || given ? null : builtSiblings(root, path)) ?? compressBody(body);
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
    headers['Content-Security-Policy'] = contentSecurityPolicy(
      options.frameablePages.includes(page),
      options.mediaSources,
      options.imageSources,
      options.connectSources,
      options.workerSources,
    );
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
  const files = listFiles(options.root)
    .filter((path) => !path.endsWith('.br') && !path.endsWith('.gz'))
    .map((path) => ({ path, body: undefined as Buffer | undefined }));
  for (const { path, body } of [...files, ...(options.generatedFiles ?? [])]) {
    const inHashedFolder = path.startsWith(`${options.hashedFolder}/`) && !path.slice(options.hashedFolder.length + 1).includes('/');
    const file = loadFile(options.root, path, options, inHashedFolder, body);
    if (inHashedFolder) {
      hashed.set(path.slice(options.hashedFolder.length + 1), file);
      continue;
    }
    const urlPath = path.endsWith('.html') ? pagePath(path) : `/${path}`;
    const live = options.livePages?.[urlPath];
    const serve = live ? liveFile(live, (text) => loadFile(options.root, path, options, false, fillLiveData(file, text))) : () => file;
    routes.push(
      defineRoute({
        method: 'GET',
        path: urlPath,
        summary: `static ${path}`,
        undocumented: true,
        headers: ['accept-encoding'],
        handler: ({ headers }) => {
          const current = serve();
          const acceptEncoding = headers['accept-encoding'] ?? '';
          return current instanceof Promise ? current.then((f) => answer(f, acceptEncoding)) : answer(current, acceptEncoding);
        },
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

/** The page's HTML (uncompressed, placeholders filled) with its `%LIVE_DATA%` replaced. */
function fillLiveData(page: StaticFile, text: string): Buffer {
  const template = page.variants[page.variants.length - 1]!.body.toString('utf8');
  return Buffer.from(template.replace('%LIVE_DATA%', () => text));
}

/** The page for the live text's current version: rebuilt (and compressed) only when the version changes. */
function liveFile(live: LivePage, build: (text: string) => StaticFile): () => StaticFile | Promise<StaticFile> {
  let cached: { version: number; file: StaticFile } | null = null;
  const fileOf = (text: LiveText) => {
    if (cached?.version !== text.version) cached = { version: text.version, file: build(text.text) };
    return cached.file;
  };
  return () => {
    const text = live.current();
    return text instanceof Promise ? text.then(fileOf) : fileOf(text);
  };
}
