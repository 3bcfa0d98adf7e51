import type { IncomingMessage } from 'node:http';
import { STATUS_CODES } from 'node:http';
import type { Logger } from 'pino';
import { Server, type ServerOptions } from 'socket.io';
import type { TemplatedApp } from 'uWebSockets.js';
import { echoingConnectionClose } from '../http/uws.js';
import { toErrorAnswer } from '../error-answer.js';
import type { Client } from '../limits/client-identity.js';
import { liveRefusalError, type LiveAdmission } from '../limits/live-refusal.js';
import { AppError } from '../errors.js';
import { catalogFor } from '../messages/languages.js';
import type { ServerCatalog } from '../messages/en.js';
import type { ServerStrings } from '../messages/server-strings.js';

/** Who may open a live connection: the client identity, the one admission decision, the allowed origins. */
export interface LiveGate {
  clientOf(peer: string, forwardedFor: string): Client;
  readonly admission: LiveAdmission;
  /** Whether a browser page from this origin may connect (server.corsOrigins). */
  allowsOrigin(origin: string): boolean;
}

export interface LiveServerSettings {
  corsOrigins: readonly string[];
  transports: ReadonlyArray<'websocket' | 'polling'>;
  /** Refuse long-polling handshakes with an answer that says to use the websocket transport (several workers on one port). */
  refusePolling: boolean;
  maxHttpBufferSize: number;
  /** Joins the nodes (the Redis adapter); absent for one process. */
  adapter?: ServerOptions['adapter'];
  gate: LiveGate;
  /** The station's language: a refused handshake speaks the client's Accept-Language among ours, else this. */
  language: ServerCatalog;
}

/** The client of each engine connection, from its handshake request. */
const clientOfRequest = new WeakMap<object, string>();
/** Handshakes refused by us (the admission, or long-polling on several workers), by the response engine.io will answer them on, with the language to answer in. */
const refusalOf = new WeakMap<object, { error: AppError; strings: ServerStrings }>();

/** What a long-polling handshake hears where sessions cannot be sticky: what to do instead. */
export const POLLING_REFUSED =
  'HTTP long-polling is not offered here: this hub runs several workers on one port and a polling session cannot stay on one. Connect with the websocket transport: io(url, { transports: ["websocket"] })';

/** The part of engine.io's uWS server that writes a refused handshake (polling request or WebSocket upgrade). */
interface RefusingEngine {
  abortRequest(res: ResponseLike, errorCode: number, errorContext?: unknown): void;
}
/** A uWS HttpResponse, or engine.io's wrapper of it (which holds the CORS headers until the status is written). */
interface ResponseLike {
  writeStatus(status: string): unknown;
  writeHeader(name: string, value: string): unknown;
  end(body: string): unknown;
}

/**
 * The Socket.IO server of the live API. Every engine connection (any namespace, either transport)
 * is checked at its handshake: the Origin, when a browser sends one, must be allowed (CORS alone
 * does not stop a WebSocket), and the client must be admitted by the limits' live admission.
 */
export function createLiveServer(settings: LiveServerSettings): Server {
  const { gate } = settings;
  const io = new Server({
    cors: { origin: settings.corsOrigins.includes('*') ? '*' : [...settings.corsOrigins] },
    transports: [...settings.transports],
    // Chat messages are at most 500 characters; anything near this size is abuse. A larger
    // frame closes that one connection, never the others.
    maxHttpBufferSize: settings.maxHttpBufferSize,
    serveClient: false,
    ...(settings.adapter ? { adapter: settings.adapter } : {}),
    allowRequest: (req, callback) => {
      const origin = req.headers.origin;
      if (typeof origin === 'string' && origin !== '' && !gate.allowsOrigin(origin)) {
        callback('origin not allowed', false);
        return;
      }
      // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- engine.io on uWS hands over a request without a socket
      const client = gate.clientOf(req.socket?.remoteAddress ?? remoteAddressOf(req), headerText(req.headers['x-forwarded-for']));
      // Before the admission: a handshake refused here must not take one of the client's connections.
      if (settings.refusePolling && transportOf(req) === 'polling') {
        refuse(req, new AppError('VALIDATION_FAILED', { message: POLLING_REFUSED }), settings.language);
        callback(POLLING_REFUSED, false);
        return;
      }
      const refusal = gate.admission.admitSocket(client.key);
      if (refusal) {
        refuse(req, liveRefusalError(refusal), settings.language);
        callback(refusal.reason, false);
        return;
      }
      clientOfRequest.set(req, client.key);
      callback(null, true);
    },
  });
  return io;
}

/**
 * Serves the live server on the uWS app. A connection counted at its handshake is released when
 * the engine connection closes (or at once if the handshake failed after allowRequest). A
 * handshake the admission refused is answered as SSE answers it: 429 RATE_LIMITED, Retry-After,
 * the error envelope (engine.io would say 403 with its own body).
 */
export function attachLiveServer(io: Server, app: TemplatedApp, gate: LiveGate, log: Logger): void {
  // engine.io writes its own HTTP answers (polling, refused handshakes): they must say
  // `Connection: close` to a client that asked, as every answer of ours does.
  io.attachApp(echoingConnectionClose(app));
  const engine = io.engine as unknown as RefusingEngine;
  const abortRequest = engine.abortRequest.bind(engine);
  engine.abortRequest = (res, errorCode, errorContext) => {
    const refused = refusalOf.get(res);
    if (!refused) {
      abortRequest(res, errorCode, errorContext);
      return;
    }
    refusalOf.delete(res);
    const answer = toErrorAnswer(refused.error, log, refused.strings);
    res.writeStatus(`${answer.status} ${STATUS_CODES[answer.status] ?? ''}`);
    res.writeHeader('Content-Type', 'application/json; charset=utf-8');
    for (const [name, value] of answer.headers) res.writeHeader(name, value);
    res.end(JSON.stringify(answer.payload));
  };
  io.engine.on('connection', (socket: { request: object; once(event: 'close', listener: () => void): void }) => {
    const key = clientOfRequest.get(socket.request);
    if (key !== undefined) socket.once('close', () => gate.admission.release(key));
  });
  io.engine.on('connection_error', (error: { req: object }) => {
    const key = clientOfRequest.get(error.req);
    if (key !== undefined) {
      clientOfRequest.delete(error.req);
      gate.admission.release(key);
    }
  });
}

/**
 * Keeps the answer to a refused handshake for abortRequest below. engine.io on uWS keeps the
 * response on the request (wrapped, for its CORS middleware); it answers on one or the other.
 */
function refuse(req: IncomingMessage, error: AppError, language: ServerCatalog): void {
  const res = (req as unknown as { res?: { res?: object } }).res;
  const refused = { error, strings: catalogFor(headerText(req.headers['accept-language']), language) };
  if (res) refusalOf.set(res, refused);
  if (res?.res) refusalOf.set(res.res, refused);
}

/** The transport a handshake asks for (engine.io on uWS parses the query onto the request). */
function transportOf(req: IncomingMessage): string | undefined {
  return (req as unknown as { _query?: Record<string, string | undefined> })._query?.transport;
}

/** engine.io on uWS puts the peer on `req.connection` instead of `req.socket`. */
function remoteAddressOf(req: IncomingMessage): string {
  return (req as unknown as { connection?: { remoteAddress?: string } }).connection?.remoteAddress ?? '';
}

const headerText = (value: string | string[] | undefined) => (typeof value === 'string' ? value : '');

/** The client key recorded at the handshake of the request behind a socket. */
export function clientKeyOfRequest(req: object): string | undefined {
  return clientOfRequest.get(req);
}
