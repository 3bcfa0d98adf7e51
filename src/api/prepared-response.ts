import { createHash } from 'node:crypto';
import type { RequestContext, RouteResult } from '../http/route.js';
import { toUnixSeconds, type Clock } from '../station/clock.js';
import type { StationState } from '../station/model.js';
import type { StationService } from '../station/station-service.js';
import { conditionalAnswer, STATION_STATE_CACHE, staleHeaders, type PreparedBody } from './conditional-get.js';

const hashOf = (bytes: Buffer | string) => `"${createHash('sha1').update(bytes).digest('base64url')}"`;

/** A strong entity tag for `body` (RFC 9110 8.8.3): the same bytes, the same tag, on every node. */
export function etagOf(body: Buffer): string {
  return hashOf(body);
}

/**
 * A body serialised beforehand (with `serializeSuccess`, the envelope's one home), with its ETag
 * and Cache-Control; and, when it is answered from a state the store has not confirmed for
 * `staleSeconds` (the store is away), the headers saying so.
 */
export function prepareBody(body: Buffer, cacheControl: string, shown?: unknown, staleSeconds: number | null = null): PreparedBody {
  // What a client shows, when given, makes a weak tag (RFC 9110 8.8.1): the bytes differ in the
  // current second (timestamp, uptime, elapsed), the answer does not, so polling gets its 304.
  const opaque = shown === undefined ? etagOf(body) : hashOf(JSON.stringify(shown));
  const etag = shown === undefined ? opaque : `W/${opaque}`;
  const headers = { ETag: etag, 'Cache-Control': cacheControl, ...(staleSeconds === null ? {} : staleHeaders(staleSeconds)) };
  // The headers object is shared, not copied: a route that adds a header to it (a file name) adds it to both answers.
  return { body, etag, opaque, headers, ok: { kind: 'prepared', status: 200, body, headers }, notModified: { kind: 'not-modified', status: 304, headers } };
}

/** A body, and optionally what a client shows of it (the body without the fields that only tell the time). */
export interface Rendered {
  body: Buffer;
  shown?: unknown;
}

/** How one station answer is made from a state and a second. */
export type StateRender<S> = (state: S, second: number) => Rendered;

/**
 * One route's answer for one state and one second. Status, stats and now playing depend only on
 * the polled state (new every few seconds) and the current second (uptime, timestamp, elapsed),
 * so thousands of polling apps cost one JSON.stringify (and one hash) a second, not one each.
 */
export class PreparedResponse<S extends object> {
  private state: S | null = null;
  private second = -1;
  private staleSeconds: number | null = null;
  private prepared: PreparedBody | null = null;

  constructor(
    private readonly cacheControl: string,
    private readonly clock: Clock,
    private readonly render: StateRender<S>,
  ) {}

  /**
   * The body for `state` now (built at most once per state, second and staleness), or 304 when
   * the client has it; `staleSeconds`: the state is the last known one, this old.
   */
  answer(ifNoneMatch: string | undefined, state: S, staleSeconds: number | null = null): RouteResult {
    const second = toUnixSeconds(this.clock());
    if (state !== this.state || second !== this.second || staleSeconds !== this.staleSeconds || !this.prepared) {
      const rendered = this.render(state, second);
      this.prepared = prepareBody(rendered.body, this.cacheControl, rendered.shown, staleSeconds);
      this.state = state;
      this.second = second;
      this.staleSeconds = staleSeconds;
    }
    return conditionalAnswer(ifNoneMatch, this.prepared);
  }
}

/**
 * A GET handler answering from the station state with a prepared body (one per state and second)
 * or 304. Synchronous when the state is at hand: the edge then answers inside the uWS callback.
 * While the store is away the state is the node's last known one, and the answer says how old.
 */
export function stationStateHandler(station: StationService, clock: Clock, render: StateRender<StationState>): (ctx: RequestContext) => RouteResult | Promise<RouteResult> {
  const prepared = new PreparedResponse(STATION_STATE_CACHE, clock, render);
  return (ctx) => {
    const ifNoneMatch = ctx.headers['if-none-match'];
    const state = station.peek();
    // The state at hand (the hot path): no closure made for the wait that does not come.
    if (state) return prepared.answer(ifNoneMatch, state, station.staleSeconds(state));
    return station.state().then((read) => prepared.answer(ifNoneMatch, read, station.staleSeconds(read)));
  };
}
