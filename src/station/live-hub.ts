import type { ChatMessage, SongRequest } from './model.js';
import type { StationService } from './station-service.js';

/** What services announce to live clients (API.md "Live"); payloads are the REST shapes. */
export interface LiveEvents {
  nowplaying: ReturnType<StationService['nowPlayingOf']>;
  listeners: { current: number; peak_today: number };
  status: ReturnType<StationService['statusOf']>;
  'chat:message': ChatMessage;
  'chat:deleted': { id: string };
  'request:new': SongRequest;
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

/** Used until a live transport is attached: changes are stored and served by REST only. */
export const silentLiveHub: LiveHub = { publish: () => undefined };
