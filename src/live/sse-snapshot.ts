import type { StationState } from '../station/model.js';
import { encodeSseFrame } from '../station/ports.js';
import type { StationService } from '../station/station-service.js';

/**
 * The now-playing frame a fresh SSE stream starts with, encoded once and reused until it changes.
 * The text is the station's (`nowPlayingJsonOf`: made once per state and second, afresh when it
 * names the host on air); the frame adds the newest event id. A reconnect wave of thousands of
 * streams would otherwise render and serialise the same snapshot once each (~9 µs of a connect's
 * CPU, bench/connect-profile.mjs).
 */
export class SnapshotFrame {
  private json = '';
  private newest: string | null = null;
  private frame = '';

  constructor(private readonly station: StationService) {}

  /** `nowplaying` of `state` now, under `newest` (no id line when there is no event yet). */
  of(state: StationState, newest: string | null): string {
    const json = this.station.nowPlayingJsonOf(state);
    if (json !== this.json || newest !== this.newest || !this.frame) {
      this.frame = encodeSseFrame('nowplaying', json, newest ?? undefined);
      this.json = json;
      this.newest = newest;
    }
    return this.frame;
  }
}
