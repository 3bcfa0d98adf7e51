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

/** `Connection: close`, alone or in a list ("keep-alive, close" from some proxies). */
export function asksToClose(connection: string): boolean {
  return connection !== '' && /(?:^|,)\s*close\s*(?:,|$)/i.test(connection);
}

export function decodeParameter(raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw; // a malformed %-escape is just an id that matches nothing
  }
}
