import { STATUS_CODES } from 'node:http';
import type { Logger } from 'pino';
import type { HttpRequest, HttpResponse, TemplatedApp } from 'uWebSockets.js';
import { connectionCloseOf, endWithBody, endWithoutBody, queryOf, type ConnectionClose } from '../http/uws.js';
import type { Config } from '../config/schema.js';
import type { Client } from '../limits/client-identity.js';
import type { ConnectionCap } from '../limits/connection-cap.js';
import { AppError } from '../errors.js';
import { toErrorAnswer } from '../error-answer.js';
import type { LiveEventLog } from '../station/ports.js';
import type { StationService } from '../station/station-service.js';
import { encodeSseFrame, parseSseRequest, sseCorsHeaders, sseRequestId, type SseRequest } from './sse-request.js';

export const SSE_PATH = '/api/live/events';
const HEARTBEAT = Buffer.from(':\n\n');

export interface SseFeedOptions {
  settings: Readonly<Config['live']['sse']>;
  corsOrigins: readonly string[];
  /** The live clients' identity and connection cap: a stream counts like a socket. */
  gate: { clientOf(peer: string, forwardedFor: string): Client; readonly connections: ConnectionCap };
  eventLog: LiveEventLog;
  log: Logger;
}

/** An event to write; the snapshot has no id of its own when the history is empty or unreachable. */
interface Outgoing {
  id: string | undefined;
  event: string;
  payload: unknown;
}

/** What the feed keeps of a request: read inside the uWS callback. */
interface Incoming {
  rawQuery: string;
  headers: { lastEventId: string; requestId: string };
  origin: string;
  client: Client;
  connection: ConnectionClose;
}

interface Queued {
  id: string | undefined;
  frame: Buffer;
}

interface SseClient {
  readonly res: HttpResponse;
  readonly ip: string;
  /** The client key its connection is counted under. */
  readonly client: string;
  readonly events: ReadonlySet<string>;
  /**
   * starting: the snapshot or the missed events are being read; live events wait in `queue`.
   * open: written straight through. backpressured: uWS holds unsent bytes; live events wait in
   * `queue` until onWritable. closed: gone; `res` must not be touched again.
   */
  state: 'starting' | 'open' | 'backpressured' | 'closed';
  queue: Queued[];
  queuedBytes: number;
}

/**
 * The Server-Sent Events feed of live events on the uWS app, for websites, speakers and bots
 * without a Socket.IO client. The live hub hands it every event delivered on this node (already
 * relayed across nodes, with the id the history gave it at publish), so it is one more local
 * fan-out next to the WebSocket one. HTTP responses have no native publish in uWS: each event is
 * encoded once and written to each stream, corked.
 *
 * A reader that does not keep up is never buffered without bound: once uWS reports backpressure
 * its events queue here, counted, and past `maxBufferedBytes` the connection is closed; the
 * client reconnects and resumes from the history with Last-Event-ID.
 */
export class SseFeed {
  private readonly clients = new Set<SseClient>();
  private heartbeat: NodeJS.Timeout | null = null;
  private readonly retry: Buffer;

  constructor(private readonly options: SseFeedOptions) {
    this.retry = Buffer.from(`retry: ${options.settings.retryMs}\n\n`);
  }

  /** Streams open on this node. */
  get connections(): number {
    return this.clients.size;
  }

  /** Serves the feed on `app` (a specific route: uWS prefers it over the edge's catch-all). */
  attach(app: TemplatedApp, station: StationService): void {
    app.get(SSE_PATH, (res, req) => {
      // Everything from `req` is read now: it dies with this callback.
      const incoming = this.incoming(res, req);
      this.open(res, incoming, station);
    });
    app.options(SSE_PATH, (res, req) => {
      const cors = sseCorsHeaders(this.options.corsOrigins, req.getHeader('origin'));
      res.writeStatus('204 No Content');
      for (const [name, value] of cors) res.writeHeader(name, value);
      res.writeHeader('Access-Control-Allow-Methods', 'GET, HEAD, OPTIONS');
      res.writeHeader('Access-Control-Allow-Headers', 'Last-Event-ID, Cache-Control, X-Request-Id');
      res.writeHeader('Access-Control-Max-Age', '600');
      endWithoutBody(res, undefined, connectionCloseOf(req));
    });
    // HEAD: what GET would answer, without a body (and without opening a stream). Any other
    // method: 405 naming the ones served, as the REST edge answers.
    app.any(SSE_PATH, (res, req) => {
      if (req.getCaseSensitiveMethod().toUpperCase() === 'HEAD') {
        this.head(res, this.incoming(res, req));
        return;
      }
      const cors = sseCorsHeaders(this.options.corsOrigins, req.getHeader('origin'));
      const refusal = new AppError('METHOD_NOT_ALLOWED', { headers: { Allow: 'GET, HEAD, OPTIONS' } });
      this.refuse(res, refusal, cors, sseRequestId(req.getHeader('x-request-id')), connectionCloseOf(req));
    });
    const every = this.options.settings.heartbeatSeconds * 1000;
    this.heartbeat = setInterval(() => this.beat(), every);
    this.heartbeat.unref();
  }

