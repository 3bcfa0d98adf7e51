import type { Logger } from 'pino';
import type { StationService } from '../station/station-service.js';
import type { StreamReader } from '../station/stream-snapshot.js';
import type { PollMetrics } from '../metrics/metrics.js';
import { TroubleFold } from '../trouble-fold.js';

/** A stream server back for less than this that fails again is flapping; it is steady again after this long up. */
const STEADY_MS = 60_000;
/** While it flaps, one reminder line this often. */
const FLAPPING_REMINDER_MS = 10 * 60_000;

/**
 * One poll: read the stream server and hand the snapshot to the domain (which publishes what changed).
 *
 * Its log is one line per state change, with counts: "stream server unreachable" at the first
 * failed poll, "reachable again" with the polls that failed meanwhile. A server that goes down
 * again within a minute of coming back is flapping: one "flapping" line, then nothing but a
 * reminder every ten minutes, and "steady again" (failed polls and outages counted) once it has
 * answered for a minute. A poll whose state cannot be stored (a Redis outage) is the same: one
 * line when it starts, one with the count when it is over.
 */
export class StationPoller {
  private down = false;
  private downSince = 0;
  private failedThisOutage = 0;
  private lastUpAt: number | null = null;
  private flapping: { since: number; failedPolls: number; outages: number; remindedAt: number } | null = null;
  private readonly storing: TroubleFold;

  constructor(
    private readonly reader: StreamReader,
    private readonly station: StationService,
    private readonly log: Logger,
    private readonly metrics: PollMetrics,
    private readonly clock: () => number = Date.now,
  ) {
    this.storing = new TroubleFold(
      STEADY_MS,
      clock,
      () => undefined,
      (episode) => this.log.info({ failedPolls: episode.count, since: new Date(episode.startedAt).toISOString() }, 'polls update the station state again'),
    );
  }

  /** Never throws: the scheduler must keep ticking whatever happens. */
  async tick(): Promise<void> {
    try {
      if (await this.poll()) this.metrics.pollSucceeded();
      else this.metrics.pollFailed();
      this.storing.fine();
    } catch (error) {
      this.metrics.pollFailed();
      if (!this.storing.active) this.log.error({ err: error }, 'poll could not update the station state');
      this.storing.happened();
    }
  }

  /** Whether the stream server answered (the state is stored either way). */
  private async poll(): Promise<boolean> {
    const snapshot = await this.reader.read();
    if (snapshot.reachable) this.answered();
    else this.failed(snapshot.error, snapshot.sources);
    await this.station.applySnapshot(snapshot);
    return snapshot.reachable;
  }

  private failed(error: string | undefined, sources: unknown): void {
    const now = this.clock();
    if (!this.down) {
      this.down = true;
      this.downSince = now;
      this.failedThisOutage = 0;
      if (this.flapping) this.flapping.outages += 1;
      else if (this.lastUpAt !== null && now - this.lastUpAt < STEADY_MS) {
        this.flapping = { since: now, failedPolls: 0, outages: 1, remindedAt: now };
        this.log.warn(
          { error, upForSeconds: seconds(now - this.lastUpAt) },
          'stream server flapping: unreachable again within a minute of coming back; counted until it answers for a minute',
        );
      } else {
        // The domain decides when an outage takes the station off air; the log says it once.
        this.log.warn({ error, sources }, 'stream server unreachable');
      }
    }
    this.failedThisOutage += 1;
    if (this.flapping) {
      this.flapping.failedPolls += 1;
      this.remind(now);
    }
  }

  private answered(): void {
    const now = this.clock();
    if (this.down) {
      this.down = false;
      this.lastUpAt = now;
      if (!this.flapping) this.log.info({ failedPolls: this.failedThisOutage, downSeconds: seconds(now - this.downSince) }, 'stream server reachable again');
      return;
    }
    if (this.flapping && this.lastUpAt !== null && now - this.lastUpAt >= STEADY_MS) {
      const { since, failedPolls, outages } = this.flapping;
      this.flapping = null;
      this.log.info({ failedPolls, outages, flappedSeconds: seconds(this.lastUpAt - since) }, 'stream server steady again: it has answered for a minute');
      return;
    }
    if (this.flapping) this.remind(now);
  }

  private remind(now: number): void {
    const flapping = this.flapping!;
    if (now - flapping.remindedAt < FLAPPING_REMINDER_MS) return;
    flapping.remindedAt = now;
    this.log.warn({ failedPolls: flapping.failedPolls, outages: flapping.outages, sinceSeconds: seconds(now - flapping.since) }, 'stream server still flapping');
  }
}

const seconds = (ms: number) => Math.round(ms / 1000);
