import type { Logger } from 'pino';
import type { Namespace, Server } from 'socket.io';
import { EVENT_CATALOG } from '../station/event-catalog.js';
import type { LiveEvents, LiveHub } from '../station/live-hub.js';
import type { LiveMetrics } from '../metrics/metrics.js';
import type { LiveEventLog } from '../station/ports.js';
import { TroubleFold } from '../trouble-fold.js';
import { NativeFanout, POLLING_ROOM } from './native-fanout.js';

export const LIVE_NAMESPACE = '/live';
/** Server-to-server event carrying a broadcast to the other nodes (through the adapter). */
const RELAY = 'live:relay';

/** The SSE feed's part: this node's streams. */
export interface EventStreams {
  /** Writes an event (its payload as JSON text) to this node's streams, under the id the history gave it. */
  deliver(event: string, id: string | undefined, data: string): void;
}

/**
 * The LiveHub the services publish through. An event is first recorded in the shared history,
 * which gives it its id (one store round trip; the store answers in order, so events keep their
 * order), then delivered to this node's clients (the native uWS fan-out for WebSocket clients,
 * Socket.IO itself for long-polling ones, and the SSE streams) and, when the nodes are joined by
 * an adapter, relayed with its id by serverSideEmit to every other node, which delivers it to its
 * own clients: each client gets each event once, under the same id on every node.
 */
export class LiveBroadcaster implements LiveHub {
  readonly fanout = new NativeFanout(LIVE_NAMESPACE);
  private readonly live: Namespace;
  private readonly recording: TroubleFold;
  private readonly relayListeners = new Map<string, Array<() => void>>();

  constructor(
    private readonly io: Server,
    private readonly relaying: boolean,
    private readonly history: LiveEventLog,
    private readonly streams: EventStreams,
    log: Logger,
    private readonly metrics: LiveMetrics,
  ) {
    this.live = io.of(LIVE_NAMESPACE);
    this.recording = TroubleFold.failures(log, {
      failing: 'live events are not recorded for SSE resume (still delivered live); resuming clients get a fresh snapshot',
      recovered: 'live events are recorded again',
    });
    if (relaying) {
      io.on(RELAY, (event: string, payload: unknown, id: string | null) => {
        this.deliverHere(event, payload, id ?? undefined, JSON.stringify(payload));
        for (const listener of this.relayListeners.get(event) ?? []) listener();
      });
    }
  }

  /** Calls `listener` each time another node relays `event` here (this node's state may need a refresh). */
  onRelayed(event: keyof LiveEvents, listener: () => void): void {
    this.relayListeners.set(event, [...(this.relayListeners.get(event) ?? []), listener]);
  }

  publish<E extends keyof LiveEvents>(event: E, payload: LiveEvents[E]): void {
    const rule = EVENT_CATALOG[event];
    if (!rule.live) return; // for the webhooks only (the catalog says who hears what)
    this.metrics.countPublished(event);
    // Serialised once: the history keeps this text and SSE frames are made of it.
    const data = JSON.stringify(payload);
    if (rule.nodeOnly) {
      // About this node (its store is away): its own clients only, no history and no relay.
      this.deliverHere(event, payload, undefined, data);
      return;
    }
    void this.record(event, data).then((id) => {
      this.deliverHere(event, payload, id, data);
      if (this.relaying) this.io.serverSideEmit(RELAY, event, payload, id ?? null);
    });
  }

  /** The event's id from the history, or undefined when the history is unreachable (only resume misses it). Never rejects. */
  private async record(event: string, data: string): Promise<string | undefined> {
    try {
      const id = await this.history.append(event, data);
      this.recording.fine();
      return id;
    } catch (error) {
      this.recording.happened(error);
      return undefined;
    }
  }

  private deliverHere(event: string, payload: unknown, id: string | undefined, data: string): void {
    this.fanout.publish(event, payload);
    this.live.local.to(POLLING_ROOM).emit(event, payload);
    this.streams.deliver(event, id, data);
  }
}
