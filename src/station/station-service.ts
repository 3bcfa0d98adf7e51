import type { Logger } from 'pino';
import { isAppError } from '../errors.js';
import { toUnixSeconds, type Clock } from './clock.js';
import { publishAll, type LiveEvent, type LiveHub } from './live-hub.js';
import type { NowPlaying, PlayedSong, Song, StationState, StationStatus, Stats, StreamStats, TrackNote, Uptime } from './model.js';
import { rankPopularSongs } from './popularity.js';
import type { Store } from './ports.js';
import { advanceStation, HOURS_KEPT } from './station-progress.js';
import { isStale } from './song-on-air.js';
import type { StoreAway } from './shapes.js';
import { storeAwayNotice } from './store-notice.js';
import { sourcesAfter } from './source-health.js';
import type { StreamSnapshot } from './stream-snapshot.js';
import type { AudienceRecorder } from './audience-recorder.js';
import { makeSong } from './song.js';
import type { ArtworkFinder, LiveInfo } from './track-details.js';
import { pushTrack, type PushedTrack } from './track-push.js';

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
  /** How long a pushed song holds past its duration against the poll's other title (nowPlayingPush.graceSeconds). */
  pushGraceSeconds: number;
}

/**
 * How long one song's start is claimed across nodes: a push and a poll (or two nodes) naming the
 * same song within it announce one `song:started` (one `song.changed` webhook), whatever their times.
 */
const SONG_START_CLAIM_MS = 60_000;

/** `live` when no source says a presenter is on. */
export const NOBODY_LIVE = { is_live: false, streamer_name: null, since: null } as const;

/** Whether two track notes tell listeners the same about what plays next and who is live (a change is announced). */
function sameTrackNews(a: TrackNote | null | undefined, b: TrackNote | null | undefined): boolean {
  return JSON.stringify([a?.songId, a?.next, a?.live]) === JSON.stringify([b?.songId, b?.next, b?.live]);
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
    private readonly stores: Pick<Store, 'station' | 'requests' | 'availability' | 'claim'>,
    private readonly profile: StationProfile,
    private readonly poll: PollSettings,
    private readonly clock: Clock,
    private readonly live: LiveHub,
    private readonly log: Logger,
    /** Listener sessions and each play's audience, for the reports; null when analytics is off. */
    private readonly audience: AudienceRecorder | null = null,
    private readonly artwork: ArtworkFinder | null = null,
    /** The host of the show on air now, if it names one: the presenter when a source says only that someone is live. */
    private readonly hostOnAir: () => string | null = () => null,
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
    if (started) await this.recordStart(progress.state, started, events);
    const next = progress.state;
    const onAir = next.nowPlaying && { song: next.nowPlaying, details: next.track?.songId === next.nowPlaying.song.id ? next.track.details : null };
    // Recorded before the state is stored, so the state carries this poll's audience figures.
    await this.audience?.record(snapshot, started, nowMs, onAir);
    // Only while the lists are read (off air, as they were): a source whose list cannot be read
    // leaves the figures to the polled counts rather than to days that stopped growing.
    const listsRead = snapshot.online ? (snapshot.audience ?? null) !== null : (previous.audience ?? null) !== null;
    const audience = this.audience && listsRead ? await this.audience.figures(nowMs, HOURS_KEPT) : null;
    const state = { ...next, audience, mostPopular: rankPopularSongs(await this.store.tallies()), sources: sourcesAfter(previous.sources, snapshot, toUnixSeconds(this.clock())) };
    await this.store.write(state);

    if (progress.statusChanged) events.push({ event: 'status', payload: this.statusOf(state) });
    // A song that just went stale is announced too: listeners see it leave "now playing".
    const wentStale = isStale(state, state.updatedAt ?? 0, this.poll.staleSongSeconds) && !isStale(previous, previous.updatedAt ?? 0, this.poll.staleSongSeconds);
    const nextChanged = !sameTrackNews(previous.track, state.track);
    if (started || progress.statusChanged || wentStale || nextChanged) await this.announce(state, started, events);
    if (progress.listenersChanged) events.push({ event: 'listeners', payload: { current: state.listeners, peak_today: state.peakToday } });
    publishAll(this.live, events);
    return state;
  }

  /**
   * A playout system's push (track-push.ts): another song starts, or the song on air gains the
   * push's fields; stored, then announced (`nowplaying` always, `song:started` once per song).
   */
  async applyPush(push: PushedTrack): Promise<NowPlaying> {
    const previous = await this.store.readFresh();
    const outcome = pushTrack(previous, push, this.clock(), this.poll.pushGraceSeconds);
    const events: LiveEvent[] = [];
    const started = outcome.songStarted;
    if (started) await this.recordStart(outcome.state, started, events);
    const state = started ? { ...outcome.state, mostPopular: rankPopularSongs(await this.store.tallies()) } : outcome.state;
    await this.store.write(state);
    const nowPlaying = await this.announce(state, started, events);
    publishAll(this.live, events);
    return nowPlaying;
  }

  /**
   * What a song's start means, on whichever door saw it: its artwork looked up when it came
   * without (into `state`), the play remembered and counted, the pending request it fulfils.
   */
  private async recordStart(state: StationState, started: PlayedSong, events: LiveEvent[]): Promise<void> {
    if (!started.song.art && this.artwork) {
      const art = await this.artwork.find({ artist: started.song.artist, title: started.song.title, album: started.song.album ?? null });
      if (art && state.nowPlaying?.song.id === started.song.id) state.nowPlaying = { ...state.nowPlaying, song: { ...state.nowPlaying.song, art } };
    }
    await Promise.all([this.store.recordPlay(started.song.id, started.played_at, this.poll.recentlyPlayedSeconds), this.store.tally(started.song, 'plays')]);
    const fulfilled = await this.stores.requests.markPlayed(started.song.id);
    if (fulfilled) {
      this.log.info({ requestId: fulfilled.id, song: started.song.text }, 'song request played');
      events.push({ event: 'request:played', payload: fulfilled }, { event: 'request:updated', payload: fulfilled });
    }
  }

  /**
   * Adds the `nowplaying` event (and `song:started` for a song that started) to `events`. The
   * start is claimed in the store first: a push and a poll, on one node or two, that both saw the
   * song start announce it once (one `song.changed`), whatever times they gave it.
   */
  private async announce(state: StationState, started: PlayedSong | null, events: LiveEvent[]): Promise<NowPlaying> {
    const nowPlaying = this.nowPlayingOf(state);
    if (started && (await this.stores.claim(`song-started:${started.song.id}`, SONG_START_CLAIM_MS))) events.push({ event: 'song:started', payload: nowPlaying });
    events.push({ event: 'nowplaying', payload: nowPlaying });
    return nowPlaying;
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

  nowPlayingOf(state: StationState): NowPlaying {
    const now = toUnixSeconds(this.clock());
    // A stale song (song-on-air.ts) is history: now_playing null, the song first in the history.
    const stale = isStale(state, now, this.poll.staleSongSeconds);
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
