import { describe, expect, it } from 'vitest';
import { offAir, unreachable, type StreamSnapshot } from '../../src/station/stream-snapshot.js';
import { makeSong } from '../../src/station/song.js';
import { rankPopularSongs } from '../../src/station/popularity.js';
import { advanceStation } from '../../src/station/station-progress.js';
import { emptyStationState, type StationState } from '../../src/station/model.js';

const settings = { timezone: 'America/Chicago', pollSeconds: 5 };
const onAir = (listeners: number, song: [string, string] | null = ['Artist', 'Song'], extra: Partial<StreamSnapshot> = {}): StreamSnapshot => ({
  reachable: true,
  online: true,
  listeners,
  song: song ? { artist: song[0], title: song[1] } : null,
  bitrateKbps: 128,
  codec: 'MP3',
  streamStartedAt: null,
  averageListeningSeconds: null,
  ...extra,
});

/** Applies snapshots at the given times (ISO), returning every intermediate result. */
function run(steps: Array<[string, StreamSnapshot]>, start: StationState = emptyStationState()) {
  let state = start;
  return steps.map(([at, snapshot]) => {
    const progress = advanceStation(state, snapshot, Date.parse(at), settings);
    state = progress.state;
    return progress;
  });
}

describe('advancing the station from snapshots', () => {
  it('detects a song change once, keeps history newest first and counts songs', () => {
    const steps = run([
      ['2026-06-01T12:00:00Z', onAir(1, ['A', 'One'])],
      ['2026-06-01T12:00:05Z', onAir(1, ['A', 'One'])],
      ['2026-06-01T12:00:10Z', onAir(1, ['B', 'Two'])],
      ['2026-06-01T12:00:15Z', onAir(1, ['C', 'Three'])],
    ]);
    expect(steps.map((s) => s.songStarted?.song.title ?? null)).toEqual(['One', null, 'Two', 'Three']);
    const last = steps.at(-1)!.state;
    expect(last.history.map((p) => p.song.title)).toEqual(['Two', 'One']);
    expect(last.totalSongsPlayed).toBe(3);
    expect(last.nowPlaying).toEqual({ song: makeSong('C', 'Three'), played_at: Date.parse('2026-06-01T12:00:15Z') / 1000 });
  });

  it('integrates listener-seconds between polls and estimates average listening time', () => {
    const steps = run([
      ['2026-06-01T12:00:00Z', onAir(10)],
      ['2026-06-01T12:00:10Z', onAir(20)], // (10+20)/2 × 10 s = 150
      ['2026-06-01T12:00:20Z', onAir(20)], // 20 × 10 s = 200
    ]);
    const state = steps.at(-1)!.state;
    expect(state.totalListenerSeconds).toBe(350);
    expect(state.poll.sessionsStarted).toBe(20); // 10 arrived, then 10 more
    expect(state.averageListeningSeconds).toBe(18); // 350 / 20, rounded
  });

  it('caps a long gap between polls instead of inventing listening', () => {
    const steps = run([
      ['2026-06-01T12:00:00Z', onAir(10)],
      ['2026-06-01T15:00:00Z', onAir(10)],
    ]);
    expect(steps.at(-1)!.state.totalListenerSeconds).toBe(10 * 60);
  });

  it('prefers the server’s own average listening time', () => {
    expect(run([['2026-06-01T12:00:00Z', onAir(3, null, { averageListeningSeconds: 900 })]])[0]!.state.averageListeningSeconds).toBe(900);
  });

  it('resets the day’s peak at midnight in the station’s zone, not UTC', () => {
    const steps = run([
      ['2026-06-02T04:00:00Z', onAir(50)], // 23:00 on June 1st in Chicago
      ['2026-06-02T04:30:00Z', onAir(20)], // 23:30: same day, peak stays
      ['2026-06-02T05:00:00Z', onAir(30)], // 00:00 June 2nd: a new day
    ]);
    expect(steps.map((s) => s.state.peakToday)).toEqual([50, 50, 30]);
  });

  it('keeps one point per hour, the hour’s peak, for 24 hours', () => {
    const steps: Array<[string, StreamSnapshot]> = [];
    for (let hour = 0; hour < 30; hour++) {
      const at = Date.parse('2026-06-01T00:00:00Z') + hour * 3_600_000;
      steps.push([new Date(at).toISOString(), onAir(hour)], [new Date(at + 1_800_000).toISOString(), onAir(hour + 100)], [new Date(at + 3_000_000).toISOString(), onAir(1)]);
    }
    const history = run(steps).at(-1)!.state.listenerHistory;
    expect(history).toHaveLength(24);
    expect(history.at(-1)).toEqual({ timestamp: Date.parse('2026-06-02T05:00:00Z') / 1000, listeners: 129 });
    expect(history[0]!.timestamp).toBe(Date.parse('2026-06-01T06:00:00Z') / 1000);
  });

  it('rides out one failed poll, and goes off air on the second in a row without erasing what it knew', () => {
    const [onAirStep, glitch, down] = run([
      ['2026-06-01T12:00:00Z', onAir(8, ['A', 'One'])],
      ['2026-06-01T12:00:05Z', unreachable('ECONNREFUSED')],
      ['2026-06-01T12:00:10Z', unreachable('ECONNREFUSED')],
    ]);
    expect(glitch!).toMatchObject({ statusChanged: false, listenersChanged: false, songStarted: null });
    expect(glitch!.state).toMatchObject({ serverStatus: 'online', listeners: 8, updatedAt: onAirStep!.state.updatedAt });
    expect(down!.statusChanged).toBe(true);
    expect(down!.state).toMatchObject({ serverStatus: 'offline', listeners: 0, peakToday: 8, totalSongsPlayed: 1, bitrateKbps: 128, codec: 'MP3' });
    expect(down!.state.nowPlaying).toEqual(onAirStep!.state.nowPlaying);
  });

  it('counts failures only in a row, and believes a server that says the source is gone at once', () => {
    const steps = run([
      ['2026-06-01T12:00:00Z', onAir(8)],
      ['2026-06-01T12:00:05Z', unreachable('timeout')],
      ['2026-06-01T12:00:10Z', onAir(9)],
      ['2026-06-01T12:00:15Z', unreachable('timeout')],
      ['2026-06-01T12:00:20Z', offAir()],
    ]);
    expect(steps.map((s) => s.state.serverStatus)).toEqual(['online', 'online', 'online', 'online', 'offline']);
    // The glitch's 5 s are integrated by the next good poll: (8 + 9) / 2 × 10 s.
    expect(steps[2]!.state.totalListenerSeconds).toBe(85);
  });

  it('takes unique listeners from the snapshot while on air, and 0 off air', () => {
    const steps = run([
      ['2026-06-01T12:00:00Z', onAir(5, null, { uniqueListeners: 3 })],
      ['2026-06-01T12:00:05Z', onAir(5)],
      ['2026-06-01T12:00:10Z', offAir()],
    ]);
    expect(steps.map((s) => s.state.uniqueListeners)).toEqual([3, null, 0]);
  });

  it('takes average listening time from the listener lists’ connected seconds, keeping it while nobody listens', () => {
    const steps = run([
      ['2026-06-01T12:00:00Z', onAir(3, null, { listenerSessions: { count: 3, connectedSeconds: 1860 } })],
      ['2026-06-01T12:00:05Z', onAir(0, null, { listenerSessions: { count: 0, connectedSeconds: 0 } })],
      ['2026-06-01T12:00:10Z', onAir(1, null, { listenerSessions: { count: 1, connectedSeconds: 4 }, averageListeningSeconds: 999 })],
    ]);
    expect(steps.map((s) => s.state.averageListeningSeconds)).toEqual([620, 620, 4]);
  });

  it('does not count the same song again when the source comes back', () => {
    const steps = run([
      ['2026-06-01T12:00:00Z', onAir(1, ['A', 'One'])],
      ['2026-06-01T12:00:05Z', offAir()],
      ['2026-06-01T12:00:10Z', onAir(1, ['A', 'One'])],
    ]);
    expect(steps.at(-1)!.songStarted).toBeNull();
    expect(steps.at(-1)!.state.totalSongsPlayed).toBe(1);
  });

  it('takes uptime from the server’s stream start, else from when it was first seen on air', () => {
    const withStart = run([['2026-06-01T12:00:00Z', onAir(1, null, { streamStartedAt: 1_780_000_000 })]]);
    expect(withStart[0]!.state.streamStartedAt).toBe(1_780_000_000);
    const without = run([
      ['2026-06-01T12:00:00Z', onAir(1)],
      ['2026-06-01T12:00:05Z', onAir(1)],
    ]);
    expect(without.at(-1)!.state.streamStartedAt).toBe(Date.parse('2026-06-01T12:00:00Z') / 1000);
  });
});

describe('most popular songs', () => {
  const tally = (title: string, plays: number, requests: number, ratings: number[]) => ({
    song: makeSong('Band', title),
    plays,
    requests,
    ratingSum: ratings.reduce((a, b) => a + b, 0),
    ratingCount: ratings.length,
  });

  it('ranks by plays, requests (×2) and ratings around 3, with the average rating', () => {
    const ranked = rankPopularSongs([tally('Played', 5, 0, []), tally('Requested', 1, 3, []), tally('Loved', 2, 0, [5, 5]), tally('Disliked', 6, 0, [1, 1, 1])]);
    expect(ranked.map((r) => r.song.title)).toEqual(['Requested', 'Loved', 'Played', 'Disliked']);
    expect(ranked[1]).toMatchObject({ plays: 2, requests: 0, average_rating: 5 });
    expect(ranked[0]!.average_rating).toBeNull();
  });

  it('lists at most ten', () => {
    expect(rankPopularSongs(Array.from({ length: 15 }, (_, i) => tally(`S${i}`, i, 0, [])))).toHaveLength(10);
  });
});
