import type { HttpRequest, HttpResponse } from 'uWebSockets.js';
import { forwardedForOf } from '../http/request-headers.js';
import { queryOf } from '../http/uws.js';

/**
 * engine.io's uWS server (engine.io 6.6, build/userver.js `uServer.prepare`) turns each uWS request
 * into the object engine.io and Socket.IO read: method, url, the parsed query, the headers, the
 * peer. Its own prepare copies every header with `req.forEach` (a call from C++ into JS and two
 * strings per header), parses the query through URLSearchParams and registers a new closure with
 * `res.onAborted`: ~7 % of a WebSocket connect's CPU in a profile of 3,000 connects. Replaced here
 * with the same fields for less:
 *
 * - A WebSocket upgrade (`Upgrade: websocket`, the test live-server.ts skips the CORS middleware
 *   by) keeps only the headers something reads while the handshake is decided or the connection
 *   lives (UPGRADE_HEADERS), each read with `getHeader`; any other request keeps them all (the
 *   polling transport and the CORS middleware read others).
 * - X-Forwarded-For is, on both, every occurrence of the header joined in order
 *   (`forwardedForOf`), as the REST edge reads it (exchange.ts): engine.io's copy kept only the
 *   last of a repeated header, so a client behind a trusted proxy could be counted as one client
 *   on REST and another on /live. (docs/decisions.md, "One identity for REST and live".)
 * - The query: split by hand when it has nothing to decode (`EIO=4&transport=websocket`), else as
 *   engine.io parses it.
 *
 * test/live/live-connect-snapshot.test.ts fails when engine.io's prepare sets other fields.
 */
export interface EngineRequest extends HttpRequest {
  method: string;
  url: string;
  _query: Record<string, string>;
  headers: Record<string, string>;
  connection: { remoteAddress: string };
}

/** The part of engine.io's uWS server replaced here. */
export interface PreparingEngine {
  prepare(req: HttpRequest, res: HttpResponse): void;
}

/**
 * The headers a WebSocket upgrade keeps: `origin` (engine.io's and our Origin check, Socket.IO's
 * `handshake.xdomain`), `x-forwarded-for` (the client's identity), `accept-language` (the language
 * of a refusal and of acks), `upgrade` (live-server.ts skips the CORS middleware on it).
 */
export const UPGRADE_HEADERS = ['upgrade', 'origin', 'x-forwarded-for', 'accept-language'] as const;
/** Those read after the Upgrade header itself. */
const UPGRADE_READ = UPGRADE_HEADERS.slice(1);

const ADDRESS_TEXT = new TextDecoder();

/** uWS allows one abort handler per response; engine.io's only logged. One shared function, no closure per request. */
const ignoreAbort = (): void => undefined;

/** engine.io's query object (`Object.fromEntries(new URLSearchParams(query))`), without URLSearchParams for plain text. */
export function queryObject(query: string): Record<string, string> {
  // Escapes and '+' need URLSearchParams' decoding; `__proto__` needs fromEntries' own-property write.
  if (query.includes('%') || query.includes('+') || query.includes('__proto__')) return Object.fromEntries(new URLSearchParams(query));
  const fields: Record<string, string> = {};
  if (query === '') return fields;
  for (const pair of query.split('&')) {
    if (pair === '') continue;
    const equals = pair.indexOf('=');
    if (equals === -1) fields[pair] = '';
    else fields[pair.slice(0, equals)] = pair.slice(equals + 1);
  }
  return fields;
}

function upgradeHeaders(req: HttpRequest, upgrade: string): Record<string, string> {
  const headers: Record<string, string> = { upgrade };
  for (const name of UPGRADE_READ) {
    // getHeader answers '' for an absent header: engine.io's copy had no field then.
    const value = name === 'x-forwarded-for' ? forwardedForOf(req) : req.getHeader(name);
    if (value !== '') headers[name] = value;
  }
  return headers;
}

function allHeaders(req: HttpRequest): Record<string, string> {
  const headers: Record<string, string> = {};
  req.forEach((name, value) => {
    headers[name] = value;
  });
  if (headers['x-forwarded-for'] !== undefined) headers['x-forwarded-for'] = forwardedForOf(req);
  return headers;
}

/** Whether a request asks for a WebSocket (the header's token is case-insensitive). */
function asksWebSocket(upgrade: string): boolean {
  return upgrade === 'websocket' || upgrade.toLowerCase() === 'websocket';
}

/** Replaces the engine's prepare (an own property: engine.io calls `this.prepare` on every request). */
export function prepareEngineRequests(engine: PreparingEngine): void {
  if (typeof engine.prepare !== 'function') throw new Error('engine.io internals changed: the uWS server no longer has prepare');
  engine.prepare = (req, res) => {
    const prepared = req as EngineRequest;
    prepared.method = req.getMethod().toUpperCase();
    prepared.url = req.getUrl();
    prepared._query = queryObject(queryOf(req));
    const upgrade = req.getHeader('upgrade');
    prepared.headers = asksWebSocket(upgrade) ? upgradeHeaders(req, upgrade) : allHeaders(req);
    prepared.connection = { remoteAddress: ADDRESS_TEXT.decode(res.getRemoteAddressAsText()) };
    res.onAborted(ignoreAbort);
  };
}
