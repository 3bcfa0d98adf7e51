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
}

/** The request header a cacheable route reads (declare it on the route, the edge copies only those). */
export const CONDITIONAL_GET_HEADERS = ['if-none-match'] as const;

/** Station state changes with every poll and its answers carry the current second. */
export const STATION_STATE_CACHE = 'public, max-age=1';
/** The schedule moves on with the clock, but slowly. */
export const SCHEDULE_CACHE = 'public, max-age=60';
/** Playlists change only with the configuration. */
export const PLAYLISTS_CACHE = 'public, max-age=300';

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
  if (noneMatchHits(ifNoneMatch, prepared.opaque)) return { kind: 'not-modified', status: 304, headers: prepared.headers };
  return { kind: 'prepared', status: 200, body: prepared.body, headers: prepared.headers };
}
