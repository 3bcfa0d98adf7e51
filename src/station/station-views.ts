import { toUnixSeconds, type Clock } from './clock.js';
import type { NowPlaying, Song, StationState, StationStatus, Stats, StreamStats, Uptime } from './model.js';
import { isStale } from './song-on-air.js';
import { makeSong } from './song.js';
import { StationReads, type StationStores } from './station-reads.js';
import type { LiveInfo } from './track-details.js';
import type { RequesterWords } from './requester-name.js';

export interface StationProfile {
  genre: string;
  /** Absent: the station has not said (the status answers `""`, as the spec keeps these strings). */
  websiteUrl?: string;
  /** Absent: the stream is not set up yet (the status answers `""`; the pages offer no Play). */
  streamUrl?: string;
  /** IANA zone: "today" for the peak resets at its midnight. */
  timezone: string;
  /** The station's logo on this hub: the artwork of a song none is known for (`song.art` is never empty). */
  logoUrl: string;
  /** The station's language, for live events that name a requester who gave no name; absent: English. */
  words?: RequesterWords;
}

/** `live` when no source says a presenter is on. */
export const NOBODY_LIVE = { is_live: false, streamer_name: null, since: null } as const;

export function formatUptime(seconds: number): Uptime {
  const whole = Math.max(0, Math.floor(seconds));
  const days = Math.floor(whole / 86_400);
  const hours = Math.floor((whole % 86_400) / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  return { seconds: whole, human: `${days}d ${hours}h ${minutes}m` };
}

const HISTORY_LENGTH = 10;

/**
 * The station's state shaped as its answers: status, stats, stream stats and now playing (the
 * REST routes, the live events and the pages all answer these). Until a poll has happened it
 * honestly says `unknown`, 0 and null instead of inventing a station.
 */
export abstract class StationViews extends StationReads {
  constructor(
    stores: StationStores,
    protected readonly profile: StationProfile,
    /** The stale-song rule's bound (song-on-air.ts). */
    private readonly staleSongSeconds: number,
    protected readonly clock: Clock,
    /** The host of the show on air now, if it names one: the presenter when a source says only that someone is live. */
    private readonly hostOnAir: () => string | null,
  ) {
    super(stores);
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
    const audience = state.audience ?? null;
    return {
      current_listeners: state.listeners,
      peak_listeners_today: state.peakToday,
      // From the reports' audience data when listener lists were read; else the polled counts.
      total_listener_hours: Math.round(((audience?.listenerSeconds ?? state.totalListenerSeconds) / 3600) * 100) / 100,
      average_listening_time: (audience ? audience.averageSeconds : null) ?? state.averageListeningSeconds ?? 0,
      // Only when known: counted from listener lists (or by SHOUTcast), never guessed.
      ...(state.uniqueListeners !== null ? { unique_listeners: state.uniqueListeners } : {}),
      listener_history: audience?.history ?? state.listenerHistory,
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

  /** The last now-playing text made, with what it was made of (nowPlayingJson). */
  private nowPlayingText: { state: StationState; second: number; json: string } | null = null;

  /**
   * `JSON.stringify(await this.nowPlaying())`, made once per state and second instead of once per
   * caller: every new live client is sent it first, so a reconnect wave asked for the same text
   * thousands of times a second (~20 µs of each WebSocket connect). nowPlayingOf depends on the
   * state, the whole second, and the host on air only for a live show whose source names nobody:
   * that case is made afresh each time. A new state (a poll, a push) is a new object, so the text
   * is made again as soon as the state changes.
   */
  async nowPlayingJson(): Promise<string> {
    return this.nowPlayingJsonOf(await this.state());
  }

  /** `JSON.stringify(this.nowPlayingOf(state))`, kept as nowPlayingJson says (the one home of that rule). */
  nowPlayingJsonOf(state: StationState): string {
    // Read before the text is made: across a second's turn the text is of the later second, and
    // is then only kept under the earlier one, which no later call asks for.
    const second = toUnixSeconds(this.clock());
    const made = this.nowPlayingText;
    if (made?.state === state && made.second === second) return made.json;
    const json = JSON.stringify(this.nowPlayingOf(state));
    const readsHost = state.track?.live?.isLive === true && !state.track.live.streamerName;
    this.nowPlayingText = readsHost ? null : { state, second, json };
    return json;
  }

  nowPlayingOf(state: StationState): NowPlaying {
    const now = toUnixSeconds(this.clock());
    // A stale song (song-on-air.ts) is history: now_playing null, the song first in the history.
    const stale = isStale(state, now, this.staleSongSeconds);
    const current = stale ? null : state.nowPlaying;
    // The richer source's word counts only for the song it was about.
    const track = current && state.track?.songId === current.song.id ? state.track : null;
    const duration = track?.details.duration ?? null;
    const next = track?.next[0];
    const history = (stale && state.nowPlaying ? [state.nowPlaying, ...state.history] : state.history).slice(0, HISTORY_LENGTH);
    return {
      now_playing: current
        ? {
            song: this.withArt(current.song),
            played_at: current.played_at,
            // Past its end (a late next push) the bar stays full rather than running over.
            elapsed: Math.max(0, duration === null ? now - current.played_at : Math.min(duration, now - current.played_at)),
            ...(duration === null ? {} : { duration }),
          }
        : null,
      song_history: history.map((played) => ({ ...played, song: this.withArt(played.song) })),
      listeners: { current: state.listeners, peak_today: state.peakToday },
      online: state.serverStatus === 'online',
      playing_next: next ? { song: this.withArt(makeSong(next.artist, next.title, next.artworkUrl ? { art: next.artworkUrl } : {})), duration: next.duration } : null,
      live: track?.live ? { is_live: track.live.isLive, streamer_name: this.presenterOf(track.live), since: track.live.since } : NOBODY_LIVE,
    };
  }

  /** The name the source gave the presenter, else (an Icecast live mount names nobody) the programme's host on now. */
  private presenterOf(live: LiveInfo): string | null {
    if (!live.isLive) return null;
    return live.streamerName ?? this.hostOnAir();
  }

  /** `song.art` is never empty: the song's own artwork, else the station's logo. */
  private withArt(song: Song): Song {
    return song.art ? song : { ...song, art: this.profile.logoUrl };
  }

  private uptime(state: StationState): Uptime {
    if (state.serverStatus !== 'online' || state.streamStartedAt === null) return formatUptime(0);
    return formatUptime(toUnixSeconds(this.clock()) - state.streamStartedAt);
  }
}
