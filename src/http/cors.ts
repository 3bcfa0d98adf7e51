import type { HttpResponse } from 'uWebSockets.js';

const ALLOWED_REQUEST_HEADERS = 'Content-Type, Authorization, Idempotency-Key, X-Request-Id, If-None-Match, If-Match, Last-Event-ID, Cache-Control';
const EXPOSED_HEADERS = 'RateLimit, RateLimit-Policy, Retry-After, X-Request-Id, ETag';
// uWS writes a header as `name: value\r\n`, the value verbatim: the two fixed headers of "any
// origin" go out in one native call (each call converts its strings), the same bytes as two.
const ANY_ORIGIN_AND_EXPOSED = `*\r\nAccess-Control-Expose-Headers: ${EXPOSED_HEADERS}`;

/**
 * CORS for a public API. "*" allows every origin without credentials (browsers then refuse to
 * send cookies or auth to another origin, which keeps admin routes closed to other sites);
 * otherwise only listed origins are echoed, with Vary: Origin so caches keep them apart.
 */
export class CorsPolicy {
  private readonly anyOrigin: boolean;
  private readonly origins: ReadonlySet<string>;

  constructor(origins: readonly string[]) {
    this.anyOrigin = origins.includes('*');
    this.origins = new Set(origins);
  }

  /** Whether an answer depends on the request's Origin (listed origins); with every origin allowed it is never read. */
  get readsOrigin(): boolean {
    return !this.anyOrigin;
  }

  /** Whether a browser page from `origin` may use the API (and open live connections). */
  allows(origin: string): boolean {
    return this.anyOrigin || this.origins.has(origin);
  }

  /** Writes the CORS headers of an answer to `exchange`'s request (its `origin` is '' when none was sent). */
  write(res: HttpResponse, exchange: { readonly origin: string }): void {
    if (this.anyOrigin) {
      res.writeHeader('Access-Control-Allow-Origin', ANY_ORIGIN_AND_EXPOSED);
      return;
    }
    // Read only here: with every origin allowed, the request's Origin is never read.
    const origin = exchange.origin;
    if (origin && this.origins.has(origin)) {
      res.writeHeader('Access-Control-Allow-Origin', origin);
      res.writeHeader('Access-Control-Expose-Headers', EXPOSED_HEADERS);
    }
    res.writeHeader('Vary', 'Origin');
  }

  /** Added to the answer of an OPTIONS preflight. */
  preflightHeaders(allow: string): ReadonlyArray<readonly [string, string]> {
    return [
      ['Access-Control-Allow-Methods', allow],
      ['Access-Control-Allow-Headers', ALLOWED_REQUEST_HEADERS],
      ['Access-Control-Max-Age', '600'],
    ];
  }
}
