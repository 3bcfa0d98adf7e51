import type { HeaderList } from './send-json.js';

const ALLOWED_REQUEST_HEADERS = 'Content-Type, Authorization, Idempotency-Key, X-Request-Id';
const EXPOSED_HEADERS = 'RateLimit, RateLimit-Policy, Retry-After, X-Request-Id';

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

  headers(origin: string): HeaderList {
    if (this.anyOrigin) return [['Access-Control-Allow-Origin', '*'], ['Access-Control-Expose-Headers', EXPOSED_HEADERS]];
    if (origin && this.origins.has(origin)) {
      return [
        ['Access-Control-Allow-Origin', origin],
        ['Access-Control-Expose-Headers', EXPOSED_HEADERS],
        ['Vary', 'Origin'],
      ];
    }
    return [['Vary', 'Origin']];
  }

  /** Added to `headers(origin)` on an OPTIONS answer. */
  preflightHeaders(allow: string): HeaderList {
    return [
      ['Access-Control-Allow-Methods', allow],
      ['Access-Control-Allow-Headers', ALLOWED_REQUEST_HEADERS],
      ['Access-Control-Max-Age', '600'],
    ];
  }
}
