import { describe, expect, it } from 'vitest';
import { shownSong } from '../../web/src/listener/shown-song.js';

// The title the listener page shows when the stream names what is heard (issue 30 item 4 calls
// the player's onStreamTitle with it): the hub runs ahead of the audio, so the heard title wins,
// keeping the hub's artwork and album when the hub knows that song.

const song = (artist: string, title: string, extra: { album?: string; art?: string } = {}) => ({ id: `${artist}:${title}`, artist, title, text: `${artist} - ${title}`, ...extra });
const rescue = song('Lauren Daigle', 'Rescue', { album: 'Look Up Child', art: '/art/rescue.jpg' });
const goodness = song('CeCe Winans', 'Goodness of God', { album: 'Believe For It', art: '/art/goodness.jpg' });

describe('the song the listener page shows', () => {
  it('is the hub’s song, with its progress, when the stream names nothing', () => {
    expect(shownSong(null, { song: goodness, played_at: 100 }, [])).toEqual({ song: goodness, current: true });
    expect(shownSong(null, null, [])).toEqual({ song: null, current: false });
  });

  it('is the hub’s current song when the stream names that one', () => {
    expect(shownSong({ artist: 'CeCe Winans', title: 'Goodness of God' }, { song: goodness, played_at: 100 }, [{ song: rescue, played_at: 0 }])).toEqual({ song: goodness, current: true });
  });

  it('stays on the song still heard, with its artwork and album from the history, while the hub has moved on', () => {
    const shown = shownSong({ artist: 'Lauren Daigle', title: 'Rescue' }, { song: goodness, played_at: 100 }, [{ song: rescue, played_at: 0 }]);
    expect(shown).toEqual({ song: rescue, current: false });
  });

  it('shows the stream’s own words for a song the hub does not know', () => {
    expect(shownSong({ artist: 'Hillsong United', title: 'Oceans' }, { song: goodness, played_at: 100 }, []).song).toMatchObject({ artist: 'Hillsong United', title: 'Oceans' });
    expect(shownSong({ artist: '', title: 'Station ID' }, null, []).song).toMatchObject({ artist: '', title: 'Station ID', text: 'Station ID' });
  });
});
