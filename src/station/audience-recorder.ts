import { DateTime } from 'luxon';
import type { AudienceLog } from './ports.js';
import type { AudienceStep, OpenSession, PlayAudience } from './audience-model.js';
import { figuresFrom, type AudienceFigures } from './audience-figures.js';
import { countryField, FIELD, hourField, lengthBucketOf, lengthField, mountField, playerField } from './audience-fields.js';
import type { PlayedSong } from './model.js';
import type { HeardListener, StreamSnapshot } from './stream-snapshot.js';
import type { TrackDetails } from './track-details.js';

/** The song the station's state has on air, and what a playout push said of it (null: nothing). */
export interface OnAir {
  readonly song: PlayedSong;
  readonly details: TrackDetails | null;
}

/** The song on air when a push (not this poll) started it: another than the open play, or new since the last poll. */
function startedByPush(playing: PlayAudience | null, polledAt: number | null, onAir: OnAir | null): PlayedSong | null {
  if (!onAir) return null;
  const { song } = onAir.song;
  if (playing) return playing.artist === song.artist && playing.title === song.title ? null : onAir.song;
  return polledAt !== null && onAir.song.played_at > polledAt ? onAir.song : null;
}

export interface AudienceSettings {
  timezone: string;
  pollSeconds: number;
  retentionDays: number;
}

/**
 * Follows listener sessions from poll to poll and each play's audience, and writes one step per
 * poll to the store. A session is the stream server's listener id on its source: it opens at
 * the first poll that lists it (its start is that poll less the seconds the server says it has
 * been connected) and ends at the last poll that listed it. Its start counts on the day it
 * started (sessions, player, country, source), its length when it ends; listening and peaks
 * count at each poll, in the hour of that poll. The poll runs on one node per tick, so each
 * session is counted once however many nodes there are.
 */
export class AudienceRecorder {
  constructor(
    private readonly log: AudienceLog,
    private readonly settings: AudienceSettings,
  ) {}

  /**
   * `songStarted` is the song this poll found started; `onAir` the song the station's state has on
   * air with what a playout push said of it. A push starts songs between polls, on any node: a
   * song on air other than the open play (or one started since the last poll when none is open)
   * starts a play too, with the pushed album, label, ISRC and duration.
   */
  async record(snapshot: StreamSnapshot, songStarted: PlayedSong | null, nowMs: number, onAir: OnAir | null = null): Promise<void> {
    // A failed poll knows nothing: sessions stay open until a poll sees them again or not.
    if (!snapshot.reachable) return;
    const before = await this.log.now();
    const now = Math.floor(nowMs / 1000);
    const started = songStarted ?? startedByPush(before.play, before.polledAt, onAir);
    const details = started && onAir?.song.song.id === started.song.id ? (onAir.details ?? snapshot.details ?? null) : (snapshot.details ?? null);
    const step = this.stepFrom(before.sessions, before.play, before.polledAt, { ...snapshot, details }, started, now);
    await this.log.commit(step);
  }

  /**
   * The public stats' listening figures from the days kept (null: no session ever followed). Read
   * once per poll and stored with the station's state, so stats itself reads nothing more.
   */
  async figures(nowMs: number, hoursKept: number): Promise<AudienceFigures | null> {
    const today = DateTime.fromMillis(nowMs, { zone: this.settings.timezone });
    const days = await this.log.days(today.minus({ days: this.settings.retentionDays }).toISODate()!, today.toISODate()!);
    return figuresFrom(days, Math.floor(nowMs / 1000), this.settings.timezone, hoursKept);
  }

