import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IcecastReader } from '../../src/poller/icecast-reader.js';
import { BareValue, parseLenientJson, type LenientValue } from '../../src/poller/lenient-json.js';
import { Shoutcast1Reader, Shoutcast2Reader } from '../../src/poller/shoutcast-readers.js';
import { SourceSet, type StatusParser } from '../../src/poller/source-set.js';
import { kbpsOf, repairLatin1Mojibake, splitSongText } from '../../src/poller/stream-text.js';
import { sendByPath, sendText, startReplayServer, type ReplayServer } from '../support/replay-server.js';
import { call, startTestServer } from '../support/test-server.js';

let replay: ReplayServer;
beforeAll(async () => {
  replay = await startReplayServer();
});
afterAll(() => replay.close());

/** A captured-shape fixture, byte for byte. */
const fixture = (name: string) => readFileSync(new URL(`../fixtures/stream-servers/${name}`, import.meta.url));

interface ShapeCase {
  shape: string;
  file: string;
  /** Where the server serves it (the query included). */
  path: string;
  source: Record<string, unknown>;
  status: { server_status: 'online' | 'offline'; listeners: number; quality: string };
  song: [string, string] | null;
}

const icecast = (file: string, mount: string): Pick<ShapeCase, 'file' | 'path' | 'source'> => ({ file, path: '/status-json.xsl', source: { kind: 'icecast', mount } });
const on = (listeners: number, quality: string) => ({ server_status: 'online' as const, listeners, quality });
const OFF = { server_status: 'offline' as const, listeners: 0, quality: 'unknown' };

// Every output shape the poller must read, and what the service then reports. A fresh service
// polls each once, so "no song" means the shape itself produced none (nothing was invented).
const SHAPES: ShapeCase[] = [
  {
    shape: 'Icecast, formatted JSON, a comma inside a spaced title',
    ...icecast('icecast-formatted.json', '/live.mp3'),
    status: on(17, '128kbps MP3'),
    song: ['Big Daddy Weave', 'Redeemed, Live From Nashville'],
  },
  {
    shape: 'Icecast, formatted JSON, the second mount',
    ...icecast('icecast-formatted.json', '/live.aac'),
    status: on(4, '64kbps AAC+'),
    song: ['Big Daddy Weave', 'Redeemed, Live From Nashville'],
  },
  { shape: 'Icecast 2.4.4, formatted, invalid `"title": - ,`', ...icecast('icecast-2.4.4-formatted-dash-title.json', '/live.mp3'), status: on(2, '128kbps MP3'), song: null },
  { shape: 'Icecast 2.4.4, compact, invalid `"title":-` on two mounts', ...icecast('icecast-2.4.4-dash-title.json', '/live.aac'), status: on(1, '64kbps AAC+'), song: null },
  { shape: 'Icecast 2.5, formatted, `"title": null`', ...icecast('icecast-formatted-title-null.json', '/live.mp3'), status: on(6, '128kbps MP3'), song: null },
  { shape: 'Icecast, numeric artist and invalid `"title":007`', ...icecast('icecast-numeric-titles.json', '/live.mp3'), status: on(3, '128kbps MP3'), song: ['4', '007'] },
  { shape: 'Icecast, numeric `"title":1999`', ...icecast('icecast-numeric-titles.json', '/year.mp3'), status: on(1, '64kbps MP3'), song: ['', '1999'] },
  { shape: 'Icecast, numeric `"title":1.50` keeps its text', ...icecast('icecast-numeric-titles.json', '/decimal.mp3'), status: on(0, '32kbps MP3'), song: ['', '1.50'] },
  {
    shape: 'Icecast Ogg, `"bitrate":"Quality 4,00"` with ice-bitrate',
    ...icecast('icecast-text-bitrate.json', '/live.ogg'),
    status: on(8, '128kbps Ogg'),
    song: ['Hillsong Worship', 'What A Beautiful Name'],
  },
  { shape: 'Icecast-KH, mount listed without stream details (listeners on its fallback)', ...icecast('icecast-kh-fallback-mount.json', '/live'), status: OFF, song: null },
  { shape: 'Icecast-KH, the fallback mount itself', ...icecast('icecast-kh-fallback-mount.json', '/autodj'), status: on(11, '128kbps MP3'), song: ['Casting Crowns', 'Nobody'] },
  { shape: 'Icecast, invalid bare values `"bitrate": 128 kbps`', ...icecast('icecast-bare-units.json', '/live.mp3'), status: on(12, '128kbps MP3'), song: ['MercyMe', 'Even If'] },
  {
    shape: 'SHOUTcast v2 /statistics, stream 2 of 2',
    file: 'shoutcast2-statistics.json',
    path: '/statistics?json=1',
    source: { kind: 'shoutcast2', streamId: 2 },
    status: on(3, '64kbps AAC+'),
    song: ['Casting Crowns', 'Praise You In This Storm'],
  },
  {
    shape: 'SHOUTcast v2 /7.html with three streams, stream 1',
    file: 'shoutcast2-7-multi.html',
    path: '/7.html',
    source: { kind: 'shoutcast1' },
    status: on(14, '128kbps MP3'),
    song: ['Lauren Daigle', 'Look Up Child, Live'],
  },
  {
    shape: 'SHOUTcast v2 /7.html with three streams, stream 2',
    file: 'shoutcast2-7-multi.html',
    path: '/7.html',
    source: { kind: 'shoutcast1', streamId: 2 },
    status: on(3, '64kbps MP3'),
    song: ['Kari Jobe', 'Forever, Acoustic'],
  },
  {
    shape: 'SHOUTcast v2 /7.html with three streams, stream 3 (no source)',
    file: 'shoutcast2-7-multi.html',
    path: '/7.html',
    source: { kind: 'shoutcast1', streamId: 3 },
    status: OFF,
    song: null,
  },
  {
    shape: 'SHOUTcast v1 /7.html, escaped title with commas',
    file: 'shoutcast1-7.html',
    path: '/7.html',
    source: { kind: 'shoutcast1' },
    status: on(23, '128kbps MP3'),
    song: ['Big Daddy Weave', 'Redeemed, Live & Loud'],
  },
];

