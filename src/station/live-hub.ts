import type { ChatMessage, NowPlaying, SongRequest, StationStatus } from './model.js';

/** What services announce to live clients (API.md "Live"); payloads are the REST shapes. */
export interface LiveEvents {
  nowplaying: NowPlaying;
  listeners: { current: number; peak_today: number };
  status: StationStatus;
  'chat:message': ChatMessage;
  'chat:deleted': { id: string };
  'request:new': SongRequest;
  /** A pending request whose song has started (the poller marked it played). */
  'request:played': SongRequest;
  /** A request left the queue: played (on air or marked by staff) or rejected. */
  'request:updated': SongRequest;
}

/**
 * The one port through which a service says "this changed". Services never import Socket.IO;
 * the live hub implements this and fans out to every node.
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
