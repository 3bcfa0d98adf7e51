import type { StationState } from './model.js';
import type { StationStore } from './ports.js';
import { toUnixSeconds, type Clock } from './clock.js';

export interface StationProfile {
  genre: string;
  websiteUrl: string;
  streamUrl: string;
}

export interface Uptime {
  seconds: number;
  /** "<days>d <hours>h <minutes>m" (spec 2.2). */
  human: string;
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
 * Reads what the poller stored and shapes it for status, stats and now playing. Until a poll
 * has happened it honestly says `unknown`, 0 and null instead of inventing a station.
 */
export class StationService {
  constructor(
    private readonly store: StationStore,
    private readonly profile: StationProfile,
    private readonly clock: Clock,
  ) {}

  /** The stored state (shared and frozen), for callers that render it themselves. */
  state(): Promise<StationState> {
    return this.store.read();
  }

  /** The state when it is at hand without I/O. */
  peek(): StationState | undefined {
    return this.store.peek();
  }

  statusOf(state: StationState) {
    return {
      online: state.serverStatus === 'online',
      listeners: state.listeners,
      server_status: state.serverStatus,
      stream_url: this.profile.streamUrl,
      website_url: this.profile.websiteUrl,
      uptime: this.uptime(state),
      quality: state.bitrateKbps !== null && state.codec ? `${state.bitrateKbps}kbps ${state.codec}` : 'unknown',
      genre: this.profile.genre,
    };
  }

  statsOf(state: StationState) {
    return {
      current_listeners: state.listeners,
      peak_listeners_today: state.peakToday,
      total_listener_hours: Math.round((state.totalListenerSeconds / 3600) * 100) / 100,
      average_listening_time: state.averageListeningSeconds ?? 0,
      listener_history: state.listenerHistory,
      server_uptime: this.uptime(state),
      total_songs_played: state.totalSongsPlayed,
      most_popular_songs: state.mostPopular,
    };
  }

  streamStatsOf(state: StationState) {
    return {
      online: state.serverStatus === 'online',
      listeners: state.listeners,
      peak_today: state.peakToday,
      bitrate: state.bitrateKbps,
      codec: state.codec,
      uptime: this.uptime(state),
    };
  }

  async nowPlaying() {
    return this.nowPlayingOf(await this.store.read());
  }

  nowPlayingOf(state: StationState) {
    const now = toUnixSeconds(this.clock());
    return {
      now_playing: state.nowPlaying
        ? { song: state.nowPlaying.song, played_at: state.nowPlaying.played_at, elapsed: Math.max(0, now - state.nowPlaying.played_at) }
        : null,
      song_history: state.history.slice(0, HISTORY_LENGTH),
      listeners: { current: state.listeners, peak_today: state.peakToday },
      online: state.serverStatus === 'online',
    };
  }

  private uptime(state: StationState): Uptime {
    if (state.serverStatus !== 'online' || state.streamStartedAt === null) return formatUptime(0);
    return formatUptime(toUnixSeconds(this.clock()) - state.streamStartedAt);
  }
}
