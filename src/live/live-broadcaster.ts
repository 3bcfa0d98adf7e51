import type { Namespace, Server } from 'socket.io';
import { EVENT_CATALOG } from '../station/event-catalog.js';
import type { LiveEvents, LiveHub } from '../station/live-hub.js';
import type { LiveMetrics } from '../metrics/metrics.js';
import { NativeFanout, POLLING_ROOM } from './native-fanout.js';

export const LIVE_NAMESPACE = '/live';
/** Server-to-server event carrying a broadcast to the other nodes (through the adapter). */
const RELAY = 'live:relay';

/** The SSE feed's part: every event gets an id from the shared history, and every node's streams get it. */
export interface EventStreams {
  /** Records an event in the resume history; its id, or undefined when the history is unreachable. Never rejects. */
  record(event: string, payload: unknown): Promise<string | undefined>;
  /** Writes an event to this node's streams. */
  deliver(event: string, payload: unknown, id: string | undefined): void;
}

/**
 * The LiveHub the services publish through. An event first gets its id from the history (one
 * store round trip; the store answers in order, so events keep their order), then is delivered
 * to this node's clients (the native uWS fan-out for WebSocket clients, Socket.IO itself for
 * long-polling ones, and the SSE streams) and, when the nodes are joined by an adapter, relayed
 * with its id by serverSideEmit to every other node, which delivers it to its own clients: each
 * client gets each event once, under the same id on every node.
 */
export class LiveBroadcaster implements LiveHub {
  readonly fanout = new NativeFanout(LIVE_NAMESPACE);
  private readonly live: Namespace;

  constructor(
    private readonly io: Server,
    private readonly relaying: boolean,
    private readonly streams: EventStreams,
    private readonly metrics: LiveMetrics,
  ) {
    this.live = io.of(LIVE_NAMESPACE);
    if (relaying) io.on(RELAY, (event: string, payload: unknown, id: string | null) => this.deliverHere(event, payload, id ?? undefined));
  }

  publish<E extends keyof LiveEvents>(event: E, payload: LiveEvents[E]): void {
    if (!EVENT_CATALOG[event].socket) return; // for the webhooks only (the catalog says who hears what)
    this.metrics.countPublished(event);
    void this.streams.record(event, payload).then((id) => {
      this.deliverHere(event, payload, id);
      if (this.relaying) this.io.serverSideEmit(RELAY, event, payload, id ?? null);
    });
  }

  private deliverHere(event: string, payload: unknown, id: string | undefined): void {
    this.fanout.publish(event, payload);
    this.live.local.to(POLLING_ROOM).emit(event, payload);
    this.streams.deliver(event, payload, id);
  }
}
