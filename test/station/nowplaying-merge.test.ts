import { describe, expect, it } from 'vitest';
import type { NowPlaying } from '../../src/station/model.js';
import type { StreamSnapshot } from '../../src/station/stream-snapshot.js';
import type { PushedTrack } from '../../src/station/track-push.js';
import { onAir, serviceWorld, STATION_LOGO } from '../support/service-world.js';

// Issue 29 items 3, 5, 6: one story when the playout system's push and the stream server's poll
// disagree (docs/polling.md, "Pushed now playing"), and what plays next and who is live, from
// the push or from a reader that knows more (a StreamSnapshot with details/next/live).

const details = { album: null, label: null, duration: null, artworkUrl: null, isrc: null };
const push = (artist: string, title: string, more: Partial<PushedTrack> & { duration?: number } = {}, at?: number): PushedTrack => ({
  artist,
  title,
  details: { ...details, duration: more.duration ?? null, ...more.details },
  startedAt: at ?? 0,
  next: more.next ?? [],
  live: more.live ?? null,
});

describe('the push and the poll, one story', () => {
  const start = () => {
    const world = serviceWorld();
    const seconds = () => Math.floor(world.now / 1000);
    const nowPlaying = async () => world.station.nowPlaying();
    return { world, seconds, nowPlaying };
  };

  it('shows every pushed field: album, artwork, duration, progress, next up and who is live', async () => {
    const { world, seconds, nowPlaying } = start();
    await world.station.applySnapshot(onAir('Old Artist', 'Old Song', 7));
    world.advance(60);
    const answer = await world.station.applyPush(
      push(
        'Lauren Daigle',
        'Rescue',
        {
          duration: 200,
          details: { ...details, album: 'Look Up Child', label: 'Centricity', artworkUrl: 'https://art.example/rescue.jpg', isrc: 'USCEN1800001', duration: 200 },
          next: [{ artist: 'CeCe Winans', title: 'Goodness of God', duration: 300, artworkUrl: null }],
          live: { isLive: true, streamerName: 'Naomi', since: null },
        },
        seconds() - 5,
      ),
    );
    expect(answer.now_playing).toEqual({
      song: expect.objectContaining({ title: 'Rescue', artist: 'Lauren Daigle', album: 'Look Up Child', art: 'https://art.example/rescue.jpg' }),
      played_at: seconds() - 5,
      elapsed: 5,
      duration: 200,
    });
    expect(answer.playing_next).toEqual({ song: expect.objectContaining({ title: 'Goodness of God', art: STATION_LOGO }), duration: 300 });
    expect(answer.live).toEqual({ is_live: true, streamer_name: 'Naomi', since: null });
    // The poll still counts the listeners; the song before is history.
    expect(answer.listeners.current).toBe(7);
    expect(answer.song_history[0]!.song.title).toBe('Old Song');
    expect(world.eventNames().slice(-2)).toEqual(['song:started', 'nowplaying']);
    expect(await nowPlaying()).toEqual(answer);
  });

  it('holds the pushed song while it can be on air, then lets a different title from the poll win', async () => {
    const { world, seconds, nowPlaying } = start();
    await world.station.applySnapshot(onAir('Old Artist', 'Old Song', 3));
    await world.station.applyPush(push('Lauren Daigle', 'Rescue', { duration: 200, details: { ...details, album: 'Look Up Child', duration: 200 } }, seconds()));
    world.takePublished();

    // The stream server's title lags: its old song within the hold changes nothing but the listeners.
    world.advance(10);
    await world.station.applySnapshot(onAir('Old Artist', 'Old Song', 9));
    expect((await nowPlaying()).now_playing?.song.title).toBe('Rescue');
    expect((await nowPlaying()).listeners.current).toBe(9);
    expect(world.eventNames()).not.toContain('song:started');

    // It then names the pushed song: the same song keeps the richer pushed fields, no new start.
    world.advance(10);
    await world.station.applySnapshot(onAir('Lauren Daigle', 'Rescue', 9));
    expect((await nowPlaying()).now_playing).toMatchObject({ song: { album: 'Look Up Child' }, duration: 200 });
    expect(world.eventNames()).not.toContain('song:started');

    // Past duration + grace (30 s) a different title means the playout system stopped pushing: the poll wins.
    world.advance(200 + 30 - 20 + 1);
    await world.station.applySnapshot(onAir('Unpushed', 'Song', 9));
    const after = await nowPlaying();
    expect(after.now_playing).toEqual({ song: expect.objectContaining({ title: 'Song', art: STATION_LOGO }), played_at: seconds(), elapsed: 0 });
    expect(after.playing_next).toBeNull();
    // The history keeps the pushed song's album and artwork.
    expect(after.song_history[0]!.song).toMatchObject({ title: 'Rescue', album: 'Look Up Child' });
    expect(world.eventNames().filter((e) => e === 'song:started')).toHaveLength(1);
  });

  it('lets the poll decide on air and off air while a push holds', async () => {
    const { world, seconds, nowPlaying } = start();
    await world.station.applySnapshot(onAir('A', 'One', 3));
    await world.station.applyPush(push('B', 'Two', { duration: 300 }, seconds()));
    world.advance(5);
    await world.station.applySnapshot({ ...onAir('A', 'One', 3), online: false, song: null });
    expect((await nowPlaying()).online).toBe(false);
    expect((await nowPlaying()).listeners.current).toBe(0);
  });

  it('announces one song start (one song.changed) when the poll saw the song before its push, whatever their times', async () => {
    const { world, seconds, nowPlaying } = start();
    await world.station.applySnapshot(onAir('Hillsong United', 'Oceans'));
    const polledAt = seconds();
    world.advance(4);
    // The push arrives late and says the song started 6 s ago, before the poll saw it.
    await world.station.applyPush(push('Hillsong United', 'Oceans', { duration: 540 }, seconds() - 6));
    expect(world.eventNames().filter((e) => e === 'song:started')).toHaveLength(1);
    const shown = await nowPlaying();
    expect(shown.now_playing).toMatchObject({ played_at: polledAt - 2, duration: 540, elapsed: 6 });
    // A repeated push of the same song changes nothing either.
    await world.station.applyPush(push('Hillsong United', 'Oceans', { duration: 540 }, seconds() - 6));
    expect(world.eventNames().filter((e) => e === 'song:started')).toHaveLength(1);
  });

  it('never lets elapsed run past the duration, and keeps played_at for an app to draw progress itself', async () => {
    const { world, seconds, nowPlaying } = start();
    await world.station.applyPush(push('A', 'Short', { duration: 10 }, seconds()));
    world.advance(25);
    expect((await nowPlaying()).now_playing).toMatchObject({ elapsed: 10, duration: 10, played_at: seconds() - 25 });
  });
});

