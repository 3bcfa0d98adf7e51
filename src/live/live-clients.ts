import type { Logger } from 'pino';
import type { Namespace, Server, Socket } from 'socket.io';
import type { ChatService } from '../station/chat-service.js';
import type { StationService } from '../station/station-service.js';
import type { LiveMetrics } from '../metrics/metrics.js';
import type { ServerCatalog } from '../messages/en.js';
import { LIVE_NAMESPACE } from './live-broadcaster.js';
import type { NativeFanout } from './native-fanout.js';
import { leanHandshake } from './lean-handshake.js';
import { leanSocketMaps } from './socket-maps.js';
import { liveConnections } from './live-connection.js';

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
 * Sockets of /live join no room of their own (Socket.IO puts every socket in a room named by its
 * id). On uWS, Socket.IO subscribes each WebSocket to a uWS topic per room, so that room was a
 * topic per connection, two Sets and two Map entries in the adapter, ~0.4 KB and ~25 µs of every
 * connect, for a room nothing here addresses: the live fan-out is NativeFanout's uWS topic,
 * long-polling clients are reached through POLLING_ROOM, relays through serverSideEmit. So on
 * /live, `io.of('/live').to(socket.id)`, a broadcast to the whole namespace, `fetchSockets()` and
 * `disconnectSockets()` without a room reach no WebSocket client: broadcast through the
 * LiveBroadcaster. Other rooms (POLLING_ROOM) are joined as before.
 */
function withoutOwnRooms(namespace: Namespace): void {
  const adapter = namespace.adapter;
  // Socket.IO's uWS support patches the adapter's prototype when the app is attached: called at each join.
  const inherited = Object.getPrototypeOf(adapter) as typeof adapter;
  adapter.addAll = (id, rooms) => {
    if (rooms.size === 1 && rooms.has(id)) return;
    return inherited.addAll.call(adapter, id, rooms);
  };
}

/**
 * Serves the live clients: /live gets the events and the chat; the main namespace `/` serves
 * nothing, so it is refused rather than left open as a free connection.
 */
export function serveLiveClients(io: Server, deps: LiveClientsDeps): void {
  io.of('/').use((_socket, next) => next(new Error(`this server serves the ${LIVE_NAMESPACE} namespace only (and /staff to signed-in staff)`)));
  withoutOwnRooms(io.of(LIVE_NAMESPACE));
  const connections = liveConnections({ ...deps, clientOf: (socket) => deps.clientKeyOf(socket.conn.request) ?? socket.handshake.address });
  // One listener for every socket (a closure each would be kept by thousands of connections);
  // Socket.IO says disconnect once.
  function leave(this: Socket): void {
    deps.metrics.liveClientDisconnected();
    deps.fanout.withdraw(this);
  }
  io.of(LIVE_NAMESPACE).on('connection', (socket) => {
    leanHandshake(socket);
    leanSocketMaps(socket);
    deps.fanout.enroll(socket);
    deps.metrics.liveClientConnected();
    socket.on('disconnect', leave);
    connections.serve(socket);
  });
}
