import { DateTime } from 'luxon';
import type { StreamSnapshot } from './stream-snapshot.js';
import type { PlayedSong, StationState, TrackNote } from './model.js';
import { songWithDetails } from './song.js';

export interface Progress {
  state: StationState;
  /** The song that just started, if the song changed on this poll. */
  songStarted: PlayedSong | null;
  listenersChanged: boolean;
  statusChanged: boolean;
}

export interface ProgressSettings {
  timezone: string;
  pollSeconds: number;
}

/** Songs the state keeps in its history (the answers show the newest ten). */
export const HISTORY_KEPT = 20;
export const HOURS_KEPT = 24;

/**
 * Failed polls in a row (server unreachable, or a page that cannot be read at all) that take an
 * on-air station off air. Two: one glitch (a timeout, the broken first answer of a freshly
 * started Icecast 2.4.4) never flips the station, and a real outage shows within two poll
 * intervals. A server that answers and says the source is gone is believed at once.
 */
export const OFF_AIR_AFTER_FAILED_POLLS = 2;

/**
 * The station's next state from the last one and a new snapshot; pure, so every rule is tested
 * without a server. Failed polls (OFF_AIR_AFTER_FAILED_POLLS in a row) turn the station off air
 * but erase nothing it knew: the song, history, counters and quality stay as they were.
 */
export function advanceStation(previous: StationState, snapshot: StreamSnapshot, nowMs: number, settings: ProgressSettings): Progress {
  const failedPolls = snapshot.reachable ? 0 : (previous.poll.failedPolls ?? 0) + 1;
  if (failedPolls > 0 && failedPolls < OFF_AIR_AFTER_FAILED_POLLS && previous.serverStatus === 'online') {
    // Nothing learned: the state stands as the last good poll left it (its time included, so
    // the next good poll integrates listening over the whole gap, capped as any gap is).
    const state: StationState = structuredClone(previous);
    state.poll.failedPolls = failedPolls;
    return { state, songStarted: null, listenersChanged: false, statusChanged: false };
  }

  const now = Math.floor(nowMs / 1000);
  const online = snapshot.online;
  const listeners = online ? snapshot.listeners : 0;
  const state: StationState = structuredClone(previous);
  state.poll.failedPolls = failedPolls;
  state.serverStatus = online ? 'online' : 'offline';
  state.listeners = listeners;
  state.uniqueListeners = online ? (snapshot.uniqueListeners ?? null) : 0;

  // Peak of the station's calendar day; the first poll after local midnight starts a new one.
  const day = DateTime.fromMillis(nowMs, { zone: settings.timezone }).toISODate();
  state.peakToday = day === previous.poll.peakDay ? Math.max(previous.peakToday, listeners) : listeners;
  state.poll.peakDay = day;

  // Listener-seconds by the trapezoid rule between polls. A long gap (every node down) is
  // capped: we do not know what happened in it and will not invent hours of listening.
  if (previous.updatedAt !== null) {
    const gap = Math.min(Math.max(0, now - previous.updatedAt), Math.max(60, 3 * settings.pollSeconds));
    state.totalListenerSeconds += ((previous.listeners + listeners) / 2) * gap;
  }
  // Every rise of the count is listeners arriving; the estimate of average listening time is
  // listener-seconds per arrival (used when the server does not measure it).
  state.poll.sessionsStarted += Math.max(0, listeners - (previous.updatedAt === null ? 0 : previous.listeners));
  state.averageListeningSeconds = averageListening(state, snapshot, previous.averageListeningSeconds);

  // One point per hour, the peak of that hour, for the last 24 hours.
  const hour = Math.floor(now / 3600) * 3600;
  const history = state.listenerHistory.filter((point) => point.timestamp > hour - HOURS_KEPT * 3600);
  const current = history.find((point) => point.timestamp === hour);
  if (current) current.listeners = Math.max(current.listeners, listeners);
  else history.push({ timestamp: hour, listeners });
  state.listenerHistory = history.sort((a, b) => a.timestamp - b.timestamp);

  let songStarted: PlayedSong | null = null;
  if (online && snapshot.song) {
    const song = songWithDetails(snapshot.song.artist, snapshot.song.title, snapshot.details);
    if (previous.nowPlaying?.song.id !== song.id && !pushHolds(previous, now)) {
      if (previous.nowPlaying) state.history = [previous.nowPlaying, ...previous.history].slice(0, HISTORY_KEPT);
      songStarted = { song, played_at: now };
      state.nowPlaying = songStarted;
      state.totalSongsPlayed += 1;
      state.track = readerTrack(snapshot, song.id);
    } else if (previous.nowPlaying?.song.id === song.id && !isPush(previous.track)) {
      // The same song: a reader's newer word on it (next up, live) replaces its last one.
      state.track = readerTrack(snapshot, song.id) ?? previous.track ?? null;
    }
    // The server still names the song on air: the stale-song rule (song-on-air.ts) counts from here.
    state.poll.titleSeenAt = now;
  } else if (state.nowPlaying && state.poll.titleSeenAt === undefined) {
    // A state stored before the rule existed: its clock starts at this poll.
    state.poll.titleSeenAt = now;
  }

  if (online) {
    state.poll.onlineSince = previous.poll.onlineSince ?? now;
    state.streamStartedAt = snapshot.streamStartedAt ?? state.poll.onlineSince;
    state.bitrateKbps = snapshot.bitrateKbps ?? previous.bitrateKbps;
    state.codec = snapshot.codec ?? previous.codec;
  } else {
    state.poll.onlineSince = null;
  }
  state.updatedAt = now;

  return {
    state,
    songStarted,
    listenersChanged: listeners !== previous.listeners || state.peakToday !== previous.peakToday,
    statusChanged: state.serverStatus !== previous.serverStatus,
  };
}

/**
 * A push holds while its song can still be on air (track-push.ts): a poll naming another song
 * meanwhile reads a stream server whose title lags the playout system, and is not believed.
 * After that, a different title means the playout system stopped pushing: the poll wins.
 */
function pushHolds(previous: StationState, now: number): boolean {
  const track = previous.track;
  return isPush(track) && track.songId === previous.nowPlaying?.song.id && now <= track.holdUntil;
}

const isPush = (track: TrackNote | null | undefined): track is TrackNote & { holdUntil: number } => typeof track?.holdUntil === 'number';

/** What a reader that knows more (AzuraCast, LibreTime) said of the song on air; null when it said nothing more. */
function readerTrack(snapshot: StreamSnapshot, songId: string): TrackNote | null {
  const { details, next, live } = snapshot;
  if (!details && !next?.length && !live) return null;
  const none = { album: null, label: null, duration: null, artworkUrl: null, isrc: null };
  return { songId, details: details ?? none, next: (next ?? []).slice(0, 5), live: live ?? null, holdUntil: null };
}

/**
 * Average listening time, from the best source there is: with listener lists, the seconds the
 * current listeners have been connected, averaged (the measure SHOUTcast's own `averagetime`
 * is; with nobody listening the last value stands); else the server's `averagetime`; else the
 * estimate, listener-seconds per listener arrival.
 */
function averageListening(state: StationState, snapshot: StreamSnapshot, previous: number | null): number | null {
  const sessions = snapshot.online ? snapshot.listenerSessions : null;
  if (sessions) return sessions.count > 0 ? Math.round(sessions.connectedSeconds / sessions.count) : previous;
  if (snapshot.averageListeningSeconds !== null) return snapshot.averageListeningSeconds;
  return state.poll.sessionsStarted > 0 ? Math.round(state.totalListenerSeconds / state.poll.sessionsStarted) : previous;
}
