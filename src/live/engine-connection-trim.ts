import type { EventEmitter } from 'node:events';

/**
 * The parts of an engine.io (6.6, checked against 6.6.12) WebSocket connection compacted here:
 * its transport's listeners, and its list of transport clean-ups.
 */
export interface EngineWebSocketConnection {
  transport: EventEmitter & { name: string };
  cleanupFn: Array<() => void>;
}

/** Node's own record of an emitter's listeners: one function, or an array of them, per event. */
interface ListenerTable {
  _events?: Record<string | symbol, unknown>;
}

/**
 * The transport events engine.io's Socket listens to (setTransport). engine.io's handshake also
 * adds a `headers` listener, a closure per connection that only the long-polling transport ever
 * calls (a WebSocket's upgrade headers are emitted on the server).
 */
export const TRANSPORT_EVENTS = ['error', 'ready', 'packet', 'drain', 'close'] as const;

/**
 * Compacts what engine.io keeps for the life of a WebSocket connection, with the same behaviour:
 * - the transport's listener table: Node keeps an emitter's listeners in a dictionary sized by
 *   how many event names it has held; six names (with `headers`) take ~450 bytes, five ~250. The
 *   listeners are taken off and put back without `headers`, in the same order (once-listeners
 *   stay once-listeners: their wrappers are put back);
 * - the connection's `close` listeners: engine.io's, Socket.IO's and ours (the admission's
 *   release), three in an array that Node grew by `push` to room for 19 (~160 bytes); the copy has
 *   room for three. Node's `_events` is reached into for this (no method replaces a list whole); a
 *   list Node would not have made (anything but an array of functions) is left alone;
 * - `cleanupFn`: one function, in an array grown by `push` to room for 17 (~150 bytes); the copy
 *   has room for one. engine.io only shifts from it (and pushes on a transport upgrade, which a
 *   WebSocket never has).
 * A transport listening to anything else is left as it is (an engine.io upgrade that adds an
 * event must not lose it); test/live/socket-io-shapes.test.ts fails if these shapes change.
 */
export function trimWebSocketConnection(connection: EngineWebSocketConnection): void {
  const transport = connection.transport;
  const events = transport.eventNames();
  const expected = events.length === TRANSPORT_EVENTS.length + 1 && events.includes('headers') && TRANSPORT_EVENTS.every((event) => events.includes(event));
  if (expected) rebuildWithout(transport);
  connection.cleanupFn = connection.cleanupFn.slice();
  const table = (connection as unknown as ListenerTable)._events;
  const closeListeners = table?.close;
  if (Array.isArray(closeListeners) && closeListeners.every((listener) => typeof listener === 'function')) table!.close = closeListeners.slice();
}

/** Takes every listener off the transport and puts those of TRANSPORT_EVENTS back, in order: a fresh, smaller table. */
function rebuildWithout(transport: EventEmitter): void {
  const kept = TRANSPORT_EVENTS.map((event) => [event, transport.rawListeners(event) as Array<(...args: unknown[]) => void>] as const);
  transport.removeAllListeners();
  for (const [event, listeners] of kept) for (const listener of listeners) transport.on(event, listener);
}
