import type { Logger } from 'pino';
import { isAppError } from '../errors.js';
import type { StreamConnection } from '../http/stream-reply.js';
import { defineRoute, type RequestContext, type RouteDefinition, type RouteResult } from '../http/route.js';
import { liveRefusalError, type LiveAdmission } from '../limits/live-refusal.js';
import { encodeSseFrame, type LiveEventLog } from '../station/ports.js';
import type { StationService } from '../station/station-service.js';
import { TroubleFold } from '../trouble-fold.js';
import { DEFAULT_SSE_EVENTS, SSE_PATH } from '../station/event-catalog.js';
import type { PendingStream, SseFeed } from './sse-feed.js';
import { encodeSseIdOnly, parseSseRequest, SseEventList, SseQuerySchema, type SseRequest } from './sse-request.js';

const EVENT_STREAM = 'text/event-stream; charset=utf-8';
const STREAM_HEADERS = {
  'Cache-Control': 'no-cache, no-transform',
  // nginx would otherwise hold events in its buffer.
  'X-Accel-Buffering': 'no',
};
// A HEAD's session: the edge writes the stream's head and no stream is opened.
const NO_STREAM = { start: () => undefined, cancel: () => undefined };

export interface SseRouteOptions {
  feed: SseFeed;
  admission: LiveAdmission;
  eventLog: LiveEventLog;
  station: StationService;
  /** The most a resume writes of missed events (a client further behind gets the snapshot). */
  maxBacklogBytes: number;
  log: Logger;
}

/** What a stream starts with: the frames, and the ids among them (live events that came meanwhile with those ids are not sent twice). */
interface Opening {
  frames: string;
  ids: ReadonlySet<string>;
}

/**
 * GET /api/live/events, served by the HTTP edge like every route (CORS, request id, client
 * identity, preflight, 405 and error answers are the edge's). Everything a stream starts with is
 * read before its status line: a client refused (429), or one whose history cannot be read
 * (503 with Retry-After, Redis away), gets a real answer instead of a 200 and an empty stream.
 * A HEAD gets the head of a stream and costs nothing.
 */
export function sseRoutes(options: SseRouteOptions): RouteDefinition[] {
  const { feed, admission, eventLog, station } = options;
  const starts = TroubleFold.failures(options.log, {
    failing: 'SSE streams cannot start: answering 503 until the event history and station state can be read',
    recovered: 'SSE streams start again',
  });

  /**
   * The missed events when they can be given exactly within the bound, else the current now
   * playing under the newest id when now playing is among the events asked for (`?events=` sends
   * only what was asked: a chat-only stream starts with the newest id and no event).
   */
  async function opening(request: SseRequest, ctx: RequestContext): Promise<Opening | null> {
    if (request.lastEventId !== null) {
      const missed = await eventLog.since(request.lastEventId, { events: request.events, maxBytes: options.maxBacklogBytes });
      if (missed !== null) return { frames: missed.map((e) => encodeSseFrame(e.event, e.data, e.id)).join(''), ids: new Set(missed.map((e) => e.id)) };
      if (ctx.aborted) return null;
    }
    if (!request.events.has('nowplaying')) {
      // Nothing the client did not ask for: only the newest id, which a resume from here starts after.
      const newest = await eventLog.lastId();
      return { frames: newest === null ? '' : encodeSseIdOnly(newest), ids: new Set() };
    }
    const [nowPlaying, newest] = await Promise.all([station.nowPlaying(), eventLog.lastId()]);
    return { frames: encodeSseFrame('nowplaying', JSON.stringify(nowPlaying), newest ?? undefined), ids: new Set() };
  }

  /** Admits the client and reads what its stream starts with; the stream is reserved (hearing live events) from before the read. */
  async function prepare(request: SseRequest, ctx: RequestContext): Promise<{ pending: PendingStream; first: Opening | null }> {
    const refusal = await admission.admitStream(ctx.client);
    if (refusal) throw liveRefusalError(refusal);
    // The release keeps the client's key only, not the request's context (headers, query): it
    // lives as long as the stream.
    const { client } = ctx;
    const pending = feed.reserve(request.events, () => admission.release(client));
    try {
      // Nothing is read for a client that already left (a connect-and-abandon loop costs an open, no read).
      return { pending, first: ctx.aborted ? null : await opening(request, ctx) };
    } catch (error) {
      pending.cancel();
      throw error;
    }
  }

  // Not async: a HEAD is answered inside the uWS callback (an answer that waits would stop uWS
  // from answering a request pipelined behind it).
  function open(ctx: RequestContext<{ events?: string; lastEventId?: string }>): RouteResult | Promise<RouteResult> {
    const request = parseSseRequest(ctx.query, ctx.headers['last-event-id'] ?? '');
    // The edge serves HEAD with the GET route (HttpMethod names only what routes declare).
    if ((ctx.method as string) === 'HEAD') return { kind: 'stream', status: 200, contentType: EVENT_STREAM, headers: STREAM_HEADERS, session: NO_STREAM };
    return openStream(request, ctx);
  }

  async function openStream(request: SseRequest, ctx: RequestContext): Promise<RouteResult> {
    let prepared: Awaited<ReturnType<typeof prepare>>;
    try {
      prepared = await prepare(request, ctx);
      starts.fine();
    } catch (error) {
      // Redis away is a state, logged once per change; anything else is a fault the edge logs.
      if (isAppError(error) && error.code === 'UNAVAILABLE') starts.happened(error);
      throw error;
    }
    const { pending, first } = prepared;
    const start = (connection: StreamConnection) => {
      if (first) {
        pending.start(connection, first.frames, first.ids);
        return;
      }
      pending.cancel();
      connection.close();
    };
    return { kind: 'stream', status: 200, contentType: EVENT_STREAM, headers: STREAM_HEADERS, session: { start, cancel: () => pending.cancel() } };
  }

  return [
    defineRoute({
      method: 'GET',
      path: SSE_PATH,
      summary: 'Server-Sent Events of the live events',
      about: `Sends ${DEFAULT_SSE_EVENTS.join(', ')} by default, or exactly the events named in \`events\` (chat:message and chat:deleted only when asked); a stream that includes nowplaying starts with the current now playing. Payloads are in the AsyncAPI document (/api/asyncapi.json). Streams open at once per client, and streams opened per window, are limited (429 with Retry-After).`,
      headers: ['last-event-id'],
      produces: { mediaTypes: ['text/event-stream'], description: 'an open stream of the live events, one frame each (the AsyncAPI document says each payload)' },
      answerHeaders: { 'Cache-Control': 'always `no-cache, no-transform`: never cached, never transformed', 'X-Accel-Buffering': 'always `no`: tells nginx not to buffer the stream' },
      errors: ['RATE_LIMITED'],
      query: SseQuerySchema,
      queryLists: { events: SseEventList },
      handler: (ctx) => open(ctx),
    }),
  ];
}
