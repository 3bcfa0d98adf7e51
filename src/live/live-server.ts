import type { IncomingMessage } from 'node:http';
import type { Logger } from 'pino';
import { Server, type ServerOptions } from 'socket.io';
import type { TemplatedApp } from 'uWebSockets.js';
import { echoingConnectionClose } from '../http/uws.js';
import { writeErrorOn, type ForeignResponse } from '../http/reply.js';
import type { Client } from '../limits/client-identity.js';
import { liveRefusalError, type LiveAdmission } from '../limits/live-refusal.js';
import { AppError } from '../errors.js';
import { catalogFor } from '../messages/languages.js';
import type { ServerCatalog } from '../messages/en.js';
import { prepareEngineRequests, type PreparingEngine } from './engine-requests.js';
import { lazyParser } from './lazy-decoder.js';
import { sessionId } from './session-ids.js';
import { lightenSocketIoConnects } from './socketio-connect-internals.js';

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

/** The parts of engine.io's uWS server replaced or wrapped here: its session ids, its refusal writer, and its middleware runner (the CORS middleware). */
interface WrappedEngine {
  generateId(): string;
  abortRequest(res: ForeignResponse, errorCode: number, errorContext?: unknown): void;
  _applyMiddlewares(req: IncomingMessage, res: unknown, callback: (error?: unknown) => void): void;
}

/** What engine.io keeps of a handshake for the life of its connection (engine.io on uWS puts these on the request). */
interface EngineRequest {
  headers: Record<string, string | undefined>;
  connection: object;
  method: string;
}

/** An engine connection as seen at its start (engine.io's Socket). */
interface EngineSocket {
  request: EngineRequest;
  transport: { name: string };
  on(event: 'close', listener: (this: EngineSocket) => void): void;
}

/**
 * The handshake headers a WebSocket connection keeps: what our code reads (accept-language, for the
 * language of acks) and what Socket.IO reads when a namespace is joined (origin, for
 * `handshake.xdomain`). `socket.handshake.headers` holds only these: the others (host, upgrade,
 * sec-websocket-key, user-agent, cookies...) were ~0.4 KB of every connection, kept for its life.
 */
export const KEPT_HANDSHAKE_HEADERS = ['accept-language', 'origin'] as const;

/** The request's peer once engine.io has copied it (Socket.IO reads `connection.encrypted`: never set on uWS). */
const NO_CONNECTION = Object.freeze({});

/** The Socket.IO server of the live API, with what its handshakes left for the connections they admitted. */
export interface LiveServer {
  readonly io: Server;
  /** The client key recorded at the handshake of the request behind a socket. */
  readonly clientKeyOf: (req: object) => string | undefined;
  /** Serves it on the uWS app (attachLiveServer). */
  readonly attach: (app: TemplatedApp, log: Logger) => void;
}

/**
 * What one live server remembers of its handshakes (its own, never the process's: two apps in one
 * process never mix): the client of each admitted request, and each refusal by the response
 * engine.io will answer it on, with the language to answer in.
 */
interface Handshakes {
  readonly clientOfRequest: WeakMap<object, string>;
  readonly refusalOf: WeakMap<object, { error: AppError; strings: ServerCatalog }>;
}

/** What a long-polling handshake hears where sessions cannot be sticky: what to do instead. */
export const POLLING_REFUSED =
  'HTTP long-polling is not offered here: this hub runs several workers on one port and a polling session cannot stay on one. Connect with the websocket transport: io(url, { transports: ["websocket"] })';

/**
 * The Socket.IO server of the live API. Every engine connection (any namespace, either transport)
 * is checked at its handshake: the Origin, when a browser sends one, must be allowed (CORS alone
 * does not stop a WebSocket), and the client must be admitted by the limits' live admission.
 */
