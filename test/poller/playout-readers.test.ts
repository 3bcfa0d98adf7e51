import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AzuraCastReader } from '../../src/poller/azuracast-reader.js';
import { LibreTimeReader } from '../../src/poller/libretime-reader.js';
import { SourceSet, type StatusParser } from '../../src/poller/source-set.js';
import { sendByPath, startReplayServer, type ReplayServer } from '../support/replay-server.js';
import { call, startTestServer } from '../support/test-server.js';

// AzuraCast's and LibreTime's own now-playing APIs as sources beside Icecast and SHOUTcast, read
// from the payloads their repositories document (test/fixtures/stream-servers/README.md says where
// each comes from), served by a real local HTTP server.

let replay: ReplayServer;
beforeAll(async () => {
  replay = await startReplayServer();
});
afterAll(() => replay.close());

const fixture = (name: string) => readFileSync(new URL(`../fixtures/stream-servers/${name}`, import.meta.url), 'utf8');
const json = (body: string | object) => ({ body: typeof body === 'string' ? body : JSON.stringify(body), type: 'application/json' });
/** The page as the poller reads it: fetched by a source set (the readers only parse). */
const polled = (status: StatusParser) => new SourceSet([{ name: 'main', primary: true, status, listeners: null }]).read();

const AZURA_PATH = '/api/nowplaying/azuratest_radio';
const STATIC_PATH = '/api/nowplaying_static/azuratest_radio.json';
const LIBRE_PATH = '/api/live-info-v2';
/** 2013-07-03 in Europe/London is BST (UTC+1): LibreTime's local times, as Unix seconds. */
const london = (hh: number, mm: number, ss: number) => Date.UTC(2013, 6, 3, hh - 1, mm, ss) / 1000;

describe('AzuraCast now playing', () => {
  it.each([AZURA_PATH, STATIC_PATH])('reads song, album, ISRC, artwork, duration, start, next up, listeners and quality from %s', async (path) => {
    replay.respond(sendByPath({ [path]: json(fixture('azuracast-nowplaying.json')) }));
    expect(await polled(new AzuraCastReader(`${replay.url}${path}`))).toMatchObject({
      reachable: true,
      online: true,
      listeners: 20,
      uniqueListeners: 15,
      song: { artist: 'Chet Porter', title: 'Aluko River' },
      details: { album: 'Moving Castle', label: null, duration: 180, artworkUrl: 'https://picsum.photos/1200/1200', isrc: 'US28E1600021' },
      next: [{ artist: 'Chet Porter', title: 'Aluko River', duration: 180, artworkUrl: 'https://picsum.photos/1200/1200' }],
      live: { isLive: false, streamerName: null, since: null },
      songStartedAt: 1609480800,
      bitrateKbps: 128,
      codec: 'MP3',
    });
  });

  it('names the streamer while a DJ is live, with the broadcast start', async () => {
    const page = JSON.parse(fixture('azuracast-nowplaying.json')) as { live: { is_live: boolean } };
    page.live.is_live = true;
    replay.respond(sendByPath({ [AZURA_PATH]: json(page) }));
    expect((await polled(new AzuraCastReader(`${replay.url}${AZURA_PATH}`))).live).toEqual({ isLive: true, streamerName: 'DJ Jazzy Jeff', since: 1591548318 });
  });

  it('is off air when AzuraCast says the station is offline (its empty now playing)', async () => {
    replay.respond(sendByPath({ [AZURA_PATH]: json(fixture('azuracast-nowplaying-empty.json')) }));
    expect(await polled(new AzuraCastReader(`${replay.url}${AZURA_PATH}`))).toMatchObject({ reachable: true, online: false, song: null, listeners: 0 });
  });

  it('makes a relative artwork path absolute and drops artwork that is not http(s)', () => {
    const page = (art: string) => {
      const doc = JSON.parse(fixture('azuracast-nowplaying.json')) as { now_playing: { song: { art: string } } };
      doc.now_playing.song.art = art;
      return JSON.stringify(doc);
    };
    const reader = new AzuraCastReader('https://radio.example/api/nowplaying/1');
    expect(reader.parse(page('/api/station/1/art/abc-1700000000.jpg')).details?.artworkUrl).toBe('https://radio.example/api/station/1/art/abc-1700000000.jpg');
    expect(reader.parse(page('javascript:alert(1)')).details?.artworkUrl).toBeNull();
    expect(reader.parse(page('data:image/png;base64,AAAA')).details?.artworkUrl).toBeNull();
  });

  it('takes the song text when artist and title are empty, and has no next up without one', () => {
    const doc = JSON.parse(fixture('azuracast-nowplaying.json')) as { now_playing: { song: Record<string, string> }; playing_next: unknown };
    Object.assign(doc.now_playing.song, { artist: '', title: '', text: 'Lauren Daigle - Rescue' });
    doc.playing_next = null;
    const snapshot = new AzuraCastReader('https://radio.example/api/nowplaying/1').parse(JSON.stringify(doc));
    expect(snapshot.song).toEqual({ artist: 'Lauren Daigle', title: 'Rescue' });
    expect(snapshot.next).toEqual([]);
  });
});

