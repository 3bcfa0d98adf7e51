import { describe, expect, it } from 'vitest';
import { streamTitle } from '../../web/src/listener/in-band/stream-title.js';
import { shownSong } from '../../web/src/listener/shown-song.js';
import type { PlayedSong, Song } from '../../src/station/shapes.js';

// What the page makes of the metadata the stream carries (the browser suite plays it for real:
// in-band-titles.test.ts); here every shape a station's stream may send.

const song = (artist: string, title: string): Song => ({ id: `${artist}|${title}`, artist, title, text: `${artist} - ${title}`, art: '/logo.svg' });

describe('the title a stream carries', () => {
  it('splits an ICY StreamTitle the way the hub splits Icecast\'s ("Artist - Title"; a title alone stays whole)', () => {
    expect(streamTitle({ StreamTitle: 'Chris Tomlin - How Great Is Our God' })).toEqual({ artist: 'Chris Tomlin', title: 'How Great Is Our God' });
    expect(streamTitle({ StreamTitle: 'Hillsong - Oceans - Live' })).toEqual({ artist: 'Hillsong', title: 'Oceans - Live' });
    expect(streamTitle({ StreamTitle: 'Station ID' })).toEqual({ artist: '', title: 'Station ID' });
  });

  it("takes an Ogg stream's TITLE and ARTIST comments", () => {
    expect(streamTitle({ TITLE: 'Oceans', ARTIST: 'Hillsong United' })).toEqual({ artist: 'Hillsong United', title: 'Oceans' });
  });

  it('names nothing for an empty title (the page keeps the one it shows)', () => {
    expect(streamTitle({ StreamTitle: '' })).toBeNull();
    expect(streamTitle({ StreamTitle: '   ' })).toBeNull();
    expect(streamTitle({})).toBeNull();
  });
});

// The song shown for a stream title is the page's one rule, shownSong (shown-song.test.ts has the
// progress and up-next flag); here the cases of a title this reader hands over.
describe('the song the listener hears', () => {
  const now = song('Casting Crowns', 'Who Am I');
  const earlier = song('Chris Tomlin', 'How Great Is Our God');
  const history: PlayedSong[] = [{ song: earlier, played_at: 1_700_000_000 }];
  const playing = { song: now, played_at: 1_700_000_200 };
  const heard = (artist: string, title: string, current: typeof playing | null = playing) =>
    shownSong(streamTitle({ StreamTitle: artist ? `${artist} - ${title}` : title }), current, current ? history : []).song;

  it("is the feed's now playing without a stream title, or when both agree", () => {
    expect(shownSong(null, playing, history).song).toBe(now);
    expect(heard('Casting Crowns', 'Who Am I')).toBe(now);
  });

  it("is the feed's own record of an earlier song while the audio still plays it (artwork and rating follow the song heard)", () => {
    expect(heard('Chris Tomlin', 'How Great Is Our God')).toBe(earlier);
  });

  it('is the stream title as it came when the feed never named it', () => {
    expect(heard('Hillsong', 'Oceans')).toMatchObject({ artist: 'Hillsong', title: 'Oceans', text: 'Hillsong - Oceans' });
    expect(heard('', 'Station ID', null)).toMatchObject({ title: 'Station ID', text: 'Station ID' });
  });
});
