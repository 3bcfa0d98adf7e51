import type { PlayedSong, StationState, TrackNote } from './model.js';
import { songWithDetails } from './song.js';
import { HISTORY_KEPT } from './station-progress.js';
import type { LiveInfo, NextTrack, TrackDetails } from './track-details.js';

/** What a playout system pushes when it starts a track (POST /api/admin/nowplaying), checked. */
export interface PushedTrack {
  readonly artist: string;
  readonly title: string;
  readonly details: TrackDetails;
  /** Unix seconds the track started (the push's `started_at`, default: when it arrived). */
  readonly startedAt: number;
  readonly next: readonly NextTrack[];
  readonly live: LiveInfo | null;
}

export interface PushOutcome {
  state: StationState;
  /** The song that started with this push, or null when it only enriched the song on air. */
  songStarted: PlayedSong | null;
}

/**
 * The station's next state after a push; pure. Another song than the one on air starts (history,
 * count, one `song:started`); the same song only gains the push's richer fields and its start
 * time, and starts nothing (one song, one `song.changed`, whichever source named it first). The
 * push then holds against the poll's other title until its start + duration + `graceSeconds`
 * (station-progress.ts); the poll still decides on air, off air and listeners.
 */
export function pushTrack(previous: StationState, push: PushedTrack, nowMs: number, graceSeconds: number): PushOutcome {
  const now = Math.floor(nowMs / 1000);
  // A clock ahead of ours cannot start a song in the future.
  const startedAt = Math.min(push.startedAt, now);
  const state: StationState = structuredClone(previous);
  const pushed = songWithDetails(push.artist, push.title, push.details);
  const current = previous.nowPlaying;
  let songStarted: PlayedSong | null = null;
  if (current?.song.id === pushed.id) {
    state.nowPlaying = { song: { ...current.song, ...pushed }, played_at: startedAt };
  } else {
    if (current) state.history = [current, ...previous.history].slice(0, HISTORY_KEPT);
    songStarted = { song: pushed, played_at: startedAt };
    state.nowPlaying = songStarted;
    state.totalSongsPlayed += 1;
  }
  const track: TrackNote = {
    songId: pushed.id,
    details: push.details,
    next: [...push.next],
    live: push.live,
    holdUntil: startedAt + (push.details.duration ?? 0) + graceSeconds,
  };
  state.track = track;
  // The playout system names the song: the stale-song rule counts from now.
  state.poll.titleSeenAt = now;
  return { state, songStarted };
}