describe('a reader that knows more (AzuraCast, LibreTime: their StreamSnapshot)', () => {
  const richer = (title: string, more: Partial<StreamSnapshot>): StreamSnapshot => ({ ...onAir('Phil Wickham', title, 12), ...more });

  it("fills album, artwork, duration, next up and the live DJ from the reader's snapshot", async () => {
    const world = serviceWorld();
    await world.station.applySnapshot(
      richer('Battle Belongs', {
        details: { album: 'Hymn of Heaven', label: null, duration: 242, artworkUrl: 'https://radio.example/api/station/1/art/abc.jpg', isrc: null },
        next: [{ artist: 'Elevation Worship', title: 'Graves Into Gardens', duration: 381, artworkUrl: 'https://radio.example/art/next.jpg' }],
        live: { isLive: true, streamerName: 'DJ Ruth', since: 1_780_300_000 },
      }),
    );
    const shown: NowPlaying = await world.station.nowPlaying();
    expect(shown.now_playing).toMatchObject({ song: { album: 'Hymn of Heaven', art: 'https://radio.example/api/station/1/art/abc.jpg' }, duration: 242 });
    expect(shown.playing_next).toEqual({ song: expect.objectContaining({ title: 'Graves Into Gardens', art: 'https://radio.example/art/next.jpg' }), duration: 381 });
    expect(shown.live).toEqual({ is_live: true, streamer_name: 'DJ Ruth', since: 1_780_300_000 });

    // Next up changes on the same song: announced as now playing, no new song start.
    world.takePublished();
    world.advance(10);
    await world.station.applySnapshot(richer('Battle Belongs', { next: [{ artist: 'X', title: 'Other', duration: null, artworkUrl: null }] }));
    expect(world.eventNames()).toEqual(['nowplaying']);
    expect((await world.station.nowPlaying()).playing_next?.song.title).toBe('Other');
  });

  it('asks the artwork finder for a song that came without, else shows the logo', async () => {
    const asked: string[] = [];
    const world = serviceWorld({
      artwork: {
        find: async (song) => {
          asked.push(song.title);
          return song.title === 'Known' ? '/artwork/known.jpg' : null;
        },
      },
    });
    await world.station.applySnapshot(onAir('A', 'Known'));
    expect((await world.station.nowPlaying()).now_playing?.song.art).toBe('/artwork/known.jpg');
    world.advance(10);
    await world.station.applySnapshot(onAir('A', 'Unknown'));
    expect((await world.station.nowPlaying()).now_playing?.song.art).toBe(STATION_LOGO);
    // The history keeps what was found.
    expect((await world.station.nowPlaying()).song_history[0]!.song.art).toBe('/artwork/known.jpg');
    expect(asked).toEqual(['Known', 'Unknown']);
  });
});
