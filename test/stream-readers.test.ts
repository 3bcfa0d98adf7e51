import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IcecastReader, repairIcecastJson } from '../src/poller/icecast-reader.js';
import { Shoutcast1Reader, Shoutcast2Reader } from '../src/poller/shoutcast-readers.js';
import { repairLatin1Mojibake, splitSongText } from '../src/poller/stream-text.js';
import { sendText, startReplayServer, type ReplayServer } from './support/replay-server.js';

let replay: ReplayServer;
beforeAll(async () => {
  replay = await startReplayServer();
});
afterAll(() => replay.close());

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
const icecast = (mount = '/live.mp3') => new IcecastReader(`${replay.url}/status-json.xsl`, mount);

describe('Icecast status-json.xsl', () => {
  it('reads the configured mount out of several', async () => {
    replay.respond(sendText(JSON.stringify({ icestats: { source: [icecastSource('/other.mp3', { listeners: 99 }), icecastSource('/live.mp3')] } })));
    expect(await icecast().read()).toEqual({
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

  it('takes a single source given as an object, and no source as off air', async () => {
    replay.respond(sendText(JSON.stringify({ icestats: { source: icecastSource('/live.mp3', { server_type: 'audio/aac', bitrate: 64 }) } })));
    expect(await icecast().read()).toMatchObject({ online: true, codec: 'AAC', bitrateKbps: 64 });
    replay.respond(sendText(JSON.stringify({ icestats: { host: 'x' } })));
    expect(await icecast().read()).toMatchObject({ reachable: true, online: false, listeners: 0 });
    replay.respond(sendText(JSON.stringify({ icestats: { source: icecastSource('/elsewhere.mp3') } })));
    expect(await icecast().read()).toMatchObject({ reachable: true, online: false });
  });

  it('repairs the bare values Icecast 2.4.4 prints in text fields', () => {
    expect(JSON.parse(repairIcecastJson('{"title":-,"x":1}'))).toEqual({ title: '-', x: 1 });
    expect(JSON.parse(repairIcecastJson('{"title":007,"artist":1.50}'))).toEqual({ title: '007', artist: '1.50' });
    expect(JSON.parse(repairIcecastJson('{"listeners":5,"title":"ok","genre":null}'))).toEqual({ listeners: 5, title: 'ok', genre: null });
  });

  it('keeps artist and title fields, or splits "Artist - Title", or takes a bare title', async () => {
    replay.respond(sendText(JSON.stringify({ icestats: { source: icecastSource('/live.mp3', { artist: 'MercyMe', title: 'Even If' }) } })));
    expect((await icecast().read()).song).toEqual({ artist: 'MercyMe', title: 'Even If' });
    replay.respond(sendText(JSON.stringify({ icestats: { source: icecastSource('/live.mp3', { title: 'Station ID' }) } })));
    expect((await icecast().read()).song).toEqual({ artist: '', title: 'Station ID' });
    replay.respond(sendText(JSON.stringify({ icestats: { source: icecastSource('/live.mp3', { title: undefined }) } })));
    expect((await icecast().read()).song).toBeNull();
  });

  it('fixes UTF-8 read as Latin-1 and decodes character references', async () => {
    replay.respond(sendText(JSON.stringify({ icestats: { source: icecastSource('/live.mp3', { title: 'CafÃ© Tacvba - JesÃºs', artist: undefined }) } })));
    expect((await icecast().read()).song).toEqual({ artist: 'Café Tacvba', title: 'Jesús' });
    replay.respond(sendText(JSON.stringify({ icestats: { source: icecastSource('/live.mp3', { title: 'S&#339;ur Sourire - Dominique' }) } })));
    expect((await icecast().read()).song).toEqual({ artist: 'Sœur Sourire', title: 'Dominique' });
  });

  it('is unreachable, not a crash, on garbage', async () => {
    replay.respond(sendText('<html>Icecast is down for maintenance</html>', 'text/html'));
    expect(await icecast().read()).toMatchObject({ reachable: false, online: false, error: expect.stringMatching(/not JSON/) });
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
  const reader = () => new Shoutcast2Reader(`${replay.url}/stats?sid=1&json=1`, () => Date.parse('2026-06-01T12:00:00Z'));

  it('reads listeners, song, bitrate, codec, uptime and SHOUTcast’s own average listening time', async () => {
    replay.respond(sendText(JSON.stringify(stats)));
    expect(await reader().read()).toEqual({
      reachable: true,
      online: true,
      listeners: 12,
      song: { artist: 'Casting Crowns', title: 'Praise You In This Storm' },
      bitrateKbps: 128,
      codec: 'MP3',
      streamStartedAt: Date.parse('2026-06-01T11:00:00Z') / 1000,
      averageListeningSeconds: 1534,
    });
  });

  it('is off air when no source is connected', async () => {
    replay.respond(sendText(JSON.stringify({ ...stats, streamstatus: 0 })));
    expect(await reader().read()).toMatchObject({ reachable: true, online: false });
  });
});

describe('SHOUTcast v1 /7.html', () => {
  const reader = () => new Shoutcast1Reader(`${replay.url}/7.html`);

  it('keeps commas inside the title and decodes HTML escapes', async () => {
    replay.respond(sendText('<html><body>23,1,45,500,20,128,Big Daddy Weave - Redeemed, Live &amp; Loud</body></html>', 'text/html'));
    expect(await reader().read()).toMatchObject({ online: true, listeners: 23, bitrateKbps: 128, codec: 'MP3', song: { artist: 'Big Daddy Weave', title: 'Redeemed, Live & Loud' } });
    expect(replay.requests.at(-1)!.userAgent).toMatch(/^Mozilla/);
  });

  it('is off air with stream status 0, and unreachable on another format', async () => {
    replay.respond(sendText('<html><body>0,0,45,500,0,128,</body></html>', 'text/html'));
    expect(await reader().read()).toMatchObject({ reachable: true, online: false });
    replay.respond(sendText('ICY 200 OK', 'text/html'));
    expect((await reader().read()).reachable).toBe(false);
  });
});

describe('fetch limits', () => {
  it('does not follow redirects', async () => {
    replay.respond((_, res) => {
      res.writeHead(302, { location: 'http://127.0.0.1:1/elsewhere' });
      res.end();
    });
    expect(await icecast().read()).toMatchObject({ reachable: false, error: expect.stringMatching(/HTTP 302/) });
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
    expect(await icecast().read()).toMatchObject({ reachable: false, error: expect.stringMatching(/larger than/) });
  });

  it('gives up after 2 s on a server that never answers', async () => {
    replay.respond(() => undefined);
    const started = Date.now();
    expect(await icecast().read()).toMatchObject({ reachable: false, error: expect.stringMatching(/TimeoutError|timeout/i) });
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('is unreachable when nothing listens', async () => {
    expect(await new IcecastReader('http://127.0.0.1:1/status-json.xsl', '/live.mp3').read()).toMatchObject({ reachable: false });
  });
});

describe('song text', () => {
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
});