describe('what the service reports for each stream-server output shape', () => {
  it.each(SHAPES)('$shape', async ({ file, path, source, status, song }) => {
    replay.respond(sendByPath({ [path]: { body: fixture(file), type: file.endsWith('.html') ? 'text/html' : 'application/json' } }));
    const server = await startTestServer({ stream: { ...source, statusUrl: `${replay.url}${path}` } });
    try {
      await server.app.poller.tick();
      expect((await call(`${server.url}/api/mobile/status`)).body.data).toMatchObject({ ...status, online: status.server_status === 'online' });
      const nowPlaying = (await call(`${server.url}/api/mobile/nowplaying`)).body.data.now_playing;
      if (song) expect(nowPlaying.song).toMatchObject({ artist: song[0], title: song[1] });
      else expect(nowPlaying).toBeNull();
    } finally {
      await server.close();
    }
  });

  it('rides out the broken first answer of a freshly started Icecast 2.4.4, and goes off air on the second failure', async () => {
    const good = sendByPath({ '/status-json.xsl': { body: fixture('icecast-formatted.json'), type: 'application/json' } });
    const broken = sendByPath({ '/status-json.xsl': { body: fixture('icecast-2.4.4-startup.json'), type: 'application/json' } });
    const server = await startTestServer({ stream: { kind: 'icecast', statusUrl: `${replay.url}/status-json.xsl`, mount: '/live.mp3' } });
    const status = async () => (await call(`${server.url}/api/mobile/status`)).body.data;
    try {
      replay.respond(good);
      await server.app.poller.tick();
      expect(await status()).toMatchObject({ online: true, listeners: 17 });
      replay.respond(broken);
      await server.app.poller.tick();
      expect(await status()).toMatchObject({ online: true, listeners: 17, quality: '128kbps MP3' });
      await server.app.poller.tick();
      expect(await status()).toMatchObject({ online: false, server_status: 'offline', listeners: 0 });
      expect((await call(`${server.url}/api/mobile/nowplaying`)).body.data.now_playing.song.title).toBe('Redeemed, Live From Nashville');
      replay.respond(good);
      await server.app.poller.tick();
      expect(await status()).toMatchObject({ online: true, listeners: 17 });
    } finally {
      await server.close();
    }
  });

  it('reports SHOUTcast’s own unique listener count in stats', async () => {
    replay.respond(sendByPath({ '/7.html': { body: fixture('shoutcast1-7.html'), type: 'text/html' } }));
    const server = await startTestServer({ stream: { kind: 'shoutcast1', statusUrl: `${replay.url}/7.html` } });
    try {
      await server.app.poller.tick();
      expect((await call(`${server.url}/api/mobile/stats`)).body.data).toMatchObject({ current_listeners: 23, unique_listeners: 20 });
    } finally {
      await server.close();
    }
  });
});

