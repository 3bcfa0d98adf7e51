import { Type } from '@sinclair/typebox';
import { AppError } from '../errors.js';
import { DEFAULT_SSE_EVENTS, SSE_EVENTS } from '../station/event-catalog.js';

const KNOWN = new Set<string>(SSE_EVENTS);
const DEFAULT_EVENTS: ReadonlySet<string> = new Set(DEFAULT_SSE_EVENTS);
const EVENT_ID = /^[0-9-]{1,40}$/;

/** The query of /api/live/events; other parameters (cache busters some EventSource polyfills add) are ignored. */
/** What `events` holds once split: one or more of the SSE events (the OpenAPI document's form of it). */
export const SseEventList = Type.Array(Type.Union(SSE_EVENTS.map((name) => Type.Literal(name))), { minItems: 1 });

export const SseQuerySchema = Type.Object({
  events: Type.Optional(Type.String({ description: `comma-separated event names: ${SSE_EVENTS.join(', ')}` })),
  lastEventId: Type.Optional(Type.String({ description: 'resume after this event id (for clients that cannot send the Last-Event-ID header)' })),
});

export interface SseRequest {
  events: ReadonlySet<string>;
  /** Where a reconnecting client left off (Last-Event-ID, or ?lastEventId= for clients that cannot set headers). */
  lastEventId: string | null;
}

/**
 * One set per choice of events, shared by every stream that asked for it (a stream lives long; a
 * set per stream costs ~150 bytes of each). Bounded: only known names get here, so there are at
 * most 2^(number of SSE events) keys.
 */
const eventSets = new Map<string, ReadonlySet<string>>();
function eventSet(names: readonly string[]): ReadonlySet<string> {
  const key = [...new Set(names)].sort().join(',');
  let set = eventSets.get(key);
  if (!set) {
    set = new Set(names);
    eventSets.set(key, set);
  }
  return set;
}

/**
 * The sets of the `events` texts seen most (clients of one app send the same text on every open):
 * a lookup instead of splitting, checking and sorting the names on each of thousands of opens.
 * Bounded: any text can be sent, so past SEEN_TEXTS new ones are parsed and not remembered.
 */
const SEEN_TEXTS = 64;
const setsOfText = new Map<string, ReadonlySet<string>>();

function eventsOf(text: string): ReadonlySet<string> {
  const seen = setsOfText.get(text);
  if (seen) return seen;
  const names = text
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '');
  const unknown = names.filter((name) => !KNOWN.has(name));
  if (names.length === 0 || unknown.length > 0) {
    throw new AppError('VALIDATION_FAILED', {
      details: [{ field: 'events', message: `must be a comma-separated list of ${SSE_EVENTS.join(', ')}${unknown.length ? `; unknown: ${unknown.slice(0, 5).join(', ')}` : ''}` }],
    });
  }
  const events = eventSet(names);
  if (setsOfText.size < SEEN_TEXTS) setsOfText.set(text, events);
  return events;
}

/** Reads what an SSE client asks for; throws VALIDATION_FAILED for an event name we do not send. */
export function parseSseRequest(query: { events?: string; lastEventId?: string }, lastEventIdHeader: string): SseRequest {
  const events = query.events === undefined ? DEFAULT_EVENTS : eventsOf(query.events);
  // An id that is not one of ours (too long, odd characters) is treated as unknown: a fresh snapshot.
  const lastEventId = lastEventIdHeader || query.lastEventId || '';
  return { events, lastEventId: EVENT_ID.test(lastEventId) ? lastEventId : null };
}

/**
 * A frame with an id and no event: EventSource takes the id as its last event id and dispatches
 * nothing (WHATWG HTML, "dispatch the event": an empty data buffer dispatches no event).
 */
export const encodeSseIdOnly = (id: string): string => `id: ${id}\n\n`;