describe('LibreTime live-info-v2', () => {
  it('reads the scheduled file with album, label, length, ISRC, artwork, its start in the station time zone, and next up unescaped', async () => {
    replay.respond(sendByPath({ [LIBRE_PATH]: json(fixture('libretime-live-info-v2.json')) }));
    expect(await polled(new LibreTimeReader(`${replay.url}${LIBRE_PATH}`))).toMatchObject({
      reachable: true,
      online: true,
      listeners: 0,
      song: { artist: 'Deodato', title: 'Also Sprach Zarathustra' },
      details: { album: 'Prelude', label: 'CTI', duration: 539, artworkUrl: `${replay.url}/api/track?id=12&return=artwork`, isrc: 'USCT17300001' },
      next: [{ artist: 'Earth, Wind & Fire', title: 'Boogie Wonderland', duration: 186, artworkUrl: null }],
      live: { isLive: false, streamerName: null, since: null },
      songStartedAt: london(14, 7, 6),
    });
  });

  it('is live with the show as the presenter while a live source is on air', async () => {
    replay.respond(sendByPath({ [LIBRE_PATH]: json(fixture('libretime-live-info-v2-live-dj.json')) }));
    expect(await polled(new LibreTimeReader(`${replay.url}${LIBRE_PATH}`))).toMatchObject({
      online: true,
      song: { artist: '', title: 'Funk Show - Live Stream' },
      details: null,
      next: [],
      live: { isLive: true, streamerName: 'Funk Show', since: london(14, 0, 0) },
    });
  });

  it('is off air when nothing is scheduled', () => {
    const doc = JSON.parse(fixture('libretime-live-info-v2.json')) as { tracks: { current: unknown } };
    doc.tracks.current = null;
    expect(new LibreTimeReader('http://lt.example/api/live-info-v2').parse(JSON.stringify(doc))).toMatchObject({ reachable: true, online: false });
  });
});

describe('what the service reports from a playout system', () => {
  it('AzuraCast alone: status, listeners, quality and the song', async () => {
    replay.respond(sendByPath({ [AZURA_PATH]: json(fixture('azuracast-nowplaying.json')) }));
    const server = await startTestServer({ stream: { kind: 'azuracast', statusUrl: `${replay.url}${AZURA_PATH}` } });
    try {
      await server.app.poller.tick();
      expect((await call(`${server.url}/api/mobile/status`)).body.data).toMatchObject({ online: true, listeners: 20, quality: '128kbps MP3' });
      expect((await call(`${server.url}/api/mobile/nowplaying`)).body.data.now_playing.song).toMatchObject({ artist: 'Chet Porter', title: 'Aluko River' });
    } finally {
      await server.close();
    }
  });

  it('LibreTime as the primary for the song, the Icecast beside it for the listeners', async () => {
    replay.respond(
      sendByPath({
        [LIBRE_PATH]: json(fixture('libretime-live-info-v2.json')),
        '/status-json.xsl': json(fixture('icecast-formatted.json')),
      }),
    );
    const server = await startTestServer({
      stream: {
        sources: [
          { name: 'libretime', kind: 'libretime', statusUrl: `${replay.url}${LIBRE_PATH}`, primary: true },
          { name: 'icecast', kind: 'icecast', statusUrl: `${replay.url}/status-json.xsl`, mount: '/live.mp3' },
        ],
      },
    });
    try {
      await server.app.poller.tick();
      expect((await call(`${server.url}/api/mobile/status`)).body.data).toMatchObject({ online: true, listeners: 17 });
      expect((await call(`${server.url}/api/mobile/nowplaying`)).body.data.now_playing.song).toMatchObject({ artist: 'Deodato', title: 'Also Sprach Zarathustra' });
    } finally {
      await server.close();
    }
  });
});

const READERS = [
  { kind: 'AzuraCast', reader: (url: string) => new AzuraCastReader(url) },
  { kind: 'LibreTime', reader: (url: string) => new LibreTimeReader(url) },
];

describe('bad answers are a failed poll, never a crash', () => {
  it.each(READERS)('$kind: an HTML error page, another server’s JSON, or broken JSON', async ({ reader }) => {
    for (const page of [
      { body: '<html><body>502 Bad Gateway</body></html>', type: 'text/html' },
      json(fixture('icecast-formatted.json')),
      json('{"station": {"name": "x"}, "now_playing": {'),
      json('[]'),
    ]) {
      replay.respond(sendByPath({ '/np': page }));
      expect(await polled(reader(`${replay.url}/np`))).toMatchObject({ reachable: false, error: expect.stringMatching(/not (AzuraCast|LibreTime)/) });
    }
  });

  it.each(READERS)('$kind: a body past the 512 KiB cap is not read to its end', async ({ reader }) => {
    replay.respond((_, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      const chunk = Buffer.alloc(64 * 1024, 0x20);
      const pump = () => {
        while (!res.destroyed && res.write(chunk));
        if (!res.destroyed) res.once('drain', pump);
      };
      res.on('close', () => res.destroy());
      pump();
    });
    expect(await polled(reader(`${replay.url}/np`))).toMatchObject({ reachable: false, error: expect.stringMatching(/larger than/) });
  });

  it.each(READERS)('$kind: a server that never answers costs at most the 2 s timeout', async ({ reader }) => {
    replay.respond(() => undefined);
    const started = Date.now();
    expect(await polled(reader(`${replay.url}/np`))).toMatchObject({ reachable: false, error: expect.stringMatching(/TimeoutError|timeout/i) });
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it.each(READERS)('$kind: any JSON at all parses without throwing', ({ reader }) => {
    const parser = reader('http://radio.example/api/x');
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const snapshot = parser.parse(JSON.stringify(value));
        expect(typeof snapshot.reachable).toBe('boolean');
      }),
      { numRuns: 100 },
    );
    // The documents' own shape with every field replaced by something odd.
    fc.assert(
      fc.property(fc.object({ values: [fc.jsonValue()] }), fc.object({ values: [fc.jsonValue()] }), (inner, other) => {
        parser.parse(JSON.stringify({ station: inner, now_playing: other, tracks: { current: inner, next: other }, is_online: true, live: other, listeners: inner }));
      }),
      { numRuns: 100 },
    );
  });
});
