import type { Logger } from 'pino';
import en from '../messages/en.js';
import { toUnixSeconds, type Clock } from './clock.js';
import { answeredRequest } from './requester-name.js';
import { publishAll, type LiveEvent, type LiveHub } from './live-hub.js';
import type { NowPlaying, PlayedSong, StationState, TrackNote } from './model.js';
import { rankPopularSongs } from './popularity.js';
import { advanceStation, HOURS_KEPT } from './station-progress.js';
import { isStale } from './song-on-air.js';
import { sourcesAfter } from './source-health.js';
import type { StreamSnapshot } from './stream-snapshot.js';
import type { AudienceRecorder } from './audience-recorder.js';
import type { ArtworkFinder } from './track-details.js';
import { pushTrack, type PushedTrack } from './track-push.js';
import type { StationStores } from './station-reads.js';
import { StationViews, type StationProfile } from './station-views.js';

// Where callers found these before the state's reads and answers had files of their own.
export { formatUptime, NOBODY_LIVE, type StationProfile } from './station-views.js';

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

/** Whether two track notes tell listeners the same about what plays next and who is live (a change is announced). */
function sameTrackNews(a: TrackNote | null | undefined, b: TrackNote | null | undefined): boolean {
  return JSON.stringify([a?.songId, a?.next, a?.live]) === JSON.stringify([b?.songId, b?.next, b?.live]);
}

/**
 * The station's state advanced: by each poll snapshot (the one poll entry, `applySnapshot`) and
 * by a playout system's push. Reading the state (station-reads.ts) and shaping it as answers
 * (station-views.ts) are the parts it builds on; callers hold this one object.
 */
export class StationService extends StationViews {
  constructor(
    stores: StationStores,
    profile: StationProfile,
    private readonly poll: PollSettings,
    clock: Clock,
    private readonly live: LiveHub,
    private readonly log: Logger,
    /** Listener sessions and each play's audience, for the reports; null when analytics is off. */
    private readonly audience: AudienceRecorder | null = null,
    private readonly artwork: ArtworkFinder | null = null,
    /** The host of the show on air now, if it names one: the presenter when a source says only that someone is live. */
    hostOnAir: () => string | null = () => null,
  ) {
    super(stores, profile, poll.staleSongSeconds, clock, hostOnAir);
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
      const announced = answeredRequest(fulfilled, this.profile.words ?? en);
      events.push({ event: 'request:played', payload: announced }, { event: 'request:updated', payload: announced });
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
}
