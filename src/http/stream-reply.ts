import type { HttpResponse } from 'uWebSockets.js';
import type { CorsPolicy } from './cors.js';
import type { Exchange } from './exchange.js';
import { endWithoutBody } from './uws.js';

/**
 * A connection that stays open after its head (Server-Sent Events), as its owner sees it. Every
 * method is safe to call after the client left: it then does nothing (uWS ends the process on a
 * response touched after its abort).
 */
export interface StreamConnection {
  /** Writes a chunk, corked; false when not all of it left now (uWS holds the rest until `onWritable`). */
  write(chunk: Buffer): boolean;
  /** Called once the socket took what uWS held; the handler returns whether all it then wrote left too. */
  onWritable(handler: () => boolean): void;
  /** Called once, when the client went away or the connection was dropped or ended. */
  onClosed(handler: () => void): void;
  /** Ends the stream cleanly and closes the connection (shutdown). */
  end(): void;
  /** Drops the connection at once (a client that does not read). */
  close(): void;
}

/** Who takes over a stream answer once the edge has written its head. */
export interface StreamSession {
  /** The head is written (inside a cork): the session owns the connection from here on. */
  start(connection: StreamConnection): void;
  /** There will be no stream (the client left first): release whatever was taken for it. */
  cancel(): void;
}

/** A `stream` route result, as stream-reply writes it. */
export interface StreamAnswer {
  status: 200;
  contentType: string;
  headers?: Record<string, string>;
  session: StreamSession;
}

/**
 * Writes the head of a stream answer (status, X-Request-Id, CORS, the route's headers: the same
 * head as every answer of the edge) and hands the connection to the session. Returns the status,
 * or 0 when the client had left (the session is cancelled).
 */
export function writeStream(ex: Exchange, answer: StreamAnswer, cors: CorsPolicy): number {
  if (ex.aborted || ex.answered) {
    answer.session.cancel();
    return 0;
  }
  ex.answered = true;
  const connection = ex.method === 'HEAD' ? CLOSED : new UwsStreamConnection(ex.res);
  // Inside the uWS callback (a stream opened with nothing to wait for) uWS corks already: no closure.
  if (ex.inCallback) writeHead(ex, answer, cors, connection);
  else ex.res.cork(() => writeHead(ex, answer, cors, connection));
  return answer.status;
}

function writeHead(ex: Exchange, answer: StreamAnswer, cors: CorsPolicy, connection: StreamConnection): void {
  const { res } = ex;
  res.writeStatus('200 OK');
  res.writeHeader('X-Request-Id', ex.requestId);
  cors.write(res, ex);
  const fixed = fixedHeadOf(answer);
  res.writeHeader(fixed[0], fixed[1]);
  // The stream ends with the connection anyway; a client that asked to close hears it is understood.
  if (ex.connection !== 'keep') res.writeHeader('Connection', 'close');
  // HEAD: the head GET would get, no body and no length (a stream has none), and no stream.
  if (ex.method === 'HEAD') {
    endWithoutBody(res, undefined, 'keep');
    // The response is gone: leaving the callback must not read the connection's address from it.
    ex.ended = true;
    answer.session.cancel();
    return;
  }
  answer.session.start(connection);
}

/**
 * The route's headers and the content type, the part of a stream's head that is the same for every
 * stream: one native call instead of one per header (each converts its strings). uWS writes a
 * header as `name: value\r\n`, the value verbatim, so the joined value puts the same bytes on the
 * wire as the separate calls (as cors.ts does). Built once per route answer's headers (a stream
 * route answers with one constant record).
 */
let fixedHeaders: Record<string, string> | undefined;
let fixedType = '';
let fixedHead: readonly [string, string] = ['Content-Type', ''];
function fixedHeadOf(answer: StreamAnswer): readonly [string, string] {
  if (answer.headers !== fixedHeaders || answer.contentType !== fixedType || fixedHead[1] === '') {
    const lines = [...Object.entries(answer.headers ?? {}), ['Content-Type', answer.contentType] as const];
    fixedHead = [lines[0]![0], lines.map(([name, value], i) => (i === 0 ? value : `${name}: ${value}`)).join('\r\n')];
    fixedHeaders = answer.headers;
    fixedType = answer.contentType;
  }
  return fixedHead;
}

/** What a HEAD's session would be handed: nothing to write to. */
const CLOSED: StreamConnection = { write: () => true, onWritable: () => undefined, onClosed: () => undefined, end: () => undefined, close: () => undefined };

/**
 * The write a cork runs, and what it works on: one function for every stream instead of a closure
 * made per write (a live event is one write to each of thousands of streams). uWS runs the cork's
 * handler at once, so the slots are read before anything else can set them.
 */
let corkedRes: HttpResponse | null = null;
let corkedChunk: Buffer | null = null;
let corkedSent = true;
const corkedWrite = () => {
  corkedSent = corkedRes!.write(corkedChunk!);
};

/** Writes `chunk` corked (one send); false when not all of it left now. */
function writeCorked(res: HttpResponse, chunk: Buffer): boolean {
  corkedRes = res;
  corkedChunk = chunk;
  corkedSent = true;
  res.cork(corkedWrite);
  corkedRes = null;
  corkedChunk = null;
  return corkedSent;
}

/** The uWS response behind a stream, guarded so nothing touches it once it is gone. */
class UwsStreamConnection implements StreamConnection {
  private open = true;
  private closedHandler: (() => void) | undefined;

  /**
   * Holds the response only, not the exchange: a stream lives long, and the exchange (the
   * request's headers, query and ids) is done once the head is written. So the abort is watched
   * here, replacing the exchange's handler if the pipeline set one while the stream's reads were
   * pending (uWS keeps one per response; nothing reads the exchange's `aborted` once it is answered).
   */
  constructor(private readonly res: HttpResponse) {
    // Registered before anything else is written: the abort is what says the client left.
    res.onAborted(() => this.gone());
  }

  write(chunk: Buffer): boolean {
    if (!this.open) return true;
    return writeCorked(this.res, chunk);
  }

  onWritable(handler: () => boolean): void {
    if (this.open) this.res.onWritable(() => (this.open ? handler() : true));
  }

  onClosed(handler: () => void): void {
    this.closedHandler = handler;
  }

  end(): void {
    if (!this.open) return;
    this.open = false;
    this.res.cork(() => this.res.end(undefined, true));
    this.closedHandler?.();
  }

  close(): void {
    if (!this.open) return;
    this.open = false;
    this.res.close();
    this.closedHandler?.();
  }

  private gone(): void {
    if (!this.open) return;
    this.open = false;
    this.closedHandler?.();
  }
}
