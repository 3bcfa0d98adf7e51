import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeSong } from '../../src/station/song.js';
import { emptyStationState } from '../../src/station/model.js';
import { call, startTestServer, type TestServer } from '../support/test-server.js';

let server: TestServer;
const NOW = Date.parse('2026-06-01T12:00:00Z');
beforeAll(async () => {
  server = await startTestServer(
    {
      station: { streamUrl: 'https://stream.test/live.mp3', genre: 'Gospel' },
    },
    { clock: () => NOW },
  );
});
afterAll(() => server.close());

const get = (path: string) => call(`${server.url}/api/mobile/${path}`);

describe('before any poll', () => {
  it('status says unknown, 0 listeners, and carries timestamp and api_version', async () => {
    const res = await get('status');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      timestamp: NOW / 1000,
      api_version: '1.0.0',
      data: {
        online: false,
        listeners: 0,
        server_status: 'unknown',
        stream_url: 'https://stream.test/live.mp3',
        website_url: expect.stringMatching(/^https?:\/\//),
        uptime: { seconds: 0, human: '0d 0h 0m' },
        quality: 'unknown',
        genre: 'Gospel',
      },
    });
  });

  it('stats carry neither timestamp nor api_version', async () => {
    const res = await get('stats');
    expect(Object.keys(res.body).sort()).toEqual(['data', 'success']);
    expect(res.body.data).toEqual({
      current_listeners: 0,
      peak_listeners_today: 0,
      total_listener_hours: 0,
      average_listening_time: 0,
      listener_history: [],
      server_uptime: { seconds: 0, human: '0d 0h 0m' },
      total_songs_played: 0,
      most_popular_songs: [],
    });
  });

  it('now playing is null', async () => {
    expect((await get('nowplaying')).body.data).toEqual({
      now_playing: null,
      song_history: [],
      listeners: { current: 0, peak_today: 0 },
      online: false,
      playing_next: null,
      live: { is_live: false, streamer_name: null, since: null },
    });
  });
});

describe('with a polled state in the store', () => {
  const current = makeSong('Casting Crowns', 'Who Am I');
  const history = Array.from({ length: 12 }, (_, i) => ({ song: makeSong('Artist', `Song ${i}`), played_at: NOW / 1000 - 240 * (i + 1) }));

  beforeAll(async () => {
    await server.app.store.station.write({
      ...emptyStationState(),
      serverStatus: 'online',
      listeners: 42,
      peakToday: 57,
      nowPlaying: { song: current, played_at: NOW / 1000 - 95 },
      history,
      streamStartedAt: NOW / 1000 - (2 * 86_400 + 3 * 3600 + 4 * 60 + 59),
      bitrateKbps: 128,
      codec: 'mp3',
      totalListenerSeconds: 9000,
      totalSongsPlayed: 345,
      averageListeningSeconds: 1800,
      listenerHistory: [{ timestamp: NOW / 1000 - 3600, listeners: 50 }],
    });
  });

  it('status shows on air, listeners, uptime and quality', async () => {
    const { data } = (await get('status')).body;
    expect(data).toMatchObject({ online: true, listeners: 42, server_status: 'online', quality: '128kbps mp3' });
    expect(data.uptime).toEqual({ seconds: 2 * 86_400 + 3 * 3600 + 4 * 60 + 59, human: '2d 3h 4m' });
  });

  it('stats show the counters', async () => {
    const { data } = (await get('stats')).body;
    expect(data).toMatchObject({ current_listeners: 42, peak_listeners_today: 57, total_listener_hours: 2.5, average_listening_time: 1800, total_songs_played: 345 });
    expect(data.listener_history).toEqual([{ timestamp: NOW / 1000 - 3600, listeners: 50 }]);
  });

  it('now playing shows the song, elapsed time and the last ten, newest first', async () => {
    const { data } = (await get('nowplaying')).body;
    // A song without artwork shows the station's logo: `art` is never empty.
    const logo = expect.stringMatching(/^\/assets\/logo-[\w-]+\.svg$/);
    expect(data.now_playing).toEqual({ song: { ...current, art: logo }, played_at: NOW / 1000 - 95, elapsed: 95 });
    expect(data.now_playing.song.text).toBe('Casting Crowns - Who Am I');
    expect(data.song_history).toEqual(history.slice(0, 10).map((played) => ({ ...played, song: { ...played.song, art: logo } })));
    expect(data.listeners).toEqual({ current: 42, peak_today: 57 });
  });
});

describe('programming', () => {
  it('playlists come from config', async () => {
    const res = await get('playlists');
    expect(res.body.data.playlists.length).toBeGreaterThan(0);
    expect(res.body.data.playlists[0]).toEqual(expect.objectContaining({ id: expect.any(String), name: expect.any(String) }));
  });

  it('schedule names the time zone, the shows and a sorted week ahead', async () => {
    const { data } = (await get('schedule')).body;
    expect(data.timezone).toBe('America/Chicago');
    expect(data.shows.length).toBeGreaterThan(0);
    const starts = data.upcoming.map((o: { starts_at: number }) => o.starts_at);
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
    expect(starts.every((s: number) => s > NOW / 1000 && s < NOW / 1000 + 7 * 86_400)).toBe(true);
    // Monday 2026-06-01 12:00 UTC is 07:00 in Chicago: Morning Praise (06:00-09:00) is on
    expect(data.current).toMatchObject({ id: 'morning-praise', type: 'show' });
  });
});
