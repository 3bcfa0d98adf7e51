import { STATUS_CODES } from 'node:http';
import type { HttpResponse } from 'uWebSockets.js';

export type HeaderList = Array<readonly [string, string]>;

// uWS wants the whole status line; build each once instead of per response.
const STATUS_LINES = new Map<number, string>();
export function statusLine(status: number): string {
  let line = STATUS_LINES.get(status);
  if (line === undefined) {
    line = `${status} ${STATUS_CODES[status] ?? 'Unknown'}`;
    STATUS_LINES.set(status, line);
  }
  return line;
}

export interface ResponseTarget {
  readonly res: HttpResponse;
  /** Set once uWS reported the client gone: touching `res` after that aborts the process. */
  aborted: boolean;
  /** Set once a response was written, so error paths never answer twice. */
  answered: boolean;
}

/**
 * The single place a response is written. Corked, because we are usually called from async code
 * (outside uWS's own callback) and an uncorked write sends the status, each header and the body
 * as separate syscalls. `closeConnection` is for answers sent before the request body was read.
 */
export function sendJson(
  target: ResponseTarget,
  status: number,
  payload: unknown,
  headers: HeaderList,
  closeConnection = false,
  headOnly = false,
): boolean {
  return write(target, status, status === 204 || status === 304 ? '' : JSON.stringify(payload), headers, closeConnection, headOnly);
}

/** Sends a body serialised beforehand (a prepared hot answer), skipping JSON.stringify. */
export function sendPrepared(target: ResponseTarget, status: number, body: Buffer, headers: HeaderList, headOnly = false): boolean {
  return write(target, status, body, headers, false, headOnly);
}

function write(target: ResponseTarget, status: number, body: string | Buffer, headers: HeaderList, closeConnection: boolean, headOnly: boolean): boolean {
  if (target.aborted || target.answered) return false;
  target.answered = true;
  target.res.cork(() => {
    target.res.writeStatus(statusLine(status));
    for (const [name, value] of headers) target.res.writeHeader(name, value);
    if (status !== 204 && status !== 304) target.res.writeHeader('Content-Type', 'application/json; charset=utf-8');
    // 304 Not Modified: no body and no Content-Length (it would describe the body not sent).
    if (status === 304) target.res.endWithoutBody(undefined, closeConnection);
    // HEAD: the same headers and Content-Length as GET, no body.
    else if (headOnly) target.res.endWithoutBody(Buffer.byteLength(body), closeConnection);
    else target.res.end(body, closeConnection);
  });
  return true;
}
