import { Type } from '@sinclair/typebox';
import { AppError } from '../errors.js';
import { DEFAULT_SSE_EVENTS, SSE_EVENTS } from '../station/event-catalog.js';

const KNOWN = new Set<string>(SSE_EVENTS);
const EVENT_ID = /^[0-9-]{1,40}$/;

/** The query of /api/live/events; other parameters (cache busters some EventSource polyfills add) are ignored. */
export const SseQuerySchema = Type.Object({
  events: Type.Optional(Type.String({ description: `comma-separated event names: ${SSE_EVENTS.join(', ')}` })),
  lastEventId: Type.Optional(Type.String({ description: 'resume after this event id (for clients that cannot send the Last-Event-ID header)' })),
});

export interface SseRequest {
  events: ReadonlySet<string>;
  /** Where a reconnecting client left off (Last-Event-ID, or ?lastEventId= for clients that cannot set headers). */
  lastEventId: string | null;
}

/** Reads what an SSE client asks for; throws VALIDATION_FAILED for an event name we do not send. */
export function parseSseRequest(query: { events?: string; lastEventId?: string }, lastEventIdHeader: string): SseRequest {
  let events: ReadonlySet<string> = new Set(DEFAULT_SSE_EVENTS);
  if (query.events !== undefined) {
    const names = query.events
      .split(',')
      .map((name) => name.trim())
      .filter((name) => name !== '');
    const unknown = names.filter((name) => !KNOWN.has(name));
    if (names.length === 0 || unknown.length > 0) {
      throw new AppError('VALIDATION_FAILED', {
        details: [{ field: 'events', message: `must be a comma-separated list of ${SSE_EVENTS.join(', ')}${unknown.length ? `; unknown: ${unknown.slice(0, 5).join(', ')}` : ''}` }],
      });
    }
    events = new Set(names);
  }
  // An id that is not one of ours (too long, odd characters) is treated as unknown: a fresh snapshot.
  const lastEventId = lastEventIdHeader || query.lastEventId || '';
  return { events, lastEventId: EVENT_ID.test(lastEventId) ? lastEventId : null };
}

/**
 * A frame with an id and no event: EventSource takes the id as its last event id and dispatches
 * nothing (WHATWG HTML, "dispatch the event": an empty data buffer dispatches no event).
 */
export const encodeSseIdOnly = (id: string): string => `id: ${id}\n\n`;
