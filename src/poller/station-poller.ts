import type { Logger } from 'pino';
import type { StationService } from '../station/station-service.js';
import type { StreamReader } from '../station/stream-snapshot.js';
import type { PollMetrics } from '../metrics/metrics.js';

/** One poll: read the stream server and hand the snapshot to the domain (which publishes what changed). */
export class StationPoller {
  private failing = false;

  constructor(
    private readonly reader: StreamReader,
    private readonly station: StationService,
    private readonly log: Logger,
    private readonly metrics: PollMetrics,
  ) {}

  /** Never throws: the scheduler must keep ticking whatever happens. */
  async tick(): Promise<void> {
    try {
      if (await this.poll()) this.metrics.pollSucceeded();
      else this.metrics.pollFailed();
    } catch (error) {
      this.metrics.pollFailed();
      this.log.error({ err: error }, 'poll could not update the station state');
    }
  }

  /** Whether the stream server answered (the state is stored either way). */
  private async poll(): Promise<boolean> {
    const snapshot = await this.reader.read();
    // One log line per outage, not per poll (the domain decides when an outage takes the station off air).
    if (!snapshot.reachable && !this.failing) this.log.warn({ error: snapshot.error, sources: snapshot.sources }, 'stream server unreachable');
    if (snapshot.reachable && this.failing) this.log.info('stream server reachable again');
    this.failing = !snapshot.reachable;
    await this.station.applySnapshot(snapshot);
    return snapshot.reachable;
  }
}
