import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type * as UwsApi from 'uWebSockets.js';
import type { HttpRequest, HttpResponse, RecognizedString, TemplatedApp, us_listen_socket, WebSocketBehavior } from 'uWebSockets.js';

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

// ---------------------------------------------------------------------------------------------
// The typed surface the rest of the code uses instead of the builds' differing corners. What each
// build does at the edge (measured on both, test/http/) is in docs/limits.md, "HTTP edge".

/** The query string of a request, '' when there is none (the 2023 build returns undefined then). */
export function queryOf(req: HttpRequest): string {
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- undefined on the 2023 build
  return req.getQuery() ?? '';
}

/**
 * What a request said about closing its connection, read inside the callback:
 * - `keep`: nothing (keep-alive);
 * - `uws`: a Connection header of exactly five characters ("close"): both builds then close after
 *   the answer by themselves (they test the length, not the word) and never say so;
 * - `asked`: close asked in another spelling ("keep-alive, close"): uWS closes only when told.
 */
export type ConnectionClose = 'keep' | 'uws' | 'asked';

export function connectionCloseOf(req: HttpRequest): ConnectionClose {
  const connection = req.getHeader('connection');
  if (connection === '') return 'keep';
  if (connection.length === 5) return 'uws';
  return /(?:^|,)\s*close\s*(?:,|$)/i.test(connection) ? 'asked' : 'keep';
}

/**
 * Ends an answer with `body`. The connection closes when the client asked or when `closeAlso` (a
 * body left unread), and `Connection: close` is then said exactly once: a keep-alive client that
 * does not hear it reuses a socket we are closing (node-fetch on Node >= 19 does).
 */
export function endWithBody(res: HttpResponse, body: RecognizedString, connection: ConnectionClose, closeAlso: boolean): void {
  if (connection === 'uws') {
    res.writeHeader('Connection', 'close');
    res.end(body);
  } else {
    // Told to close, uWS writes the header itself.
    res.end(body, closeAlso || connection === 'asked');
  }
}

/**
 * Ends an answer that has no body (HEAD, 204, 304), with `Content-Length` only when given (a HEAD
 * answer says the length GET would send; 204 and 304 say none). `endWithoutBody(length)` is not
 * used: on the 2023 build it leaves the answer unfinished (the next request on the connection is
 * refused, a close is never done), and `endWithoutBody(undefined, ...)` reports 2^63 bytes on both.
 * Called without arguments, both builds finish the answer and write no length of their own, but
 * cannot be told to close after it: a connection the client asked to close is closed by uWS when
 * it knows (`uws`), else by the client (`asked`), and the answer says so. When we must close
 * (`closeAlso`), only `end` can tell uWS on both builds; it then reports a length of 0.
 */
export function endWithoutBody(res: HttpResponse, contentLength: number | undefined, connection: ConnectionClose, closeAlso = false): void {
  if (closeAlso) {
    endWithBody(res, '', connection, true);
    return;
  }
  if (contentLength !== undefined) res.writeHeader('Content-Length', String(contentLength));
  if (connection !== 'keep') res.writeHeader('Connection', 'close');
  res.endWithoutBody();
}

/**
 * Listens with SO_REUSEPORT off: uWS shares a busy port by default, so a second instance would
 * start silently and split traffic and in-memory state. Resolves with the listening socket, or
 * null when the address is taken or not available.
 */
export function listenExclusive(app: TemplatedApp, host: string, port: number): Promise<us_listen_socket | null> {
  const LIBUS_LISTEN_EXCLUSIVE_PORT = 1;
  return listenWithOptions(app, host, port, LIBUS_LISTEN_EXCLUSIVE_PORT);
}

/**
 * Listens with SO_REUSEPORT on, so the workers of one group (server.workers) all accept on one
 * port and the kernel spreads the connections between them. Both builds set it only for a port
 * other than 0 (a port 0 is resolved before the workers start), and Linux lets only processes of
 * the same user share it.
 */
export function listenShared(app: TemplatedApp, host: string, port: number): Promise<us_listen_socket | null> {
  if (port === 0) throw new Error('a shared port must be chosen before listening: port 0 is never shared');
  return listenWithOptions(app, host, port, 0);
}

/** `app.listen(host, port, options, cb)` (the typings lack the host + options overload). */
function listenWithOptions(app: TemplatedApp, host: string, port: number, options: number): Promise<us_listen_socket | null> {
  type ListenWithOptions = (host: string, port: number, options: number, cb: (socket: us_listen_socket | false) => void) => void;
  // eslint-disable-next-line @typescript-eslint/unbound-method -- called with .call(app) just below
  const listen = app.listen as unknown as ListenWithOptions;
  return new Promise((resolve) => listen.call(app, host, port, options, (socket) => resolve(socket || null)));
}

export function listeningPort(socket: us_listen_socket): number {
  return uWS.us_socket_local_port(socket);
}

export function stopListening(socket: us_listen_socket): void {
  uWS.us_listen_socket_close(socket);
}

/** Closes every connection of the app (present at runtime on both builds; some typings lack it). */
export function closeConnections(app: TemplatedApp): void {
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- absent from some builds' typings
  (app as TemplatedApp & { close?: () => void }).close?.();
}

/**
 * The app as seen by a library that writes its own HTTP answers (engine.io's polling and refused
 * handshakes): every answer to a request that asked to close says `Connection: close` and closes,
 * as our own answers do. Only `any` and `ws` (the routes engine.io adds) are wrapped, and the
 * library's `res.end` only on responses to such a request; everything else is the app itself.
 */
export function echoingConnectionClose(app: TemplatedApp): TemplatedApp {
  const echo = (res: HttpResponse, req: HttpRequest): HttpResponse => {
    const connection = connectionCloseOf(req);
    if (connection === 'keep') return res;
    const end = res.end.bind(res);
    res.end = (body?: RecognizedString) => {
      if (connection === 'asked') return end(body ?? '', true);
      res.writeHeader('Connection', 'close');
      return end(body);
    };
    return res;
  };
  const wrapped: TemplatedApp = new Proxy(app, {
    get(target, property) {
      if (property === 'any') {
        return (pattern: RecognizedString, handler: (res: HttpResponse, req: HttpRequest) => void) => {
          target.any(pattern, (res, req) => handler(echo(res, req), req));
          return wrapped;
        };
      }
      if (property === 'ws') {
        return <UserData>(pattern: RecognizedString, behavior: WebSocketBehavior<UserData>) => {
          const upgrade = behavior.upgrade;
          // A refused upgrade is answered with end(); an accepted one with upgrade(), untouched.
          target.ws(pattern, upgrade ? { ...behavior, upgrade: (res, req, context) => upgrade(echo(res, req), req, context) } : behavior);
          return wrapped;
        };
      }
      // Native methods must be called on the app itself.
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
  return wrapped;
}