export function createLiveServer(settings: LiveServerSettings): LiveServer {
  const { gate } = settings;
  const handshakes: Handshakes = { clientOfRequest: new WeakMap(), refusalOf: new WeakMap() };
  const { clientOfRequest, refusalOf } = handshakes;
  lightenSocketIoConnects();
  const io = new Server({
    cors: { origin: settings.corsOrigins.includes('*') ? '*' : [...settings.corsOrigins] },
    transports: [...settings.transports],
    // Chat messages are at most 500 characters; anything near this size is abuse. A larger
    // frame closes that one connection, never the others.
    maxHttpBufferSize: settings.maxHttpBufferSize,
    serveClient: false,
    // A decoder per connection only for clients that send binary or malformed packets (lazy-decoder.ts).
    parser: lazyParser,
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
        refuse(refusalOf, req, new AppError('VALIDATION_FAILED', { message: POLLING_REFUSED }), settings.language);
        callback(POLLING_REFUSED, false);
        return;
      }
      const refusal = gate.admission.admitSocket(client.key);
      if (refusal) {
        refuse(refusalOf, req, liveRefusalError(refusal), settings.language);
        callback(refusal.reason, false);
        return;
      }
      clientOfRequest.set(req, client.key);
      callback(null, true);
    },
  });
  return { io, clientKeyOf: (req) => clientOfRequest.get(req), attach: (app, log) => attachLiveServer(io, handshakes, app, gate, log) };
}

/**
 * Serves the live server on the uWS app. A connection counted at its handshake is released when
 * the engine connection closes (or at once if the handshake failed after allowRequest). A
 * handshake the admission refused is answered as SSE answers it: 429 RATE_LIMITED, Retry-After,
 * the error envelope (engine.io would say 403 with its own body).
 */
function attachLiveServer(io: Server, { clientOfRequest, refusalOf }: Handshakes, app: TemplatedApp, gate: LiveGate, log: Logger): void {
  // engine.io writes its own HTTP answers (polling, refused handshakes): they must say
  // `Connection: close` to a client that asked, as every answer of ours does.
  io.attachApp(echoingConnectionClose(app));
  prepareEngineRequests(io.engine as unknown as PreparingEngine);
  // engine.io has no hook that answers a refused handshake with a body of ours (allowRequest only
  // says yes or no; it then answers 403 with its own body), so its refusal writer is wrapped: a
  // handshake our admission refused is written by the edge's writer, any other as engine.io would.
  const engine = io.engine as unknown as WrappedEngine;
  engine.generateId = sessionId;
  const abortRequest = engine.abortRequest.bind(engine);
  engine.abortRequest = (res, errorCode, errorContext) => {
    const refused = refusalOf.get(res);
    if (!refused) {
      abortRequest(res, errorCode, errorContext);
      return;
    }
    refusalOf.delete(res);
    writeErrorOn(res, refused.error, log, refused.strings);
  };
  // The CORS middleware (engine.io runs it once `cors` is set) answers browsers' polling requests;
  // on a WebSocket upgrade its headers mean nothing (browsers apply no CORS to WebSockets: the
  // Origin check is allowRequest's) and running it wraps the uWS response in an object the
  // connection keeps for its life (~0.5 KB) and costs CPU on every connect.
  const applyMiddlewares = engine._applyMiddlewares.bind(engine);
  engine._applyMiddlewares = (req, res, callback) => {
    if (req.headers.upgrade?.toLowerCase() === 'websocket') callback();
    else applyMiddlewares(req, res, callback);
  };
  // One listener for every connection (a closure each would be kept by thousands of connections).
  function releaseOnClose(this: EngineSocket): void {
    const key = clientOfRequest.get(this.request);
    if (key !== undefined) gate.admission.release(key);
  }
  io.engine.on('connection', (socket: EngineSocket) => {
    if (clientOfRequest.has(socket.request)) socket.on('close', releaseOnClose);
    // Polling answers later requests from the first one's headers (compression): only a WebSocket's are trimmed.
    if (socket.transport.name === 'websocket') keepWhatConnectionsRead(socket.request);
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
 * Drops what engine.io keeps of a WebSocket handshake and nothing reads again: the headers beyond
 * KEPT_HANDSHAKE_HEADERS, the peer object (engine.io has copied the address), the method. Assigned,
 * never deleted (a deleted property turns the object into a slower, larger dictionary); the request
 * stays the same object, the key of what the handshake recorded (clientKeyOf).
 */
function keepWhatConnectionsRead(request: EngineRequest): void {
  const kept: Record<string, string> = {};
  for (const name of KEPT_HANDSHAKE_HEADERS) {
    const value = request.headers[name];
    if (value !== undefined) kept[name] = value;
  }
  request.headers = kept;
  request.connection = NO_CONNECTION;
  request.method = 'GET';
}

/**
 * Keeps the answer to a refused handshake for abortRequest. engine.io on uWS keeps the response on
 * the request (wrapped, for its CORS middleware); it answers on one or the other.
 */
function refuse(refusalOf: Handshakes['refusalOf'], req: IncomingMessage, error: AppError, language: ServerCatalog): void {
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
