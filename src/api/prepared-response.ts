import { createHash } from 'node:crypto';

/** A serialised answer with its validator and caching headers, built once and shared. */
export interface PreparedBody {
  body: Buffer;
  /** Strong ETag: a hash of exactly these bytes. */
  etag: string;
  /** ETag and Cache-Control, one object per body rather than per request. */
  headers: Record<string, string>;
}

/** A strong entity tag for `body` (RFC 9110 8.8.3): the same bytes, the same tag, on every node. */
export function etagOf(body: Buffer): string {
  return `"${createHash('sha1').update(body).digest('base64url')}"`;
}

/** A body serialised beforehand (with `serializeSuccess`, the envelope's one home), with its ETag and Cache-Control. */
export function prepareBody(body: Buffer, cacheControl: string): PreparedBody {
  const etag = etagOf(body);
  return { body, etag, headers: { ETag: etag, 'Cache-Control': cacheControl } };
}

/**
 * The serialised answer for one state and one second. Status, stats and now playing depend only
 * on the polled state (new every few seconds) and the current second (uptime, timestamp,
 * elapsed), so thousands of polling apps cost one JSON.stringify (and one hash) a second, not one each.
 */
export class PreparedResponse {
  private state: object | null = null;
  private second = -1;
  private prepared: PreparedBody | null = null;

  constructor(private readonly cacheControl: string) {}

  get(state: object, second: number, build: () => Buffer): PreparedBody {
    if (state !== this.state || second !== this.second || !this.prepared) {
      this.prepared = prepareBody(build(), this.cacheControl);
      this.state = state;
      this.second = second;
    }
    return this.prepared;
  }
}
