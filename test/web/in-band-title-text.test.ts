import { describe, expect, it } from 'vitest';
import { songHeard } from '../../web/src/listener/in-band/song-heard.js';
import { streamTitle } from '../../web/src/listener/in-band/stream-title.js';
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

describe('the song the listener hears', () => {
  const now = song('Casting Crowns', 'Who Am I');
  const earlier = song('Chris Tomlin', 'How Great Is Our God');
  const history: PlayedSong[] = [{ song: earlier, played_at: 1_700_000_000 }];

  it("is the feed's now playing without a stream title, or when both agree", () => {
    expect(songHeard(null, now, history)).toBe(now);
    expect(songHeard({ artist: 'Casting Crowns', title: 'Who Am I' }, now, history)).toBe(now);
  });

  it("is the feed's own record of an earlier song while the audio still plays it (artwork and rating follow the song heard)", () => {
    expect(songHeard({ artist: 'Chris Tomlin', title: 'How Great Is Our God' }, now, history)).toBe(earlier);
  });

  it('is the stream title as it came when the feed never named it', () => {
    expect(songHeard({ artist: 'Hillsong', title: 'Oceans' }, now, history)).toMatchObject({ artist: 'Hillsong', title: 'Oceans', text: 'Hillsong - Oceans' });
    expect(songHeard({ artist: '', title: 'Station ID' }, null, [])).toMatchObject({ title: 'Station ID', text: 'Station ID' });
  });
});