/** JSON.parse's reading of a lenient value: numbers back from their text. */
const asJson = (value: LenientValue): unknown => {
  if (value instanceof BareValue) return Number(value.text);
  if (Array.isArray(value)) return value.map(asJson);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, asJson(v)]));
  return value;
};

describe('the lenient JSON reader', () => {
  it('reads any valid JSON, compact or formatted, as JSON.parse does', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.constantFrom(0, 1, 2, 4, '\t', ' \n '), (value, indent) => {
        const text = JSON.stringify(value, null, indent);
        const read = parseLenientJson(text);
        expect(read).not.toBeUndefined();
        expect(asJson(read!)).toEqual(JSON.parse(text));
      }),
      { numRuns: 500 },
    );
  });

  it('never throws, whatever the bytes', () => {
    const mangled = fc.tuple(fc.jsonValue(), fc.nat(), fc.string({ maxLength: 3 })).map(([value, at, junk]) => {
      const text = JSON.stringify(value, null, 1);
      const cut = at % (text.length + 1);
      return text.slice(0, cut) + junk + text.slice(cut + junk.length);
    });
    fc.assert(
      fc.property(fc.oneof(fc.string(), mangled), (text) => {
        parseLenientJson(text);
      }),
      { numRuns: 2000 },
    );
    expect(parseLenientJson('['.repeat(200_000))).toBeUndefined();
  });

  it('keeps bare text as written and refuses broken structure', () => {
    expect(parseLenientJson('{"title":-,"a":007,"b": 1.50 ,"c": 128 kbps}')).toEqual({
      title: new BareValue('-'),
      a: new BareValue('007'),
      b: new BareValue('1.50'),
      c: new BareValue('128 kbps'),
    });
    expect(parseLenientJson('{"title": null, "t": "a, \\"b\\""}')).toEqual({ title: null, t: 'a, "b"' });
    expect(parseLenientJson('{"__proto__": {"x": "1"}}')).toMatchObject({ ['__proto__']: { x: '1' } });
    for (const broken of ['{"icestats":"a":"b"}}', '{"a":"b"', '{"a" "b"}', '{"a":"unterminated}', '<html>down</html>', '{"a":"b"} trailing', '{"a":x"y"}']) {
      expect(parseLenientJson(broken)).toBeUndefined();
    }
  });
});

const icecastSource = (mount: string, extra: Record<string, unknown> = {}) => ({
  audio_info: 'bitrate=128',
  bitrate: 128,
  listeners: 7,
  listenurl: `http://radio.example:8000${mount}`,
  server_type: 'audio/mpeg',
  stream_start_iso8601: '2026-11-22T03:09:42+0000',
  title: 'Chris Tomlin - Good Good Father',
  ...extra,
});
const icecastReader = (mount = '/live.mp3', statusUrl = 'http://radio.example:8000/status-json.xsl') => new IcecastReader(statusUrl, mount);
/** The page as the poller reads it: fetched by a source set (the readers only parse). */
const polled = (status: StatusParser) => new SourceSet([{ name: 'main', primary: true, status, listeners: null }]).read();
const icecastPage = (page: unknown) => icecastReader().parse(JSON.stringify(page));

