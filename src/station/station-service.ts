import type { Logger } from 'pino';
import { isAppError } from '../errors.js';
import { toUnixSeconds, type Clock } from './clock.js';
import { publishAll, type LiveEvent, type LiveHub } from './live-hub.js';
import type { NowPlaying, StationState, StationStatus, Stats, StreamStats, Uptime } from './model.js';
import { rankPopularSongs } from './popularity.js';
import type { Store } from './ports.js';
import { advanceStation } from './station-progress.js';
import { isStale } from './song-on-air.js';
import type { StoreAway } from './shapes.js';
import { storeAwayNotice } from './store-notice.js';
import { sourcesAfter } from './source-health.js';
import type { StreamSnapshot } from './stream-snapshot.js';
import type { AudienceRecorder } from './audience-recorder.js';

export interface StationProfile {
  genre: string;
  /** Absent: the station has not said (the status answers `""`, as the spec keeps these strings). */
  websiteUrl?: string;
  /** Absent: the stream is not set up yet (the status answers `""`; the pages offer no Play). */
  streamUrl?: string;
  /** IANA zone: "today" for the peak resets at its midnight. */
  timezone: string;
}

export interface PollSettings {
  pollSeconds: number;
  /**
   * How long a play must be remembered: the request rule's window (requests.thresholdSeconds).
   * Derived from that one setting, so a longer window can never outlive what the store keeps.
   */
  recentlyPlayedSeconds: number;
  /** The stale-song rule's bound (stream.staleSongSeconds; song-on-air.ts). */
  staleSongSeconds: number;
}

