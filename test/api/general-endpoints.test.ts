import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeSong } from '../../src/station/song.js';
import { emptyStationState } from '../../src/station/model.js';
import { call, startTestServer, type TestServer } from '../support/test-server.js';

let server: TestServer;
const NOW = Date.parse('2026-06-01T12:00:00Z');
beforeAll(async () => {
  server = await startTestServer({ rateLimit: { mobile: { limit: 5, windowSeconds: 3600 } }, requests: { delaySeconds: 0 } }, { clock: () => NOW });
});
afterAll(() => server.close());

const get = (path: string) => call(`${server.url}/api/${path}`);

describe('general *.php endpoints', () => {
  it('answer honestly before any poll', async () => {
    expect((await get('current-song.php')).body).toEqual({ success: true, data: null });
    expect((await get('stream-stats.php')).body.data).toEqual({ online: false, listeners: 0, peak_today: 0, bitrate: null, codec: null, uptime: { seconds: 0, human: '0d 0h 0m' } });
  });

  it('show the polled state in the shapes of API.md', async () => {
    const song = makeSong('For King & Country', 'God Only Knows');
    await server.app.store.station.write({
      ...emptyStationState(),
      serverStatus: 'online',
      listeners: 31,
      peakToday: 44,
      nowPlaying: { song, played_at: NOW / 1000 - 60 },
      streamStartedAt: NOW / 1000 - 3660,
      bitrateKbps: 128,
      codec: 'MP3',
    });
    // Without artwork the song shows the station's logo (`art` is never empty).
    const logo = expect.stringMatching(/^\/assets\/logo-/);
    expect((await get('current-song.php')).body.data).toEqual({ ...song, art: logo, played_at: NOW / 1000 - 60 });
    expect((await get('stream-stats.php')).body.data).toEqual({ online: true, listeners: 31, peak_today: 44, bitrate: 128, codec: 'MP3', uptime: { seconds: 3660, human: '0d 1h 1m' } });
    const nowPlaying = (await get('now-playing.php')).body.data;
    expect(nowPlaying).toEqual((await call(`${server.url}/api/mobile/nowplaying`)).body.data);
    expect(nowPlaying.now_playing.song).toEqual({ ...song, art: logo });
  });

  it('song-request.php follows the mobile rules and shares the mobile queue and budget', async () => {
    const viaPhp = await call(`${server.url}/api/song-request.php`, { body: { song_title: 'Build My Life', artist: 'Housefires' } });
    expect(viaPhp.status).toBe(201);
    expect(viaPhp.headers.get('ratelimit-policy')).toBe('"hourly";q=5;w=3600');
    const duplicate = await call(`${server.url}/api/mobile/requests`, { body: { song_title: 'build my life', artist: 'HOUSEFIRES' } });
    expect(duplicate.status).toBe(200);
    expect(duplicate.body.data.id).toBe(viaPhp.body.data.id);
    expect((await call(`${server.url}/api/song-request.php`, { body: { artist: 'Housefires' } })).status).toBe(400);
    // the php endpoint spends the same budget as /api/mobile/*: use up what is left, then it is refused
    const remaining = Number(/r=(\d+)/.exec((await call(`${server.url}/api/mobile/status`)).headers.get('ratelimit') ?? '')![1]);
    for (let i = 0; i < remaining; i++) expect((await call(`${server.url}/api/mobile/playlists`)).status).toBe(200);
    expect((await call(`${server.url}/api/song-request.php`, { body: { song_title: 'Another', artist: 'Band' } })).status).toBe(429);
  });
});
