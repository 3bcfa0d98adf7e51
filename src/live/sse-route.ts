import type { Logger } from 'pino';
import { isAppError } from '../errors.js';
import type { StreamConnection, StreamSession } from '../http/stream-reply.js';
import { defineRoute, type RequestContext, type RouteDefinition, type RouteResult } from '../http/route.js';
import { liveRefusalError, type LiveAdmission, type LiveRefusal } from '../limits/live-refusal.js';
import { encodeSseFrame, type LiveEventLog } from '../station/ports.js';
import type { StationService } from '../station/station-service.js';
import { TroubleFold } from '../trouble-fold.js';
import { DEFAULT_SSE_EVENTS, SSE_PATH } from '../station/event-catalog.js';
import type { PendingStream, SseFeed } from './sse-feed.js';
import { SnapshotFrame } from './sse-snapshot.js';
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

/** A fresh stream's ids: none (only a resume's backlog has some). */
const NO_IDS: ReadonlySet<string> = new Set();

/** A stream that asked for no now playing starts with the newest id only (none while there is no event). */
const idOnly = (newest: string | null): Opening => ({ frames: newest === null ? '' : encodeSseIdOnly(newest), ids: NO_IDS });

/**
 * A stream answer's session: hands the connection to the reserved stream with what it starts
 * with. One small object per stream rather than closures (a stream lives long; thousands open at once).
 */
class SseSession implements StreamSession {
  constructor(
    private readonly pending: PendingStream,
    private readonly first: Opening | null,
  ) {}

  start(connection: StreamConnection): void {
    if (this.first) {
      this.pending.start(connection, this.first.frames, this.first.ids);
      return;
    }
    this.pending.cancel();
    connection.close();
  }

  cancel(): void {
    this.pending.cancel();
  }
}

const streamAnswer = (session: StreamSession): RouteResult => ({ kind: 'stream', status: 200, contentType: EVENT_STREAM, headers: STREAM_HEADERS, session });

/**
 * GET /api/live/events, served by the HTTP edge like every route (CORS, request id, client
 * identity, preflight, 405 and error answers are the edge's). Everything a stream starts with is
 * read before its status line: a client refused (429), or one whose history cannot be read
 * (503 with Retry-After, Redis away), gets a real answer instead of a 200 and an empty stream.
 * A HEAD gets the head of a stream and costs nothing. When all of it is at hand without I/O (the
 * budget counted in this process, the history in memory, the station state held) the stream opens
 * inside the uWS callback, with no promise in between; otherwise it waits for the store.
 */
export function sseRoutes(options: SseRouteOptions): RouteDefinition[] {
  const { feed, admission, eventLog, station } = options;
  const snapshot = new SnapshotFrame(station);
  // The opening of the snapshot last given: the streams of a wave of opens share it (it is only read).
  let fresh: Opening = { frames: '', ids: NO_IDS };
  const freshOpening = (frames: string): Opening => (frames === fresh.frames ? fresh : (fresh = { frames, ids: NO_IDS }));
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
      return idOnly(await eventLog.lastId());
    }
    const [state, newest] = await Promise.all([station.state(), eventLog.lastId()]);
    return freshOpening(snapshot.of(state, newest));
  }

  /** The opening of a fresh stream (no resume) when it is at hand without I/O; undefined when the store must be asked. */
  function openingNow(request: SseRequest): Opening | undefined {
    if (request.lastEventId !== null || !eventLog.lastIdNow) return undefined;
    if (!request.events.has('nowplaying')) return idOnly(eventLog.lastIdNow());
    const state = station.peek();
    return state && freshOpening(snapshot.of(state, eventLog.lastIdNow()));
  }

  /** Admits the client and reads what its stream starts with; the stream is reserved (hearing live events) from before the read. */
  async function prepare(request: SseRequest, ctx: RequestContext, admitted: Promise<LiveRefusal | null> | undefined): Promise<SseSession> {
    const refusal = await (admitted ?? admission.admitStream(ctx.client));
    if (refusal) throw liveRefusalError(refusal);
    const pending = reserve(request, ctx);
    try {
      // Nothing is read for a client that already left (a connect-and-abandon loop costs an open, no read).
      return new SseSession(pending, ctx.aborted ? null : await opening(request, ctx));
    } catch (error) {
      pending.cancel();
      throw error;
    }
  }

  function reserve(request: SseRequest, ctx: RequestContext): PendingStream {
    // The release keeps the client's key only, not the request's context (headers, query): it
    // lives as long as the stream.
    const { client } = ctx;
    return feed.reserve(request.events, () => admission.release(client));
  }

  // Not async: a HEAD, and a stream whose opening is at hand, are answered inside the uWS callback
  // (an answer that waits would stop uWS from answering a request pipelined behind a HEAD).
  function openStream(ctx: RequestContext<{ events?: string; lastEventId?: string }>): RouteResult | Promise<RouteResult> {
    const request = parseSseRequest(ctx.query, ctx.headers['last-event-id'] ?? '');
    // The edge serves HEAD with the GET route (HttpMethod names only what routes declare).
    if ((ctx.method as string) === 'HEAD') return { kind: 'stream', status: 200, contentType: EVENT_STREAM, headers: STREAM_HEADERS, session: NO_STREAM };
    const first = openingNow(request);
    if (!first) return openWhenRead(request, ctx);
    const admitted = admission.admitStream(ctx.client);
    if (admitted instanceof Promise) return openWhenRead(request, ctx, admitted);
    if (admitted) throw liveRefusalError(admitted);
    const session = new SseSession(reserve(request, ctx), first);
    starts.fine();
    return streamAnswer(session);
  }

  async function openWhenRead(request: SseRequest, ctx: RequestContext, admitted?: Promise<LiveRefusal | null>): Promise<RouteResult> {
    let session: SseSession;
    try {
      session = await prepare(request, ctx, admitted);
      starts.fine();
    } catch (error) {
      // Redis away is a state, logged once per change; anything else is a fault the edge logs.
      if (isAppError(error) && error.code === 'UNAVAILABLE') starts.happened(error);
      throw error;
    }
    return streamAnswer(session);
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
      handler: (ctx) => openStream(ctx),
    }),
  ];
}