describe('Icecast status-json.xsl', () => {
  it('reads the configured mount out of several', () => {
    expect(icecastPage({ icestats: { source: [icecastSource('/other.mp3', { listeners: 99 }), icecastSource('/live.mp3')] } })).toEqual({
      reachable: true,
      online: true,
      listeners: 7,
      song: { artist: 'Chris Tomlin', title: 'Good Good Father' },
      bitrateKbps: 128,
      codec: 'MP3',
      streamStartedAt: Date.parse('2026-11-22T03:09:42Z') / 1000,
      averageListeningSeconds: null,
    });
  });

  it('takes a single source given as an object, and no source as off air', () => {
    expect(icecastPage({ icestats: { source: icecastSource('/live.mp3', { server_type: 'audio/aac', bitrate: 64 }) } })).toMatchObject({ online: true, codec: 'AAC', bitrateKbps: 64 });
    expect(icecastPage({ icestats: { host: 'x' } })).toMatchObject({ reachable: true, online: false, listeners: 0 });
    expect(icecastPage({ icestats: { source: icecastSource('/elsewhere.mp3') } })).toMatchObject({ reachable: true, online: false });
  });

  it('keeps artist and title fields, or splits "Artist - Title", or takes a bare title', () => {
    expect(icecastPage({ icestats: { source: icecastSource('/live.mp3', { artist: 'MercyMe', title: 'Even If' }) } }).song).toEqual({ artist: 'MercyMe', title: 'Even If' });
    expect(icecastPage({ icestats: { source: icecastSource('/live.mp3', { title: 'Station ID' }) } }).song).toEqual({ artist: '', title: 'Station ID' });
    expect(icecastPage({ icestats: { source: icecastSource('/live.mp3', { title: undefined }) } }).song).toBeNull();
  });

  it('fixes UTF-8 read as Latin-1 and decodes character references', () => {
    expect(icecastPage({ icestats: { source: icecastSource('/live.mp3', { title: 'CafÃ© Tacvba - JesÃºs', artist: undefined }) } }).song).toEqual({ artist: 'Café Tacvba', title: 'Jesús' });
    expect(icecastPage({ icestats: { source: icecastSource('/live.mp3', { title: 'S&#339;ur Sourire - Dominique' }) } }).song).toEqual({ artist: 'Sœur Sourire', title: 'Dominique' });
  });

  it('is a failed poll, not a crash, on a page that cannot be read', () => {
    expect(icecastReader().parse('<html>Icecast is down for maintenance</html>')).toMatchObject({ reachable: false, online: false, error: expect.stringMatching(/not readable JSON/) });
    const startup = icecastReader().parse(fixture('icecast-2.4.4-startup.json').toString('utf8'));
    expect(startup).toMatchObject({ reachable: false, online: false, song: null });
  });
});

describe('SHOUTcast DNAS v2 /stats?json=1', () => {
  const stats = {
    currentlisteners: 12,
    peaklisteners: 40,
    maxlisteners: 100,
    uniquelisteners: 11,
    averagetime: 1534,
    servergenre: 'Christian',
    servertitle: 'Grace FM',
    songtitle: 'Casting Crowns - Praise You In This Storm',
    streamhits: 300,
    streamstatus: 1,
    backupstatus: 0,
    streampath: '/stream',
    streamuptime: 3600,
    bitrate: '128',
    samplerate: '44100',
    content: 'audio/mpeg',
    version: '2.6.1.777 (posix(linux x64))',
  };
  // The uptime is counted back from the injected clock.
  const reader = () => new Shoutcast2Reader('http://dnas.example:8000/stats?sid=1&json=1', () => Date.parse('2026-06-01T12:00:00Z'));

  it('reads listeners, song, bitrate, codec, uptime and SHOUTcast’s own average time and unique count', () => {
    expect(reader().parse(JSON.stringify(stats))).toEqual({
      reachable: true,
      online: true,
      listeners: 12,
      song: { artist: 'Casting Crowns', title: 'Praise You In This Storm' },
      bitrateKbps: 128,
      codec: 'MP3',
      streamStartedAt: Date.parse('2026-06-01T11:00:00Z') / 1000,
      averageListeningSeconds: 1534,
      uniqueListeners: 11,
    });
  });

  it('is off air when no source is connected', () => {
    expect(reader().parse(JSON.stringify({ ...stats, streamstatus: 0 }))).toMatchObject({ reachable: true, online: false });
  });
});

