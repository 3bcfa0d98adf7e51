import type { Logger } from 'pino';
import type { Clock } from '../station/clock.js';
import type { LiveHub } from '../station/live-hub.js';
import { advanceStation, rankPopularSongs, type ProgressSettings } from '../station/station-progress.js';
import type { StationService } from '../station/station-service.js';
import type { Store } from '../station/ports.js';
import type { StreamReader } from '../station/stream-snapshot.js';
import { pollFailed, pollSucceeded } from '../metrics/metrics.js';

/**
 * One poll: read the stream server, advance the stored station state, record a new song
 * (last-played time, play count, the pending request it fulfils), and announce what changed.
 */
export class StationPoller {
  private failing = false;

  constructor(
    private readonly reader: StreamReader,
    private readonly store: Store,
    private readonly station: StationService,
    private readonly live: LiveHub,
    private readonly settings: ProgressSettings,
    private readonly clock: Clock,
    private readonly log: Logger,
  ) {}

  /** Never throws: the scheduler must keep ticking whatever happens. */
  async tick(): Promise<void> {
    try {
      (await this.poll()) ? pollSucceeded() : pollFailed();
    } catch (error) {
      pollFailed();
      this.log.error({ err: error }, 'poll could not update the station state');
    }
  }

  /** Whether the stream server answered (the state is stored either way). */
  private async poll(): Promise<boolean> {
    const snapshot = await this.reader.read();
    if (!snapshot.reachable && !this.failing) this.log.warn({ error: snapshot.error }, 'stream server unreachable; station off air');
    if (snapshot.reachable && this.failing) this.log.info('stream server reachable again');
    this.failing = !snapshot.reachable;

    const previous = await this.store.station.readFresh();
    const progress = advanceStation(previous, snapshot, this.clock(), this.settings);
    const started = progress.songStarted;
    if (started) {
      await Promise.all([this.store.station.recordPlay(started.song.id, started.played_at), this.store.station.tally(started.song, 'plays')]);
      const fulfilled = await this.store.requests.markPlayed(started.song.id);
      if (fulfilled) this.log.info({ requestId: fulfilled.id, song: started.song.text }, 'song request played');
    }
    progress.state.mostPopular = rankPopularSongs(await this.store.station.tallies());
    await this.store.station.write(progress.state);

    if (progress.statusChanged) this.live.publish('status', this.station.statusOf(progress.state));
    if (started || progress.statusChanged) this.live.publish('nowplaying', this.station.nowPlayingOf(progress.state));
    if (progress.listenersChanged) this.live.publish('listeners', { current: progress.state.listeners, peak_today: progress.state.peakToday });
    return snapshot.reachable;
  }
}
