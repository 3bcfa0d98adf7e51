import type { RouteResult } from '../http/route.js';

/** A serialised answer with its validator and caching headers, built once and shared (prepared-response.ts). */
export interface PreparedBody {
  body: Buffer;
  /** Strong (a hash of exactly these bytes) or weak (W/: a hash of what a client shows of them). */
  etag: string;
  /** The tag without its W/, for the weak comparison If-None-Match asks for (computed once, not per request). */
  opaque: string;
  /** ETag and Cache-Control, one object per body rather than per request. */
  headers: Record<string, string>;
  /** Its 200 and its 304, built with it: a polled answer allocates nothing per request (answered as they are, never changed). */
  readonly ok: RouteResult;
  readonly notModified: RouteResult;
}

/** The request header a cacheable route reads (declare it on the route, the edge copies only those). */
export const CONDITIONAL_GET_HEADERS = ['if-none-match'] as const;

/** Station state changes with every poll and its answers carry the current second. */
export const STATION_STATE_CACHE = 'public, max-age=1';
/** The schedule moves on with the clock, but slowly. */
export const SCHEDULE_CACHE = 'public, max-age=60';
/** Playlists change only with the configuration. */
export const PLAYLISTS_CACHE = 'public, max-age=300';

/** Names the headers of an answer given from the last known station state while the store is away. */
export const STALE_MARK = 'Data-Stale';

/**
 * The headers of an answer from the station state the store last confirmed `seconds` ago, while
 * it is away (docs/decisions.md): `Age` (RFC 9111 5.1: caches add their own time to it, and with
 * `max-age=1` an answer of Age 1 or more is already stale to them, so none keeps it) and
 * `Data-Stale: store-away`, since a cache in front also sends Age on fresh answers.
 */
export function staleHeaders(seconds: number): Record<string, string> {
  return { Age: String(seconds), [STALE_MARK]: 'store-away' };
}

/** The headers `staleHeaders` adds, as the OpenAPI document lists them on the routes that may send them. */
export const STALE_HEADERS_DOC: Record<string, string> = {
  Age: 'only while the store (Redis) is away: seconds since this node last read the station state this answer is made of',
  [STALE_MARK]: "`store-away` while the store (Redis) is away: the answer is this node's last known station state, `Age` seconds old",
};

/**
 * If-None-Match with the weak comparison RFC 9110 13.1.2 prescribes for it: a listed tag matches
 * when the opaque parts are equal, W/ or not on either side; `*` matches any current answer.
 */
export function noneMatchHits(header: string | undefined, opaque: string): boolean {
  if (!header) return false;
  for (const raw of header.split(',')) {
    const tag = raw.trim();
    if (tag === '*' || tag === opaque || (tag.startsWith('W/') && tag.slice(2) === opaque)) return true;
  }
  return false;
}

/**
 * A prepared answer, or 304 Not Modified (no body) when the client already has these bytes. The
 * rate limit was taken before the handler ran, so a 304 counts and carries the RateLimit headers.
 */
export function conditionalAnswer(ifNoneMatch: string | undefined, prepared: PreparedBody): RouteResult {
  return noneMatchHits(ifNoneMatch, prepared.opaque) ? prepared.notModified : prepared.ok;
}
