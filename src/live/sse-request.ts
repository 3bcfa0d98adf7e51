import { randomUUID } from 'node:crypto';
import { AppError } from '../errors.js';
import { DEFAULT_SSE_EVENTS, SSE_EVENTS } from '../station/event-catalog.js';

const KNOWN = new Set<string>(SSE_EVENTS);
const EVENT_ID = /^[0-9-]{1,40}$/;
const ACCEPTABLE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

export interface SseRequest {
  events: ReadonlySet<string>;
  /** Where a reconnecting client left off (Last-Event-ID, or ?lastEventId= for clients that cannot set headers). */
  lastEventId: string | null;
  requestId: string;
}

/** Reads what an SSE client asks for; throws VALIDATION_FAILED for an event name we do not send. */
export function parseSseRequest(rawQuery: string, headers: { lastEventId: string; requestId: string }): SseRequest {
  const query = new URLSearchParams(rawQuery);
  const asked = query.get('events');
  let events: ReadonlySet<string> = new Set(DEFAULT_SSE_EVENTS);
  if (asked !== null) {
    const names = asked
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
  const lastEventId = headers.lastEventId || query.get('lastEventId') || '';
  return {
    events,
    lastEventId: EVENT_ID.test(lastEventId) ? lastEventId : null,
    requestId: sseRequestId(headers.requestId),
  };
}

/** The client's X-Request-Id when short and plain (it goes into logs and headers), else a new one. */
export function sseRequestId(header: string): string {
  return ACCEPTABLE_REQUEST_ID.test(header) ? header : randomUUID();
}

/** CORS as for the live clients (server.corsOrigins): "*" or the listed origins, echoed. */
export function sseCorsHeaders(origins: readonly string[], origin: string): Array<[string, string]> {
  if (origins.includes('*')) return [['Access-Control-Allow-Origin', '*']];
  if (origin && origins.includes(origin))
    return [
      ['Access-Control-Allow-Origin', origin],
      ['Vary', 'Origin'],
    ];
  return [['Vary', 'Origin']];
}

/** One SSE message; JSON never contains a raw newline, so `data` is one line. */
export function encodeSseFrame(event: string, payload: unknown, id: string | undefined): Buffer {
  return Buffer.from(`${id === undefined ? '' : `id: ${id}\n`}event: ${event}\ndata: ${JSON.stringify(payload)}\n\n`);
}
