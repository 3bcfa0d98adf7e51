import { STATUS_CODES } from 'node:http';
import type { Logger } from 'pino';
import { toErrorAnswer } from '../error-answer.js';
import type { CorsPolicy } from './cors.js';
import type { Exchange } from './exchange.js';
import type { RouteResult } from './route.js';

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

/** The success envelope, serialised: the one place it is built (prepared answers use it too). */
export function serializeSuccess(data: unknown, envelope?: Record<string, unknown>): Buffer {
  return Buffer.from(JSON.stringify(envelope ? { success: true, ...envelope, data } : { success: true, data }));
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
  ) {
    this.debug = log.isLevelEnabled('debug');
  }

  result(ex: Exchange, result: RouteResult): number {
    const body =
      result.kind === 'prepared' ? result.body : result.kind === 'document' ? JSON.stringify(result.document) : result.kind === 'data' ? serializeSuccess(result.data, result.envelope) : '';
    this.write(ex, result.status, body, result.headers, undefined, false, result.kind === 'prepared' ? result.contentType : undefined);
    return result.status;
  }

  /** Maps any error to its answer (an unknown one is logged and answered as a plain 500). */
  error(ex: Exchange, error: unknown, log: Logger, closeConnection: boolean): number {
    const answer = toErrorAnswer(error, log);
    this.write(ex, answer.status, JSON.stringify(answer.payload), undefined, answer.headers, closeConnection);
    return answer.status;
  }

  /** 204 to a CORS preflight. */
  preflight(ex: Exchange, allow: string): void {
    this.write(ex, 204, '', undefined, this.cors.preflightHeaders(allow), false);
  }

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
    ex.answered = true;
    if (ex.inCallback) this.writeNow(ex, status, body, headers, headerList, closeConnection, contentType);
    else ex.res.cork(() => this.writeNow(ex, status, body, headers, headerList, closeConnection, contentType));
  }

  private writeNow(
    ex: Exchange,
    status: number,
    body: string | Buffer,
    headers: Record<string, string> | undefined,
    headerList: ReadonlyArray<readonly [string, string]> | undefined,
    closeConnection: boolean,
    contentType: string,
  ): void {
    const { res } = ex;
    res.writeStatus(statusLine(status));
    res.writeHeader('X-Request-Id', ex.requestId);
    this.cors.write(res, ex.origin);
    const budget = ex.budget;
    if (budget) budget.headers.writeHeaders(res, budget.decision);
    if (headers) for (const name in headers) res.writeHeader(name, headers[name]!);
    if (headerList) for (const [name, value] of headerList) res.writeHeader(name, value);
    const bodiless = status === 204 || status === 304;
    if (!bodiless) res.writeHeader('Content-Type', contentType);
    // uWS says `Connection: close` itself only when it decides to close; a client that asked for
    // it must hear it too, or a keep-alive pool reuses a socket we are closing.
    if (ex.closeAfter) res.writeHeader('Connection', 'close');
    const close = closeConnection || ex.closeAfter;
    // uWS does not count endWithoutBody as an answer inside its callback: without an abort handler
    // it would end the process.
    if (status === 304 || ex.method === 'HEAD') ex.watchAbort();
    // 304: no body and no Content-Length (it would describe the body not sent).
    if (status === 304) res.endWithoutBody(undefined, close);
    // HEAD: the same headers and Content-Length as GET, no body.
    else if (ex.method === 'HEAD') res.endWithoutBody(Buffer.byteLength(body), close);
    else res.end(body, close);
    if (this.debug) {
      this.log.debug({ reqId: ex.requestId, method: ex.method, path: ex.path, status, ip: ex.ip, ms: +(performance.now() - ex.startedAt).toFixed(2) }, 'request');
    }
  }
}