export function formatUptime(seconds: number): Uptime {
  const whole = Math.max(0, Math.floor(seconds));
  const days = Math.floor(whole / 86_400);
  const hours = Math.floor((whole % 86_400) / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  return { seconds: whole, human: `${days}d ${hours}h ${minutes}m` };
}

const HISTORY_LENGTH = 10;

/**
 * The station's state: advanced by each poll snapshot (the one poll entry, `applySnapshot`), and
 * shaped for status, stats and now playing. Until a poll has happened it honestly says `unknown`,
 * 0 and null instead of inventing a station.
 */
export class StationService {
  private readonly store: Store['station'];

  constructor(
    private readonly stores: Pick<Store, 'station' | 'requests' | 'availability'>,
    private readonly profile: StationProfile,
    private readonly poll: PollSettings,
    private readonly clock: Clock,
    private readonly live: LiveHub,
    private readonly log: Logger,
    /** Listener sessions and each play's audience, for the reports; null when analytics is off. */
    private readonly audience: AudienceRecorder | null = null,
  ) {
    this.store = stores.station;
  }

  /**
   * Advances the stored state by one poll: records a new song (last-played time, play count, the
   * pending request it fulfils), ranks the popular songs, stores the state, then publishes what
   * changed and returns the state stored. The poller only fetches and calls this.
   */
  async applySnapshot(snapshot: StreamSnapshot): Promise<StationState> {
    const previous = await this.store.readFresh();
    const nowMs = this.clock();
    const progress = advanceStation(previous, snapshot, nowMs, { timezone: this.profile.timezone, pollSeconds: this.poll.pollSeconds });
    const started = progress.songStarted;
    const events: LiveEvent[] = [];
    if (started) {
      await Promise.all([this.store.recordPlay(started.song.id, started.played_at, this.poll.recentlyPlayedSeconds), this.store.tally(started.song, 'plays')]);
      const fulfilled = await this.stores.requests.markPlayed(started.song.id);
      if (fulfilled) {
        this.log.info({ requestId: fulfilled.id, song: started.song.text }, 'song request played');
        events.push({ event: 'request:played', payload: fulfilled }, { event: 'request:updated', payload: fulfilled });
      }
    }
    const state = { ...progress.state, mostPopular: rankPopularSongs(await this.store.tallies()), sources: sourcesAfter(previous.sources, snapshot, toUnixSeconds(this.clock())) };
    await this.store.write(state);
    await this.audience?.record(snapshot, started, nowMs);

    if (progress.statusChanged) events.push({ event: 'status', payload: this.statusOf(state) });
    // A song that just went stale is announced too: listeners see it leave "now playing".
    const wentStale = isStale(state, state.updatedAt ?? 0, this.poll.staleSongSeconds) && !isStale(previous, previous.updatedAt ?? 0, this.poll.staleSongSeconds);
    if (started || progress.statusChanged || wentStale) {
      const nowPlaying = this.nowPlayingOf(state);
      if (started) events.push({ event: 'song:started', payload: nowPlaying });
      events.push({ event: 'nowplaying', payload: nowPlaying });
    }
    if (progress.listenersChanged) events.push({ event: 'listeners', payload: { current: state.listeners, peak_today: state.peakToday } });
    publishAll(this.live, events);
    return state;
  }

  /**
   * The stored state (shared and frozen), for callers that render it themselves. While the store
   * is away (or when this read finds it away) the node's last known state, without asking the
   * store: `staleSeconds` says so. Rejects only when the node knows no state at all.
   */
  state(): Promise<StationState> {
    const held = this.peek();
    if (held) return Promise.resolve(held);
    return this.store.read().catch((error: unknown) => {
      const known = isAppError(error) && error.code === 'UNAVAILABLE' ? this.store.lastKnown() : undefined;
      if (!known) throw error;
      return known.state;
    });
  }

  /** The state when it is at hand without I/O: fresh, or the last known one while the store is away. */
  peek(): StationState | undefined {
    return this.store.peek() ?? (this.stores.availability.awaySince() === null ? undefined : this.store.lastKnown()?.state);
  }

  /**
   * Seconds since the store last confirmed `state`, when it is answered while the store is away
   * (the HTTP `Age` of a stale answer); null when the store answers.
   */
  staleSeconds(state: StationState): number | null {
    if (this.stores.availability.awaySince() === null) return null;
    const known = this.store.lastKnown();
    return known?.state === state ? Math.floor(known.ageMs / 1000) : null;
  }

  /** The `store:away` notice while this node's store is away (for a live client that connects meanwhile); null while it answers. */
  storeAway(): StoreAway | null {
    const since = this.stores.availability.awaySince();
    return since === null ? null : storeAwayNotice(this.stores.availability, since);
  }

  statusOf(state: StationState): StationStatus {
    return {
      online: state.serverStatus === 'online',
      listeners: state.listeners,
      server_status: state.serverStatus,
      stream_url: this.profile.streamUrl ?? '',
      website_url: this.profile.websiteUrl ?? '',
      uptime: this.uptime(state),
      quality: state.bitrateKbps !== null && state.codec ? `${state.bitrateKbps}kbps ${state.codec}` : 'unknown',
      genre: this.profile.genre,
    };
  }

  statsOf(state: StationState): Stats {
    return {
      current_listeners: state.listeners,
      peak_listeners_today: state.peakToday,
      total_listener_hours: Math.round((state.totalListenerSeconds / 3600) * 100) / 100,
      average_listening_time: state.averageListeningSeconds ?? 0,
      // Only when known: counted from listener lists (or by SHOUTcast), never guessed.
      ...(state.uniqueListeners !== null ? { unique_listeners: state.uniqueListeners } : {}),
      listener_history: state.listenerHistory,
      server_uptime: this.uptime(state),
      total_songs_played: state.totalSongsPlayed,
      most_popular_songs: state.mostPopular,
    };
  }

  streamStatsOf(state: StationState): StreamStats {
    return {
      online: state.serverStatus === 'online',
      listeners: state.listeners,
      peak_today: state.peakToday,
      bitrate: state.bitrateKbps,
      codec: state.codec,
      uptime: this.uptime(state),
    };
  }

  async nowPlaying(): Promise<NowPlaying> {
    return this.nowPlayingOf(await this.state());
  }

  nowPlayingOf(state: StationState): NowPlaying {
    const now = toUnixSeconds(this.clock());
    // A stale song (song-on-air.ts) is history: now_playing null, the song first in the history.
    const stale = isStale(state, now, this.poll.staleSongSeconds);
    const current = stale ? null : state.nowPlaying;
    return {
      now_playing: current ? { song: current.song, played_at: current.played_at, elapsed: Math.max(0, now - current.played_at) } : null,
      song_history: (stale && state.nowPlaying ? [state.nowPlaying, ...state.history] : state.history).slice(0, HISTORY_LENGTH),
      listeners: { current: state.listeners, peak_today: state.peakToday },
      online: state.serverStatus === 'online',
    };
  }

  private uptime(state: StationState): Uptime {
    if (state.serverStatus !== 'online' || state.streamStartedAt === null) return formatUptime(0);
    return formatUptime(toUnixSeconds(this.clock()) - state.streamStartedAt);
  }
}
