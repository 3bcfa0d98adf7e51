import type { HttpRequest } from 'uWebSockets.js';

// How the pipeline reads the few request headers whose meaning is the edge's own.

/** Marks two different Content-Length headers: the body's end would be ambiguous. */
export const CONFLICTING_LENGTH = 'conflicting';

/**
 * The Content-Length of a request with a body. Two different values make the body's end
 * ambiguous (request smuggling through a proxy that reads the other one): refused, never guessed.
 * Only body routes pay for walking every header.
 */
export function contentLengthOf(req: HttpRequest): string {
  let length = '';
  req.forEach((name, value) => {
    if (name !== 'content-length') return;
    length = length === '' || length === value ? value : CONFLICTING_LENGTH;
  });
  return length;
}

/**
 * Whether the request's framing is one both uWS and any proxy before it read the same way. uWS
 * (both builds) reads every Transfer-Encoding as chunked, whatever it says; a proxy may read
 * `xchunked`, `gzip`, `chunked, identity` or a second Transfer-Encoding line otherwise, and the
 * body becomes a smuggled request (RFC 9112 6.3: 400 and close when chunked is not the one,
 * final coding). Only a request that sends the header pays for walking the header list.
 */
export function framingIsAmbiguous(req: HttpRequest): boolean {
  if (req.getHeader('transfer-encoding') === '') return false;
  let codings = '';
  req.forEach((name, value) => {
    if (name === 'transfer-encoding') codings = codings === '' ? value : `${codings},${value}`;
  });
  return codings.trim().toLowerCase() !== 'chunked';
}

/**
 * X-Forwarded-For as one list: every occurrence of the header, in order, joined with ", " (RFC 9110
 * 5.3: a repeated field is its values comma-joined). uWS's `getHeader` gives only the first, and a
 * proxy that adds its own line (HAProxy's `option forwardfor`) puts the address it saw last, after
 * the line the client wrote: the first alone would be the client's word. Only a request that sends
 * the header pays for walking the header list.
 */
export function forwardedForOf(req: HttpRequest): string {
  const first = req.getHeader('x-forwarded-for');
  if (first === '') return '';
  let joined = '';
  req.forEach((name, value) => {
    if (name === 'x-forwarded-for') joined = joined === '' ? value : `${joined}, ${value}`;
  });
  return joined;
}

export function decodeParameter(raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw; // a malformed %-escape is just an id that matches nothing
  }
}
