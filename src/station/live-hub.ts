import type { EventPayloads } from './event-catalog.js';

/** What services announce, event name → payload (the REST shapes): derived from the event catalog. */
export type LiveEvents = EventPayloads;

/**
 * The one port through which every service says "this changed", after the change is stored.
 * Services never import Socket.IO; the live broadcaster and the webhook dispatcher implement it,
 * each delivering what the catalog sends its way.
 */
export interface LiveHub {
  publish<E extends keyof LiveEvents>(event: E, payload: LiveEvents[E]): void;
}

/** One event with its payload, as a service hands it over to be published. */
export type LiveEvent = { [E in keyof LiveEvents]: { event: E; payload: LiveEvents[E] } }[keyof LiveEvents];

/** Publishes a list of events in order. */
export function publishAll(live: LiveHub, events: readonly LiveEvent[]): void {
  for (const { event, payload } of events) live.publish<keyof LiveEvents>(event, payload);
}
