import type { Namespace, Server } from 'socket.io';
import type { LiveEvents, LiveHub } from '../station/live-hub.js';
import { NativeFanout, POLLING_ROOM } from './native-fanout.js';

export const LIVE_NAMESPACE = '/live';
/** Server-to-server event carrying a broadcast to the other nodes (through the adapter). */
const RELAY = 'live:relay';

/** Told of every event delivered on this node (other live transports, metrics). */
export type DeliveryListener = (event: string, payload: unknown) => void;

/**
 * The LiveHub the services publish through. An event is delivered to this node's clients (the
 * native uWS fan-out for WebSocket clients, Socket.IO itself for long-polling ones) and, when the
 * nodes are joined by an adapter, relayed with serverSideEmit to every other node, which delivers
 * it to its own clients: each client gets each event once.
 */
export class LiveBroadcaster implements LiveHub {
  readonly fanout = new NativeFanout(LIVE_NAMESPACE);
  private readonly live: Namespace;
  private readonly listeners: DeliveryListener[] = [];

  constructor(
    private readonly io: Server,
    private readonly relaying: boolean,
  ) {
    this.live = io.of(LIVE_NAMESPACE);
    if (relaying) io.on(RELAY, (event: string, payload: unknown) => this.deliverHere(event, payload));
  }

  publish<E extends keyof LiveEvents>(event: E, payload: LiveEvents[E]): void {
    this.deliverHere(event, payload);
    if (this.relaying) this.io.serverSideEmit(RELAY, event, payload);
  }

  /** Adds a listener told of every event delivered on this node. */
  onDelivery(listener: DeliveryListener): void {
    this.listeners.push(listener);
  }

  private deliverHere(event: string, payload: unknown): void {
    this.fanout.publish(event, payload);
    this.live.local.to(POLLING_ROOM).emit(event, payload);
    for (const listener of this.listeners) listener(event, payload);
  }
}
