import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { pinnedLookup, resolveSafely, type Resolve } from './safe-address.js';
import { untilAborted } from './until-aborted.js';

export interface SafeGetSettings {
  /** Off: every hop to a loopback, private or reserved address is refused (safe-address.ts); a function allows some. */
  allowPrivateAddresses: boolean | ((address: string) => boolean);
  /** The setting that allows them, named in the refusal. */
  setting: string;
  /** The whole GET, every redirect and the body included. */
  timeoutMs: number;
  /** A larger body is not read to its end: the GET fails. */
  maxBytes: number;
  /** Redirects followed at most; one more fails the GET. */
  maxRedirects: number;
  headers: Record<string, string>;
  /** The name resolver (the system's by default). */
  resolve?: Resolve;
}

export interface SafeAnswer {
  status: number;
  /** Where the answer finally came from. */
  url: string;
  contentType: string;
  /** The body of a 2xx answer (empty for any other). */
  body: Buffer;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/**
 * GET `url`, following redirects by hand so every hop is checked like the first: http(s) only,
 * its host resolved and refused when private (unless allowed), the socket pinned to the address
 * checked (no second DNS answer can move it). Bounded in hops, time and bytes. Throws on any of
 * those; a non-2xx final status is an answer, not an error.
 */
export async function safeGet(url: string, settings: SafeGetSettings): Promise<SafeAnswer> {
  const signal = AbortSignal.timeout(settings.timeoutMs);
  let target = new URL(url);
  for (let hop = 0; ; hop++) {
    if (target.protocol !== 'https:' && target.protocol !== 'http:') throw new Error(`refused to follow a ${target.protocol} URL`);
    const checked = await untilAborted(resolveSafely(target.hostname, settings.allowPrivateAddresses, settings.resolve, settings.setting), signal);
    const response = await get(target, pinnedLookup(checked), settings.headers, signal);
    const location = response.headers.location;
    if (REDIRECTS.has(response.statusCode ?? 0) && location) {
      response.destroy();
      if (hop >= settings.maxRedirects) throw new Error(`more than ${settings.maxRedirects} redirects`);
      target = new URL(location, target);
      continue;
    }
    const status = response.statusCode ?? 0;
    const contentType = response.headers['content-type'] ?? '';
    if (status < 200 || status > 299) {
      response.destroy();
      return { status, url: target.href, contentType, body: Buffer.alloc(0) };
    }
    return { status, url: target.href, contentType, body: await readCapped(response, settings.maxBytes, signal) };
  }
}

function get(target: URL, lookup: ReturnType<typeof pinnedLookup>, headers: Record<string, string>, signal: AbortSignal): Promise<IncomingMessage> {
  const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = send(target, { method: 'GET', lookup, agent: false, headers, signal });
    req.once('response', resolve);
    req.once('error', reject);
    req.end();
  });
}

function readCapped(response: IncomingMessage, maxBytes: number, signal: AbortSignal): Promise<Buffer> {
  const declared = Number(response.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes) {
    response.destroy();
    return Promise.reject(new Error(`body of ${declared} bytes, over ${maxBytes}`));
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onAbort = () => response.destroy(signal.reason as Error);
    signal.addEventListener('abort', onAbort, { once: true });
    const done = () => signal.removeEventListener('abort', onAbort);
    response.on('data', (chunk: Buffer) => {
      size += chunk.byteLength;
      if (size > maxBytes) {
        response.destroy(new Error(`body larger than ${maxBytes} bytes`));
        return;
      }
      chunks.push(chunk);
    });
    response.once('end', () => {
      done();
      resolve(Buffer.concat(chunks));
    });
    response.once('error', (error) => {
      done();
      reject(error);
    });
    response.once('close', () => {
      done();
      if (!response.complete) reject(new Error(size > maxBytes ? `body larger than ${maxBytes} bytes` : 'connection closed before the body ended'));
    });
  });
}
