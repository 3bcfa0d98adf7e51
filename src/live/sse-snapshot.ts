import { toUnixSeconds, type Clock } from '../station/clock.js';
import type { StationState } from '../station/model.js';
import { encodeSseFrame } from '../station/ports.js';
import type { StationService } from '../station/station-service.js';

/**
 * The now-playing frame a fresh SSE stream starts with, encoded once and reused until it changes.
 * Now playing depends only on the station state (new every few seconds), the current second
 * (`elapsed`) and the newest event id; a reconnect wave of thousands of streams would otherwise
 * render and serialise the same snapshot once each (~9 µs of a connect's CPU, bench/connect-profile.mjs).
 */
export class SnapshotFrame {
  private state: StationState | null = null;
  private second = -1;
  private newest: string | null = null;
  private frame = '';

  constructor(
    private readonly station: StationService,
    private readonly clock: Clock,
  ) {}

  /** `nowplaying` of `state` now, under `newest` (no id line when there is no event yet). */
  of(state: StationState, newest: string | null): string {
    const second = toUnixSeconds(this.clock());
    if (state !== this.state || second !== this.second || newest !== this.newest) {
      this.frame = encodeSseFrame('nowplaying', JSON.stringify(this.station.nowPlayingOf(state)), newest ?? undefined);
      this.state = state;
      this.second = second;
      this.newest = newest;
    }
    return this.frame;
  }
}
