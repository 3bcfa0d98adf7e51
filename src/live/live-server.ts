import type { IncomingMessage } from 'node:http';
import { Server, type ServerOptions } from 'socket.io';
import type { TemplatedApp } from 'uWebSockets.js';
import { echoingConnectionClose } from '../http/uws.js';
import type { ConnectionCap } from '../limits/connection-cap.js';
import type { Client } from '../limits/client-identity.js';

/** Who may open a live connection: the client identity, the connection cap, the allowed origins. */
export interface LiveGate {
  clientOf(peer: string, forwardedFor: string): Client;
  readonly connections: ConnectionCap;
  /** Whether a browser page from this origin may connect (server.corsOrigins). */
  allowsOrigin(origin: string): boolean;
}

export interface LiveServerSettings {
  corsOrigins: readonly string[];
  transports: ReadonlyArray<'websocket' | 'polling'>;
  maxHttpBufferSize: number;
  /** Joins the nodes (the Redis adapter); absent for one process. */
  adapter?: ServerOptions['adapter'];
  gate: LiveGate;
}

/** The client of each engine connection, from its handshake request. */
const clientOfRequest = new WeakMap<object, string>();

/**
 * The Socket.IO server of the live API. Every engine connection (any namespace, either transport)
 * is checked at its handshake: the Origin, when a browser sends one, must be allowed (CORS alone
 * does not stop a WebSocket), and the client must be under its connection cap on this node.
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
      if (!gate.connections.tryOpen(client.key)) {
        callback('too many live connections from this client', false);
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
 * the engine connection closes (or at once if the handshake failed after allowRequest).
 */
export function attachLiveServer(io: Server, app: TemplatedApp, gate: LiveGate): void {
  // engine.io writes its own HTTP answers (polling, refused handshakes): they must say
  // `Connection: close` to a client that asked, as every answer of ours does.
  io.attachApp(echoingConnectionClose(app));
  io.engine.on('connection', (socket: { request: object; once(event: 'close', listener: () => void): void }) => {
    const key = clientOfRequest.get(socket.request);
    if (key !== undefined) socket.once('close', () => gate.connections.close(key));
  });
  io.engine.on('connection_error', (error: { req: object }) => {
    const key = clientOfRequest.get(error.req);
    if (key !== undefined) {
      clientOfRequest.delete(error.req);
      gate.connections.close(key);
    }
  });
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
