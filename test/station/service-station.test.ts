import { describe, expect, it } from 'vitest';
import { unreachable } from '../../src/station/stream-snapshot.js';
import { onAir, serviceWorld } from '../support/service-world.js';

describe('StationService.applySnapshot with a fake clock', () => {
  it('announces the first poll on air with status, the song that started, now playing and listeners', async () => {
    const world = serviceWorld();
    const state = await world.station.applySnapshot(onAir('Choir', 'Amazing Grace', 12));
    const events = world.takePublished();
    expect(events.map((e) => e.event)).toEqual(['status', 'song:started', 'nowplaying', 'listeners']);
    expect(events[0]!.payload).toMatchObject({ online: true, server_status: 'online', listeners: 12, quality: '128kbps MP3' });
    expect(events[2]!.payload).toMatchObject({ now_playing: { song: { text: 'Choir - Amazing Grace' }, played_at: world.now / 1000, elapsed: 0 } });
    expect(events[1]!.payload).toEqual(events[2]!.payload);
    expect(events[3]!.payload).toEqual({ current: 12, peak_today: 12 });
    expect(state.totalSongsPlayed).toBe(1);
  });

  it('announces a song change as a song start and now playing only, with the last song in the history', async () => {
    const world = serviceWorld();
    await world.station.applySnapshot(onAir('Choir', 'Amazing Grace'));
    world.advance(10);
    world.takePublished();
    await world.station.applySnapshot(onAir('Choir', 'Amazing Grace'));
    expect(world.takePublished()).toEqual([]);
    world.advance(200);
    await world.station.applySnapshot(onAir('Choir', 'It Is Well'));
    const events = world.takePublished();
    expect(events.map((e) => e.event)).toEqual(['song:started', 'nowplaying']);
    expect(events[1]!.payload).toMatchObject({
      now_playing: { song: { title: 'It Is Well' }, played_at: world.now / 1000 },
      song_history: [{ song: { title: 'Amazing Grace' } }],
    });
    expect(events[0]!.payload).toEqual(events[1]!.payload);
  });

  it('marks the pending request for the starting song played and announces it', async () => {
    const world = serviceWorld();
    await world.station.applySnapshot(onAir('Choir', 'Amazing Grace'));
    const { request } = await world.requests.submit({ artist: 'Choir', song_title: 'It Is Well' }, 'listener-1');
    world.advance(200);
    world.takePublished();
    await world.station.applySnapshot(onAir('Choir', 'It Is Well'));
    const played = { ...request, status: 'played' };
    expect(world.takePublished().slice(0, 2)).toEqual([
      { event: 'request:played', payload: played },
      { event: 'request:updated', payload: played },
    ]);
    expect(await world.requests.list('pending', 10)).toEqual([]);
    expect(await world.requests.list('played', 10)).toEqual([played]);
  });

  it('starts a new peak with the first poll after midnight in the station zone, not in UTC', async () => {
    const world = serviceWorld();
    world.now = Date.parse('2026-06-01T12:00:00Z'); // 07:00 in Chicago
    await world.station.applySnapshot(onAir('Choir', 'Amazing Grace', 40));
    world.now = Date.parse('2026-06-02T00:30:00Z'); // 19:30 in Chicago, still 1 June
    const evening = await world.station.applySnapshot(onAir('Choir', 'Amazing Grace', 5));
    expect(evening.peakToday).toBe(40);
    world.now = Date.parse('2026-06-02T05:01:00Z'); // 00:01 in Chicago, 2 June
    world.takePublished();
    const nextDay = await world.station.applySnapshot(onAir('Choir', 'Amazing Grace', 5));
    expect(nextDay.peakToday).toBe(5);
    expect(world.takePublished()).toEqual([{ event: 'listeners', payload: { current: 5, peak_today: 5 } }]);
  });

  it('goes off air after two failed polls in a row, not after one', async () => {
    const world = serviceWorld();
    await world.station.applySnapshot(onAir('Choir', 'Amazing Grace', 12));
    world.advance(10);
    world.takePublished();
    const first = await world.station.applySnapshot(unreachable('timeout'));
    expect(world.takePublished()).toEqual([]);
    expect(world.station.statusOf(first)).toMatchObject({ online: true, listeners: 12 });
    world.advance(10);
    const second = await world.station.applySnapshot(unreachable('timeout'));
    const events = world.takePublished();
    expect(events.map((e) => e.event)).toEqual(['status', 'nowplaying', 'listeners']);
    expect(events[0]!.payload).toMatchObject({ online: false, server_status: 'offline', listeners: 0 });
    // What it knew stays: the song is still the last one heard.
    expect(second.nowPlaying?.song.title).toBe('Amazing Grace');
  });

  it('does not announce a song start when the station comes back on air with the song it left with', async () => {
    const world = serviceWorld();
    await world.station.applySnapshot(onAir('Choir', 'Amazing Grace', 12));
    world.advance(10);
    await world.station.applySnapshot(unreachable('timeout'));
    world.advance(10);
    await world.station.applySnapshot(unreachable('timeout'));
    world.advance(10);
    world.takePublished();
    await world.station.applySnapshot(onAir('Choir', 'Amazing Grace', 12));
    // Now playing is re-sent with the status change; the song did not start again.
    expect(world.takePublished().map((e) => e.event)).toEqual(['status', 'nowplaying', 'listeners']);
  });

  it('forgives a single failed poll between good ones', async () => {
    const world = serviceWorld();
    await world.station.applySnapshot(onAir('Choir', 'Amazing Grace', 12));
    world.advance(10);
    await world.station.applySnapshot(unreachable('timeout'));
    world.advance(10);
    await world.station.applySnapshot(onAir('Choir', 'Amazing Grace', 12));
    world.advance(10);
    world.takePublished();
    const state = await world.station.applySnapshot(unreachable('timeout'));
    expect(world.takePublished()).toEqual([]);
    expect(state.serverStatus).toBe('online');
  });

  it('reports uptime from the first poll on air, by the clock', async () => {
    const world = serviceWorld();
    await world.station.applySnapshot(onAir('Choir', 'Amazing Grace'));
    world.advance(2 * 3600 + 5 * 60);
    const state = await world.station.applySnapshot(onAir('Choir', 'Amazing Grace'));
    expect(world.station.statusOf(state).uptime).toEqual({ seconds: 7500, human: '0d 2h 5m' });
  });

  it('stops calling a song "now playing" once it is older than the stale bound with no newer title, and says so live', async () => {
    const world = serviceWorld({ staleSongSeconds: 1200 });
    await world.station.applySnapshot(onAir('Choir', 'Amazing Grace'));
    // The source reconnects without metadata: the server keeps reporting no title.
    const noTitle = { ...onAir('', ''), song: null };
    world.advance(1190);
    world.takePublished();
    await world.station.applySnapshot(noTitle);
    expect(world.takePublished()).toEqual([]);
    expect((await world.station.nowPlaying()).now_playing).toMatchObject({ song: { title: 'Amazing Grace' }, elapsed: 1190 });
    world.advance(20);
    await world.station.applySnapshot(noTitle);
    expect(world.takePublished()).toEqual([{ event: 'nowplaying', payload: expect.objectContaining({ now_playing: null, online: true }) }]);
    const shown = await world.station.nowPlaying();
    expect(shown.now_playing).toBeNull();
    expect(shown.song_history[0]).toMatchObject({ song: { title: 'Amazing Grace' } });
    // Announced once, not on every later poll; a new title is now playing again.
    world.advance(10);
    await world.station.applySnapshot(noTitle);
    expect(world.takePublished()).toEqual([]);
    await world.station.applySnapshot(onAir('Choir', 'It Is Well'));
    const next = world.takePublished().find((e) => e.event === 'nowplaying');
    expect(next?.payload).toMatchObject({ now_playing: { song: { title: 'It Is Well' } }, song_history: [{ song: { title: 'Amazing Grace' } }] });
  });

  it('keeps a long song "now playing" while the stream server keeps naming it (a sermon is not stale)', async () => {
    const world = serviceWorld({ staleSongSeconds: 1200 });
    for (let minute = 0; minute <= 45; minute++) {
      await world.station.applySnapshot(onAir('Pastor John', 'Sunday Sermon'));
      world.advance(60);
    }
    expect((await world.station.nowPlaying()).now_playing).toMatchObject({ song: { title: 'Sunday Sermon' } });
  });

  it('keeps a song playing past any length when the stale bound is 0', async () => {
    const world = serviceWorld({ staleSongSeconds: 0 });
    await world.station.applySnapshot(onAir('Choir', 'Amazing Grace'));
    world.advance(5 * 3600);
    expect((await world.station.nowPlaying()).now_playing).toMatchObject({ song: { title: 'Amazing Grace' } });
  });
});

