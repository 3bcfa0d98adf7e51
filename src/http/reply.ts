import { STATUS_CODES } from 'node:http';
import type { Logger } from 'pino';
import { toErrorAnswer } from '../error-answer.js';
import en, { type ServerCatalog } from '../messages/en.js';
import { catalogFor } from '../messages/languages.js';
import type { CorsPolicy } from './cors.js';
import type { Exchange } from './exchange.js';
import type { RouteResult } from './route.js';
import { endWithBody, endWithoutBody } from './uws.js';
import { writeStream } from './stream-reply.js';

// uWS wants the whole status line; each is built once.
const STATUS_LINES = new Map<number, string>();
function statusLine(status: number): string {
  let line = STATUS_LINES.get(status);
  if (line === undefined) {
    line = `${status} ${STATUS_CODES[status] ?? 'Unknown'}`;
    STATUS_LINES.set(status, line);
  }
  return line;
}

const JSON_TYPE = 'application/json; charset=utf-8';

/** The success envelope: the one place it is built, for HTTP answers (serialised below, prepared ones too) and socket acks alike. */
export const successEnvelope = (data: unknown, envelope?: Record<string, unknown>): Record<string, unknown> => (envelope ? { success: true, ...envelope, data } : { success: true, data });

/** The success envelope, serialised. */
export function serializeSuccess(data: unknown, envelope?: Record<string, unknown>): Buffer {
  return Buffer.from(JSON.stringify(successEnvelope(data, envelope)));
}

/** A response another server on the same uWS app writes (engine.io's, or its wrapper holding the CORS headers). */
export interface ForeignResponse {
  writeStatus(status: string): unknown;
  writeHeader(name: string, value: string): unknown;
  end(body: string): unknown;
}

/**
 * An error answered on a response the edge does not own (a Socket.IO handshake engine.io refuses):
 * the status line, content type, headers and envelope every error answer of ours has.
 */
export function writeErrorOn(res: ForeignResponse, error: unknown, log: Logger, strings: ServerCatalog): number {
  const answer = toErrorAnswer(error, log, strings);
  res.writeStatus(statusLine(answer.status));
  res.writeHeader('Content-Type', JSON_TYPE);
  for (const [name, value] of answer.headers) res.writeHeader(name, value);
  res.end(JSON.stringify(answer.payload));
  return answer.status;
}

/**
 * The only writer of responses. Every answer carries X-Request-Id, the CORS headers and, on
 * budgeted routes, the RateLimit headers; errors go through the one error mapper. Writes from
 * async code are corked (one syscall instead of one per header); inside the uWS callback uWS
 * corks already.
 */
export class ReplyWriter {
  /** Read once: the level is fixed for the process, and the check is on the hot path. */
  private readonly debug: boolean;

  constructor(
    private readonly cors: CorsPolicy,
    private readonly log: Logger,
    /** The station's language: the answer's when the client asks for none we speak. */
    readonly language: ServerCatalog = en,
  ) {
    this.debug = log.isLevelEnabled('debug');
  }

  /** Whether its answers read the request's Origin (the exchange keeps it past the uWS callback only then). */
  get readsOrigin(): boolean {
    return this.cors.readsOrigin;
  }

  result(ex: Exchange, result: RouteResult): number {
    if (result.kind === 'stream') return writeStream(ex, result, this.cors);
    const body =
      result.kind === 'prepared' ? result.body : result.kind === 'document' ? JSON.stringify(result.document) : result.kind === 'data' ? serializeSuccess(result.data, result.envelope) : '';
    this.write(ex, result.status, body, result.headers, undefined, false, result.kind === 'prepared' ? result.contentType : undefined);
    return result.status;
  }

  /** Maps any error to its answer (an unknown one is logged and answered as a plain 500). */
  error(ex: Exchange, error: unknown, log: Logger, closeConnection: boolean): number {
    const answer = toErrorAnswer(error, log, catalogFor(ex.acceptLanguage, this.language));
    this.write(ex, answer.status, JSON.stringify(answer.payload), undefined, answer.headers, closeConnection);
    return answer.status;
  }

  /** 204 to a CORS preflight. */
  preflight(ex: Exchange, allow: string): void {
    this.write(ex, 204, '', undefined, this.cors.preflightHeaders(allow), false);
  }

  /**
   * Writes at once inside the uWS callback; from async code it corks and comes back here, where
   * the cork holds writes as the callback does (no closure on the hot synchronous path).
   */
  private write(
    ex: Exchange,
    status: number,
    body: string | Buffer,
    headers: Record<string, string> | undefined,
    headerList: ReadonlyArray<readonly [string, string]> | undefined,
    closeConnection: boolean,
    contentType = JSON_TYPE,
  ): void {
    if (ex.aborted || ex.answered) return;
    if (!ex.inCallback) {
      ex.res.cork(() => {
        ex.inCallback = true;
        this.write(ex, status, body, headers, headerList, closeConnection, contentType);
        ex.inCallback = false;
      });
      return;
    }
    ex.answered = true;
    const { res } = ex;
    // Who asked is read from the connection, which must not be touched once the answer has ended.
    const ip = this.debug ? ex.ip : '';
    res.writeStatus(statusLine(status));
    res.writeHeader('X-Request-Id', ex.requestId);
    this.cors.write(res, ex);
    if (ex.budgetHeaders) ex.budgetHeaders.writeHeaders(res, ex.budgetDecision!);
    if (headers) for (const name in headers) res.writeHeader(name, headers[name]!);
    if (headerList) for (const [name, value] of headerList) res.writeHeader(name, value);
    // 204 and 304 have no body, and say no length; a HEAD answer says GET's length and sends no body.
    if (status === 204 || status === 304) endWithoutBody(res, undefined, ex.connection, closeConnection);
    else {
      res.writeHeader('Content-Type', contentType);
      if (ex.method === 'HEAD') endWithoutBody(res, Buffer.byteLength(body), ex.connection, closeConnection);
      else endWithBody(res, body, ex.connection, closeConnection);
    }
    ex.ended = true;
    if (this.debug) {
      this.log.debug({ reqId: ex.requestId, method: ex.method, path: ex.path, status, ip, ms: +(performance.now() - ex.startedAt).toFixed(2) }, 'request');
    }
  }
}
