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
  /**
   * An event the store step that made it already recorded in the shared history (under `id`)
   * and relayed to the other nodes (`LiveStep`): only this node's own deliveries are left.
   */
  publishRecorded<E extends keyof LiveEvents>(event: E, payload: LiveEvents[E], id: string): void;
}

/**
 * What a store step needs to record a live event and relay it itself, inside its own one round
 * trip (the chat post, the song request on Redis), instead of the hub doing it in two more. The
 * relay message is `head`, then the event's name, its payload and its id as JSON array items
 * (`"chat:message",{...},"1700000000000-0"`), then `tail`, published on `channel`: exactly what
 * the other nodes' relay reads. `relay` null: there are no other nodes to tell.
 */
export interface LiveStep {
  readonly relay: { readonly channel: string; readonly head: string; readonly tail: string } | null;
}

/** One event with its payload, as a service hands it over to be published. */
export type LiveEvent = { [E in keyof LiveEvents]: { event: E; payload: LiveEvents[E] } }[keyof LiveEvents];

/** Publishes a list of events in order. */
export function publishAll(live: LiveHub, events: readonly LiveEvent[]): void {
  for (const { event, payload } of events) live.publish<keyof LiveEvents>(event, payload);
}
