import { createHash } from 'node:crypto';
import type { RequestContext, RouteResult } from '../http/route.js';
import { toUnixSeconds, type Clock } from '../station/clock.js';
import type { StationState } from '../station/model.js';
import type { StationService } from '../station/station-service.js';
import { conditionalAnswer, STATION_STATE_CACHE, type PreparedBody } from './conditional-get.js';

const hashOf = (bytes: Buffer | string) => `"${createHash('sha1').update(bytes).digest('base64url')}"`;

/** A strong entity tag for `body` (RFC 9110 8.8.3): the same bytes, the same tag, on every node. */
export function etagOf(body: Buffer): string {
  return hashOf(body);
}

/** A body serialised beforehand (with `serializeSuccess`, the envelope's one home), with its ETag and Cache-Control. */
export function prepareBody(body: Buffer, cacheControl: string, shown?: unknown): PreparedBody {
  // What a client shows, when given, makes a weak tag (RFC 9110 8.8.1): the bytes differ in the
  // current second (timestamp, uptime, elapsed), the answer does not, so polling gets its 304.
  const opaque = shown === undefined ? etagOf(body) : hashOf(JSON.stringify(shown));
  const etag = shown === undefined ? opaque : `W/${opaque}`;
  return { body, etag, opaque, headers: { ETag: etag, 'Cache-Control': cacheControl } };
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
  private prepared: PreparedBody | null = null;

  constructor(
    private readonly cacheControl: string,
    private readonly clock: Clock,
    private readonly render: StateRender<S>,
  ) {}

  /** The body for `state` now (built at most once per state and second), or 304 when the client has it. */
  answer(ifNoneMatch: string | undefined, state: S): RouteResult {
    const second = toUnixSeconds(this.clock());
    if (state !== this.state || second !== this.second || !this.prepared) {
      const rendered = this.render(state, second);
      this.prepared = prepareBody(rendered.body, this.cacheControl, rendered.shown);
      this.state = state;
      this.second = second;
    }
    return conditionalAnswer(ifNoneMatch, this.prepared);
  }
}

/**
 * A GET handler answering from the station state with a prepared body (one per state and second)
 * or 304. Synchronous when the state is at hand: the edge then answers inside the uWS callback.
 */
export function stationStateHandler(station: StationService, clock: Clock, render: StateRender<StationState>): (ctx: RequestContext) => RouteResult | Promise<RouteResult> {
  const prepared = new PreparedResponse(STATION_STATE_CACHE, clock, render);
  return (ctx) => {
    const ifNoneMatch = ctx.headers['if-none-match'];
    const state = station.peek();
    return state ? prepared.answer(ifNoneMatch, state) : station.state().then((read) => prepared.answer(ifNoneMatch, read));
  };
}
