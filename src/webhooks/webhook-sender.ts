import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import { resolveSafely } from './safe-address.js';

export interface AttemptSettings {
  timeoutMs: number;
  allowPrivateAddresses: boolean;
}

export interface AttemptResult {
  /** The receiver's HTTP status; 2xx is delivered, anything else (a redirect too) is a failure. */
  statusCode: number;
}

/** Sent, but not taken: the receiver answered outside 2xx. */
export class RejectedAttemptError extends Error {
  override readonly name = 'RejectedAttemptError';
  constructor(readonly statusCode: number) {
    super(`receiver answered HTTP ${statusCode}`);
  }
}

/**
 * One delivery attempt: POST `body` to `url` with `headers`. The host is resolved and checked
 * once (safe-address.ts) and the socket connects to that very address; node:http never follows a
 * redirect, so a 3xx is a failed attempt; the whole attempt, connect to status line, is bounded by
 * `timeoutMs`. Only the status is read: the socket is closed as soon as it arrives.
 */
export async function attemptDelivery(url: string, body: string, headers: Record<string, string>, settings: AttemptSettings): Promise<AttemptResult> {
  const target = new URL(url);
  const checked = await resolveSafely(target.hostname, settings.allowPrivateAddresses);
  const pinned: LookupFunction = (_host, options, callback) => {
    if ((options as { all?: boolean }).all) (callback as (e: null, a: Array<{ address: string; family: number }>) => void)(null, [checked]);
    else callback(null, checked.address, checked.family);
  };
  const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
  const statusCode = await new Promise<number>((resolve, reject) => {
    const req = send(target, {
      method: 'POST',
      lookup: pinned,
      agent: false,
      headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), 'user-agent': 'radio-hub-webhooks', ...headers },
    });
    const timer = setTimeout(() => req.destroy(new Error(`no answer within ${settings.timeoutMs} ms`)), settings.timeoutMs);
    req.once('response', (res: IncomingMessage) => {
      clearTimeout(timer);
      resolve(res.statusCode ?? 0);
      // The status is all we need; a receiver streaming an endless body must not hold the socket.
      req.destroy();
    });
    req.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    req.end(body);
  });
  if (statusCode < 200 || statusCode > 299) throw new RejectedAttemptError(statusCode);
  return { statusCode };
}
