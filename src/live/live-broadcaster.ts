import type { Logger } from 'pino';
import { RedisAdapter } from '@socket.io/redis-adapter';
import type { Namespace, Server } from 'socket.io';
import { EVENT_CATALOG } from '../station/event-catalog.js';
import type { LiveEvents, LiveHub, LiveStep } from '../station/live-hub.js';
import type { LiveMetrics } from '../metrics/metrics.js';
import type { LiveEventLog } from '../station/ports.js';
import { TroubleFold } from '../trouble-fold.js';
import { NativeFanout, POLLING_ROOM } from './native-fanout.js';

export const LIVE_NAMESPACE = '/live';
/** Server-to-server event carrying a broadcast to the other nodes (through the adapter). */
const RELAY = 'live:relay';
/** The Redis adapter's request type of a serverSideEmit without acknowledgement (its RequestType.SERVER_SIDE_EMIT). */
const SERVER_SIDE_EMIT = 6;

interface Delivery {
  event: string;
  payload: unknown;
  id: string | undefined;
  data: string;
}

/** The SSE feed's part: this node's streams. */
export interface EventStreams {
  /** Writes an event (its payload as JSON text) to this node's streams, under the id the history gave it. */
  deliver(event: string, id: string | undefined, data: string): void;
}

/**
 * The LiveHub the services publish through. An event is first recorded in the shared history,
 * which gives it its id (one store round trip; the store answers in order, so events keep their
 * order). Then, when the nodes are joined by an adapter, it is relayed with its id by
 * serverSideEmit to every other node first, so they fan out while this one does; and delivered to
 * this node's clients (the native uWS fan-out for WebSocket clients, Socket.IO itself for
 * long-polling ones, and the SSE streams), which deliver it to their own clients: each client gets
 * each event once, under the same id on every node.
 *
 * Local delivery is never done where the event was made: a publish usually runs inside a uWS
 * request callback (the chat POST), where that request's socket holds the loop's one cork, no
 * other socket can be corked, and every SSE write would leave as several sends (chunk size, data,
 * trailer). Deliveries wait in a queue, in order, for the next turn of the loop (setImmediate,
 * outside every uWS callback), where each stream's write is corked: one send per client per frame.
 */
export class LiveBroadcaster implements LiveHub {
  readonly fanout = new NativeFanout(LIVE_NAMESPACE);
  private readonly live: Namespace;
  private readonly recording: TroubleFold;
  private readonly relayListeners = new Map<string, Array<() => void>>();
  /** Deliveries waiting for the next turn of the loop, in the order they came. */
  private pending: Delivery[] = [];
  private readonly flush = () => this.deliverPending();

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
        // Through the same queue as this node's own events: clients see one order of ids.
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
      // Relay first: the other nodes' fan-outs then run beside this one's, not after it.
      if (this.relaying) this.io.serverSideEmit(RELAY, event, payload, id ?? null);
      this.deliverHere(event, payload, id, data);
    });
  }

  /**
   * How a store step may record and relay an event itself (LiveStep), or null when it may not:
   * the relay goes through an adapter whose message only Socket.IO writes (the sharded one, on a
   * Cluster). The message is the one serverSideEmit publishes, with this node's uid, so that the
   * other nodes take it as from this one and this node ignores its own.
   */
  storeStep(): LiveStep | null {
    if (!this.relaying) return { relay: null };
    const adapter = this.io.of('/').adapter;
    if (!(adapter instanceof RedisAdapter)) return null;
    const channel = (adapter as unknown as { requestChannel?: unknown }).requestChannel;
    const uid: unknown = adapter.uid;
    if (typeof channel !== 'string' || typeof uid !== 'string') return null;
    return { relay: { channel, head: `{"uid":${JSON.stringify(uid)},"type":${SERVER_SIDE_EMIT},"data":[${JSON.stringify(RELAY)},`, tail: ']}' } };
  }

  publishRecorded<E extends keyof LiveEvents>(event: E, payload: LiveEvents[E], id: string): void {
    if (!EVENT_CATALOG[event].live) return;
    this.metrics.countPublished(event);
    this.recording.fine();
    this.deliverHere(event, payload, id, JSON.stringify(payload));
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

  /** Queues the event for this node's clients; the queue is written out on the next turn of the loop. */
  private deliverHere(event: string, payload: unknown, id: string | undefined, data: string): void {
    const { pending } = this;
    // In the history's order: events recorded by a store step come back on other connections
    // (the song request's durable one) or down a shorter chain of promises than the hub's own
    // appends, so one that Redis numbered later may arrive first within the same turn.
    let at = pending.length;
    while (id !== undefined && at > 0 && laterId(pending[at - 1]!.id, id)) at--;
    pending.splice(at, 0, { event, payload, id, data });
    if (pending.length === 1) setImmediate(this.flush);
  }

  private deliverPending(): void {
    const deliveries = this.pending;
    this.pending = [];
    for (const { event, payload, id, data } of deliveries) {
      this.fanout.publish(event, data);
      // Socket.IO encodes the packet (and publishes it to a topic of its own) even for an empty
      // room: long-polling clients are rare once the websocket upgrade is done.
      if (this.live.adapter.rooms.has(POLLING_ROOM)) this.live.local.to(POLLING_ROOM).emit(event, payload);
      this.streams.deliver(event, id, data);
    }
  }
}

/** Whether history id `a` (Redis stream ids, `ms-seq`) comes after `b`; an event without one (not recorded) stays where it is. */
function laterId(a: string | undefined, b: string): boolean {
  if (a === undefined) return false;
  const dashA = a.indexOf('-');
  const dashB = b.indexOf('-');
  const msA = Number(a.slice(0, dashA));
  const msB = Number(b.slice(0, dashB));
  return msA !== msB ? msA > msB : Number(a.slice(dashA + 1)) > Number(b.slice(dashB + 1));
}
