import type { Logger } from 'pino';
import type { Server } from 'socket.io';
import type { ChatService } from '../station/chat-service.js';
import type { StationService } from '../station/station-service.js';
import type { LiveMetrics } from '../metrics/metrics.js';
import type { ServerCatalog } from '../messages/en.js';
import { LIVE_NAMESPACE } from './live-broadcaster.js';
import type { NativeFanout } from './native-fanout.js';
import { serveLiveConnection } from './live-connection.js';

export interface LiveClientsDeps {
  chat: ChatService;
  station: StationService;
  fanout: NativeFanout;
  log: Logger;
  metrics: LiveMetrics;
  /** The station's language, for acks to clients that ask for none we speak. */
  language: ServerCatalog;
  /** The client key the handshake recorded for a socket's request (LiveServer.clientKeyOf). */
  clientKeyOf(req: object): string | undefined;
}

/**
 * Serves the live clients: /live gets the events and the chat; the main namespace `/` serves
 * nothing, so it is refused rather than left open as a free connection.
 */
export function serveLiveClients(io: Server, deps: LiveClientsDeps): void {
  io.of('/').use((_socket, next) => next(new Error(`this server serves the ${LIVE_NAMESPACE} namespace only (and /staff to signed-in staff)`)));
  io.of(LIVE_NAMESPACE).on('connection', (socket) => {
    deps.fanout.enroll(socket);
    deps.metrics.liveClientConnected();
    // One listener for both (a closure per connection each, thousands of connections).
    socket.once('disconnect', () => {
      deps.metrics.liveClientDisconnected();
      deps.fanout.withdraw(socket);
    });
    serveLiveConnection(socket, deps.clientKeyOf(socket.conn.request) ?? socket.handshake.address, deps);
  });
}