  private stepFrom(open: OpenSession[], playing: PlayAudience | null, polledAt: number | null, snapshot: StreamSnapshot, songStarted: PlayedSong | null, now: number): AudienceStep {
    const step: AudienceStep = { polledAt: now, opened: [], closed: [], add: [], max: [], visitors: [], play: null, finished: [], keepDays: this.settings.retentionDays };
    const { day, hour } = this.when(now);
    // Between polls as the station's counters do it: a long gap (every node down) is not invented.
    const gap = polledAt === null ? 0 : Math.min(Math.max(0, now - polledAt), Math.max(60, 3 * this.settings.pollSeconds));
    const heard: HeardListener[] | null = snapshot.online ? (snapshot.audience ?? null) : [];

    if (heard === null) {
      // On air with a source whose list could not be read: what the day's figures miss.
      if (gap > 0) step.add.push([day, FIELD.blindSeconds, gap]);
      step.play = playing && !songStarted ? playing : this.started(songStarted, snapshot, 0, now, step, playing);
      return step;
    }

    const current = new Map(heard.map((listener) => [listener.session, listener]));
    const known = new Map(open.map((session) => [session.session, session]));
    let joined = 0;
    for (const listener of current.values()) {
      if (known.has(listener.session)) continue;
      joined += 1;
      const startedAt = now - Math.min(Math.max(0, listener.connectedSeconds ?? 0), 86_400 * 7);
      step.opened.push({ session: listener.session, startedAt });
      const start = this.when(startedAt);
      for (const field of [FIELD.sessions, hourField(start.hour, 'sessions'), playerField(listener.player), countryField(listener.country), mountField(listener.mount)]) {
        step.add.push([start.day, field, 1]);
      }
      step.visitors.push([day, listener.visitor]);
    }
    for (const session of known.values()) {
      if (current.has(session.session)) continue;
      step.closed.push(session.session);
      // It was last heard at the previous poll.
      const seconds = Math.max(0, (polledAt ?? now) - session.startedAt);
      const startDay = this.when(session.startedAt).day;
      step.add.push([startDay, FIELD.ended, 1], [startDay, FIELD.endedSeconds, seconds], [startDay, lengthField(lengthBucketOf(seconds)), 1]);
    }

    const listening = current.size * gap;
    if (listening > 0) step.add.push([day, FIELD.listenerSeconds, listening], [day, hourField(hour, 'ls'), listening]);
    step.max.push([day, FIELD.peak, current.size], [day, hourField(hour, 'peak'), current.size]);

    // The time since the last poll belongs to the play that was on air then, even when it ends now.
    const heardSince = playing && {
      ...playing,
      peakListeners: Math.max(playing.peakListeners, current.size),
      sessions: playing.sessions + joined,
      listenerSeconds: playing.listenerSeconds + listening,
    };
    step.play = heardSince && !songStarted && snapshot.online ? heardSince : this.started(songStarted, snapshot, current.size, now, step, heardSince);
    return step;
  }

  /** Ends the play on air (if any) and starts the new one (if a song started at this poll). */
  private started(song: PlayedSong | null, snapshot: StreamSnapshot, listeners: number, now: number, step: AudienceStep, playing: PlayAudience | null): PlayAudience | null {
    if (playing) {
      const measured = Math.max(0, now - playing.startedAt);
      step.finished.push([this.when(playing.startedAt).day, { ...playing, durationSeconds: playing.durationSeconds || measured }]);
    }
    if (!song || !snapshot.online) return null;
    // What a richer source says of the track (a playout push: album, label, ISRC, duration).
    const details = snapshot.details ?? null;
    return {
      startedAt: song.played_at,
      artist: song.song.artist,
      title: song.song.title,
      album: details?.album ?? song.song.album ?? '',
      label: details?.label ?? '',
      isrc: details?.isrc ?? '',
      durationSeconds: details?.duration ?? 0,
      listenersAtStart: listeners,
      peakListeners: listeners,
      sessions: listeners,
      listenerSeconds: 0,
    };
  }

  private when(seconds: number): { day: string; hour: number } {
    const local = DateTime.fromSeconds(seconds, { zone: this.settings.timezone });
    return { day: local.toISODate()!, hour: local.hour };
  }
}