  /**
   * Records an event in the history and resolves with its id, or undefined when the history is
   * unreachable (the event is still delivered live; only resume misses it). Never rejects.
   */
  record(event: string, payload: unknown): Promise<string | undefined> {
    return this.options.eventLog.append(event, payload).catch((error: unknown) => {
      this.options.log.warn({ err: error, event }, 'live event not recorded for SSE resume');
      return undefined;
    });
  }

  /** Writes an event to every stream on this node that asked for it. */
  deliver(event: string, payload: unknown, id: string | undefined): void {
    if (this.clients.size === 0) return;
    let frame: Buffer | undefined;
    for (const client of this.clients) {
      if (!client.events.has(event)) continue;
      frame ??= encodeSseFrame(event, payload, id);
      this.send(client, { id, frame });
    }
  }

  /** Ends every stream (clients reconnect, to another node) and stops the heartbeat. */
  close(): void {
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.heartbeat = null;
    for (const client of [...this.clients]) {
      this.forget(client);
      client.res.cork(() => client.res.end());
    }
  }

  /** Everything the feed needs from `req` (it dies with the uWS callback). */
  private incoming(res: HttpResponse, req: HttpRequest): Incoming {
    const headers = { lastEventId: req.getHeader('last-event-id'), requestId: req.getHeader('x-request-id') };
    const peer = Buffer.from(res.getRemoteAddressAsText()).toString('latin1');
    const client = this.options.gate.clientOf(peer, req.getHeader('x-forwarded-for'));
    return { rawQuery: queryOf(req), headers, origin: req.getHeader('origin'), client, connection: connectionCloseOf(req) };
  }

  /** HEAD: the headers GET would answer with (its refusal's, or the stream's), and no body. */
  private head(res: HttpResponse, incoming: Incoming): void {
    const cors = sseCorsHeaders(this.options.corsOrigins, incoming.origin);
    let request: SseRequest;
    try {
      request = parseSseRequest(incoming.rawQuery, incoming.headers);
    } catch (error) {
      this.refuse(res, error, cors, sseRequestId(incoming.headers.requestId), incoming.connection, true);
      return;
    }
    this.writeStreamHead(res, request.requestId, cors);
    endWithoutBody(res, undefined, incoming.connection);
  }

  private writeStreamHead(res: HttpResponse, requestId: string, cors: Array<[string, string]>): void {
    res.writeStatus('200 OK');
    res.writeHeader('Content-Type', 'text/event-stream; charset=utf-8');
    res.writeHeader('Cache-Control', 'no-cache, no-transform');
    // nginx would otherwise hold events in its buffer.
    res.writeHeader('X-Accel-Buffering', 'no');
    res.writeHeader('X-Request-Id', requestId);
    for (const [name, value] of cors) res.writeHeader(name, value);
  }

  private open(res: HttpResponse, incoming: Incoming, station: StationService): void {
    const { log } = this.options;
    const cors = sseCorsHeaders(this.options.corsOrigins, incoming.origin);
    let request: SseRequest;
    try {
      request = parseSseRequest(incoming.rawQuery, incoming.headers);
    } catch (error) {
      this.refuse(res, error, cors, sseRequestId(incoming.headers.requestId), incoming.connection);
      return;
    }
    // The one place SSE connections are counted against the per-address cap of live clients.
    if (!this.options.gate.connections.tryOpen(incoming.client.key)) {
      const refusal = new AppError('RATE_LIMITED', { message: 'Too many live connections from this address.', retryAfterSeconds: 60 });
      this.refuse(res, refusal, cors, request.requestId, incoming.connection);
      return;
    }
    const client: SseClient = { res, ip: incoming.client.ip, client: incoming.client.key, events: request.events, state: 'starting', queue: [], queuedBytes: 0 };
    // Registered before anything else: after an abort, touching `res` would end the process.
    res.onAborted(() => this.forget(client));
    res.onWritable(() => this.drain(client));
    this.writeStreamHead(res, request.requestId, cors);
    res.write(this.retry);
    this.clients.add(client);
    this.catchUp(client, request.lastEventId, station).catch((error: unknown) => {
      log.warn({ err: error }, 'SSE stream could not start; the client will retry');
      if (client.state === 'closed') return;
      this.forget(client);
      client.res.cork(() => client.res.end());
    });
  }

