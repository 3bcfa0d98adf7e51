import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { AbandonedAttemptError, RefusedAddressError, RejectedAttemptError } from './delivery-errors.js';
import { PrivateAddressError, pinnedLookup, resolveSafely, type CheckedAddress, type Resolve } from '../net/safe-address.js';
import { untilAborted } from '../net/until-aborted.js';

export interface AttemptSettings {
  timeoutMs: number;
  allowPrivateAddresses: boolean;
  /** The name resolver (the system's by default). */
  resolve?: Resolve;
}

export interface AttemptResult {
  /** The receiver's HTTP status; 2xx is delivered, anything else (a redirect too) is a failure. */
  statusCode: number;
}

/**
 * One delivery attempt: POST `body` to `url` with `headers`. The host is resolved and checked
 * once (net/safe-address.ts) and the socket connects to that very address; node:http never follows a
 * redirect, so a 3xx is a failed attempt. The whole attempt, from the DNS lookup to the status
 * line, is bounded by `timeoutMs` (a resolver that never answers costs no more than a receiver
 * that never answers). Only the status is read: the socket is closed as soon as it arrives.
 * `stop` (shutdown) ends the attempt at once with an AbandonedAttemptError.
 */
export async function attemptDelivery(url: string, body: string, headers: Record<string, string>, settings: AttemptSettings, stop?: AbortSignal): Promise<AttemptResult> {
  const target = new URL(url);
  const attempt = new AbortController();
  const timer = setTimeout(() => attempt.abort(new Error(`no answer within ${settings.timeoutMs} ms`)), settings.timeoutMs);
  const abandon = () => attempt.abort(new AbandonedAttemptError());
  if (stop?.aborted) abandon();
  stop?.addEventListener('abort', abandon, { once: true });
  try {
    const checked = await untilAborted(
      resolveSafely(target.hostname, settings.allowPrivateAddresses, settings.resolve).catch((error: unknown) => {
        // A refused address is given up at once, never retried (delivery-errors.ts).
        throw error instanceof PrivateAddressError ? new RefusedAddressError(error.message) : error;
      }),
      attempt.signal,
    );
    const statusCode = await post(target, checked, body, headers, attempt.signal);
    if (statusCode < 200 || statusCode > 299) throw new RejectedAttemptError(statusCode);
    return { statusCode };
  } finally {
    clearTimeout(timer);
    stop?.removeEventListener('abort', abandon);
  }
}

function post(target: URL, checked: CheckedAddress, body: string, headers: Record<string, string>, signal: AbortSignal): Promise<number> {
  const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise<number>((resolve, reject) => {
    const req = send(target, {
      method: 'POST',
      lookup: pinnedLookup(checked),
      agent: false,
      headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), 'user-agent': 'radio-hub-webhooks', ...headers },
    });
    const onAbort = () => req.destroy(signal.reason as Error);
    signal.addEventListener('abort', onAbort, { once: true });
    req.once('response', (res: IncomingMessage) => {
      signal.removeEventListener('abort', onAbort);
      resolve(res.statusCode ?? 0);
      // The status is all we need; a receiver streaming an endless body must not hold the socket.
      req.destroy();
    });
    req.once('error', (error) => {
      signal.removeEventListener('abort', onAbort);
      reject(error);
    });
    req.end(body);
  });
}