describe('SHOUTcast /7.html', () => {
  const reader = (streamId?: number) => new Shoutcast1Reader(`${replay.url}/7.html`, streamId);

  it('asks with a browser user agent, as v1 requires', async () => {
    replay.respond(sendText(fixture('shoutcast1-7.html').toString('utf8'), 'text/html'));
    expect(await polled(reader())).toMatchObject({ online: true, listeners: 23 });
    expect(replay.requests.at(-1)!.userAgent).toMatch(/^Mozilla/);
  });

  it('is off air with stream status 0, and a failed poll on another format', () => {
    expect(reader().parse('<html><body>0,0,45,500,0,128,</body></html>')).toMatchObject({ reachable: true, online: false });
    expect(reader().parse('ICY 200 OK').reachable).toBe(false);
  });

  it('takes the stream id from the URL when one is named there', () => {
    const page = fixture('shoutcast2-7-multi.html').toString('utf8');
    expect(new Shoutcast1Reader('http://dnas.example:8000/7.html?sid=2').parse(page).listeners).toBe(3);
  });
});

describe('fetch limits (the source set fetches every status page)', () => {
  const served = () => icecastReader('/live.mp3', `${replay.url}/status-json.xsl`);

  it('does not follow redirects', async () => {
    replay.respond((_, res) => {
      res.writeHead(302, { location: 'http://127.0.0.1:1/elsewhere' });
      res.end();
    });
    expect(await polled(served())).toMatchObject({ reachable: false, error: expect.stringMatching(/HTTP 302/) });
  });

  it('stops reading a body larger than the cap (a server streaming audio at us)', async () => {
    replay.respond((_, res) => {
      res.writeHead(200, { 'content-type': 'audio/mpeg' });
      const chunk = Buffer.alloc(64 * 1024);
      const pump = () => {
        while (!res.destroyed && res.write(chunk));
        if (!res.destroyed) res.once('drain', pump);
      };
      res.on('close', () => res.destroy());
      pump();
    });
    expect(await polled(served())).toMatchObject({ reachable: false, error: expect.stringMatching(/larger than/) });
  });

  it('gives up after 2 s on a server that never answers', async () => {
    replay.respond(() => undefined);
    const started = Date.now();
    expect(await polled(served())).toMatchObject({ reachable: false, error: expect.stringMatching(/TimeoutError|timeout/i) });
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('is unreachable when nothing listens', async () => {
    expect(await polled(icecastReader('/live.mp3', 'http://127.0.0.1:1/status-json.xsl'))).toMatchObject({ reachable: false });
  });
});

describe('song and bitrate text', () => {
  it('splits on the first " - " and treats "-" as no song', () => {
    expect(splitSongText('A - B - C')).toEqual({ artist: 'A', title: 'B - C' });
    expect(splitSongText('-')).toBeNull();
    expect(splitSongText('   ')).toBeNull();
  });

  it('leaves genuine Latin-1 and plain ASCII alone', () => {
    expect(repairLatin1Mojibake('Café')).toBe('Café');
    expect(repairLatin1Mojibake('Plain')).toBe('Plain');
    expect(repairLatin1Mojibake('CafÃ©')).toBe('Café');
  });

  it('reads a bitrate only where there is one', () => {
    expect(['128', ' 128 kbps', '128k', '96 kb/s', '127.9'].map(kbpsOf)).toEqual([128, 128, 128, 96, 128]);
    expect(['Quality 4,00', '0', '', 'fast', '-128'].map(kbpsOf)).toEqual([null, null, null, null, null]);
  });
});