  /** Sends what the client missed (or, when that is unknowable, the current now playing), then opens the stream. */
  private async catchUp(client: SseClient, lastEventId: string | null, station: StationService): Promise<void> {
    const { eventLog } = this.options;
    const missed = lastEventId === null ? null : await eventLog.since(lastEventId);
    let backlog: Outgoing[];
    if (missed !== null) {
      backlog = missed.filter((event) => client.events.has(event.event));
    } else {
      // The snapshot carries the newest id, so a reconnect resumes from here.
      const [nowPlaying, newest] = await Promise.all([station.nowPlaying(), eventLog.lastId().catch(() => null)]);
      backlog = [{ id: newest ?? undefined, event: 'nowplaying', payload: nowPlaying }];
    }
    if (client.state === 'closed') return;
    const written = new Set(backlog.map((event) => event.id));
    // Live events that came in meanwhile, minus those the history already returned.
    const live = client.queue.filter((queued) => queued.id === undefined || !written.has(queued.id)).map((queued) => queued.frame);
    const chunk = Buffer.concat([...backlog.map((event) => encodeSseFrame(event.event, event.payload, event.id)), ...live]);
    client.queue = [];
    client.queuedBytes = 0;
    client.state = 'open';
    this.write(client, chunk);
  }

  private send(client: SseClient, queued: Queued): void {
    if (client.state === 'open') {
      this.write(client, queued.frame);
      return;
    }
    if (client.state === 'closed') return;
    client.queue.push(queued);
    client.queuedBytes += queued.frame.length;
    if (client.queuedBytes > this.options.settings.maxBufferedBytes) {
      this.options.log.info({ ip: client.ip, queuedBytes: client.queuedBytes }, 'SSE client dropped: it does not read fast enough');
      this.forget(client);
      client.res.close();
    }
  }

  private write(client: SseClient, chunk: Buffer): void {
    const sent = this.corkedWrite(client, chunk);
    // uWS keeps the unsent rest of this chunk (bounded by its size); later ones wait in our queue.
    if (!sent) client.state = 'backpressured';
  }

  /** uWS says the socket can take more: write what waited (which also flushes uWS's own rest). */
  private drain(client: SseClient): boolean {
    if (client.state !== 'backpressured') return true;
    const chunk = client.queue.length > 0 ? Buffer.concat(client.queue.map((queued) => queued.frame)) : HEARTBEAT;
    client.queue = [];
    client.queuedBytes = 0;
    const sent = this.corkedWrite(client, chunk);
    if (sent) client.state = 'open';
    return sent;
  }

  /** One write, corked (it may come from async code); false when uWS reports backpressure. */
  private corkedWrite(client: SseClient, chunk: Buffer): boolean {
    const result = { sent: true };
    client.res.cork(() => {
      result.sent = client.res.write(chunk);
    });
    return result.sent;
  }

  private beat(): void {
    for (const client of this.clients) if (client.state === 'open') this.write(client, HEARTBEAT);
  }

  private forget(client: SseClient): void {
    if (client.state === 'closed') return;
    client.state = 'closed';
    client.queue = [];
    this.clients.delete(client);
    this.options.gate.connections.close(client.client);
  }

  private refuse(res: HttpResponse, error: unknown, cors: Array<[string, string]>, requestId: string, connection: ConnectionClose, headOnly = false): void {
    const answer = toErrorAnswer(error, this.options.log);
    res.writeStatus(`${answer.status} ${STATUS_CODES[answer.status] ?? ''}`);
    res.writeHeader('Content-Type', 'application/json; charset=utf-8');
    res.writeHeader('X-Request-Id', requestId);
    for (const [name, value] of [...cors, ...answer.headers]) res.writeHeader(name, value);
    const body = JSON.stringify(answer.payload);
    if (headOnly) endWithoutBody(res, Buffer.byteLength(body), connection);
    else endWithBody(res, body, connection, false);
  }
}
