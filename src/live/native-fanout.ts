import type { Socket } from 'socket.io';
import type { TemplatedApp, WebSocket } from 'uWebSockets.js';
import { eventPacket } from './event-packet.js';

const TOPIC = 'live';
/** Clients still on HTTP long-polling: Socket.IO itself delivers to them. */
export const POLLING_ROOM = 'transport:polling';

interface EngineTransport {
  name: string;
  /** engine.io's uWS transport keeps the uWS WebSocket here once open. */
  socket?: WebSocket<unknown>;
}

/**
 * Broadcasts on uWS's native publish path. Socket.IO would write a frame to each client from
 * JavaScript (measured ~8 µs per client, 80 ms of CPU for 10,000); instead every WebSocket client
 * of /live is subscribed to one uWS topic and a broadcast is one `app.publish` of a frame encoded
 * once, fanned out in C++. Long-polling clients stay in a room Socket.IO serves.
 */
export class NativeFanout {
  private app: TemplatedApp | null = null;

  constructor(private readonly namespace: string) {}

  attach(app: TemplatedApp): void {
    this.app = app;
  }

  /** Puts a new client on the right path, and moves it when it upgrades to WebSocket. */
  enroll(socket: Socket): void {
    const transport = socket.conn.transport as unknown as EngineTransport;
    if (transport.name === 'websocket' && transport.socket) {
      transport.socket.subscribe(TOPIC);
      return;
    }
    void socket.join(POLLING_ROOM);
    socket.conn.once('upgrade', (upgraded: EngineTransport) => {
      // Subscribe before leaving the room: a broadcast in between may arrive twice, never not at all.
      upgraded.socket?.subscribe(TOPIC);
      void socket.leave(POLLING_ROOM);
    });
  }

  /**
   * Takes a client that left the namespace off the path: the uWS topic belongs to the engine
   * connection, which may stay open (multiplexed) after the namespace socket is gone.
   */
  withdraw(socket: Socket): void {
    const transport = socket.conn.transport as unknown as EngineTransport;
    if (transport.name === 'websocket' && !socket.conn.readyState.startsWith('clos')) transport.socket?.unsubscribe(TOPIC);
  }

  /**
   * Sends `event` to every WebSocket client on this node: the Socket.IO frame, encoded once, made
   * of `data` (the payload's JSON text, which the caller serialised already for the history and
   * SSE): `[event,payload]` written by hand is what JSON.stringify would write.
   */
  publish(event: string, data: string): void {
    // Engine.IO "4" (message) + the Socket.IO event packet.
    this.app?.publish(TOPIC, `4${eventPacket(this.namespace, event, data)}`, false);
  }
}