describe('each source’s health for staff', () => {
  it('keeps up or down, listeners and the last poll each source answered', async () => {
    const world = serviceWorld();
    const polled = (reachable: [boolean, boolean]) => ({
      ...onAir('Choir', 'Amazing Grace', 7),
      sources: [
        { name: 'main', primary: true, reachable: reachable[0], online: reachable[0], listeners: reachable[0] ? 5 : 0, ...(reachable[0] ? {} : { error: 'timeout' }) },
        { name: 'relay', primary: false, reachable: reachable[1], online: reachable[1], listeners: reachable[1] ? 2 : 0 },
      ],
    });
    await world.station.applySnapshot(polled([true, true]));
    const firstPoll = world.now / 1000;
    world.advance(30);
    const state = await world.station.applySnapshot(polled([false, true]));
    expect(state.sources).toEqual([
      { name: 'main', primary: true, reachable: false, online: false, listeners: 0, last_good_poll: firstPoll, error: 'timeout' },
      { name: 'relay', primary: false, reachable: true, online: true, listeners: 2, last_good_poll: firstPoll + 30, error: null },
    ]);
  });

  it('shows a single-source station as one source, `stream`', async () => {
    const world = serviceWorld();
    const state = await world.station.applySnapshot(onAir('Choir', 'It Is Well', 3));
    expect(state.sources).toEqual([{ name: 'stream', primary: true, reachable: true, online: true, listeners: 3, last_good_poll: world.now / 1000, error: null }]);
  });
});
