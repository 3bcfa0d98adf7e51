import type { HttpResponse } from 'uWebSockets.js';
import { AppError } from '../errors.js';
import en from '../messages/en.js';

/** The client went away mid-body; nobody is left to answer. */
export class ClientAbortedError extends Error {
  override readonly name = 'ClientAbortedError';
}

/** 413: the body is over `limit` bytes (declared or counted), in the answer's language. */
export function bodyTooLarge(limit: number): AppError {
  return new AppError('PAYLOAD_TOO_LARGE', { message: en.bodyAtMost(limit), text: (strings) => strings.bodyAtMost(limit) });
}

export interface BodyRead {
  readonly promise: Promise<Buffer>;
  /** True once the last chunk arrived (or reading stopped): the connection is clean for reuse. */
  readonly complete: () => boolean;
}

/**
 * Collects the body of `res` up to `limit` bytes. Must be called synchronously inside the uWS
 * handler (uWS drops data that arrives before onData is set). Chunks are copied because uWS
 * reuses their memory after the callback returns. Past the limit it stops collecting and fails
 * with 413 at once, without waiting for the rest of an oversized upload.
 */
export function readBody(res: HttpResponse, limit: number, onAbort: (listener: () => void) => void): BodyRead {
  let finished = false;
  const promise = new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    onAbort(() => {
      if (finished) return;
      finished = true;
      reject(new ClientAbortedError('client aborted while sending the body'));
    });
    res.onData((chunk, isLast) => {
      if (finished) return;
      size += chunk.byteLength;
      if (size > limit) {
        finished = true;
        reject(bodyTooLarge(limit));
        return;
      }
      chunks.push(Buffer.from(chunk.slice(0)));
      if (isLast) {
        finished = true;
        resolve(Buffer.concat(chunks, size));
      }
    });
  });
  // The caller may answer early (429, 415) and never await this; a rejection must not go unhandled.
  promise.catch(() => undefined);
  return { promise, complete: () => finished };
}
