import { createHash } from 'node:crypto';
import type { RequestContext, RouteResult } from '../http/route.js';
import { toUnixSeconds, type Clock } from '../station/clock.js';
import type { StationState } from '../station/model.js';
import type { StationService } from '../station/station-service.js';
import { conditionalAnswer, STATION_STATE_CACHE, staleHeaders, type PreparedBody } from './conditional-get.js';

/** A strong entity tag for `body` (RFC 9110 8.8.3): the same bytes, the same tag, on every node. */
export function etagOf(body: Buffer): string {
  return `"${createHash('sha1').update(body).digest('base64url')}"`;
}

/**
 * A body serialised beforehand (with `serializeSuccess`, the envelope's one home), with its ETag
 * and Cache-Control; and, when it is answered from a state the store has not confirmed for
 * `staleSeconds` (the store is away), the headers saying so.
 */
export function prepareBody(body: Buffer, cacheControl: string, staleSeconds: number | null = null): PreparedBody {
  const etag = etagOf(body);
  return { body, etag, headers: { ETag: etag, 'Cache-Control': cacheControl, ...(staleSeconds === null ? {} : staleHeaders(staleSeconds)) } };
}

/**
 * One route's answer for one state and one second. Status, stats and now playing depend only on
 * the polled state (new every few seconds) and the current second (uptime, timestamp, elapsed),
 * so thousands of polling apps cost one JSON.stringify (and one hash) a second, not one each.
 */
export class PreparedResponse {
  private state: object | null = null;
  private second = -1;
  private staleSeconds: number | null = null;
  private prepared: PreparedBody | null = null;

  constructor(
    private readonly cacheControl: string,
    private readonly clock: Clock,
  ) {}

  /**
   * The body for `state` now (built at most once per state, second and staleness), or 304 when
   * the client has these bytes; `staleSeconds`: the state is the last known one, this old.
   */
  answer(ifNoneMatch: string | undefined, state: object, build: (second: number) => Buffer, staleSeconds: number | null = null): RouteResult {
    const second = toUnixSeconds(this.clock());
    if (state !== this.state || second !== this.second || staleSeconds !== this.staleSeconds || !this.prepared) {
      this.prepared = prepareBody(build(second), this.cacheControl, staleSeconds);
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
export function stationStateHandler(
  station: StationService,
  clock: Clock,
  render: (state: StationState, second: number) => Buffer,
): (ctx: RequestContext) => RouteResult | Promise<RouteResult> {
  const prepared = new PreparedResponse(STATION_STATE_CACHE, clock);
  return (ctx) => {
    const ifNoneMatch = ctx.headers['if-none-match'];
    const answer = (state: StationState) => prepared.answer(ifNoneMatch, state, (second) => render(state, second), station.staleSeconds(state));
    const state = station.peek();
    return state ? answer(state) : station.state().then(answer);
  };
}
