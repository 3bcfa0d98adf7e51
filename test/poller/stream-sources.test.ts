import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config/load-config.js';
import { streamSourcesOf } from '../../src/config/stream-sources.js';
import { createStreamReader } from '../../src/poller/create-reader.js';
import { parseIcecastListeners } from '../../src/poller/icecast-listeners.js';
import { parseShoutcastListeners } from '../../src/poller/shoutcast-listeners.js';
import { sendByPath, startReplayServer, type ReplayServer } from '../support/replay-server.js';

let replay: ReplayServer;
beforeAll(async () => {
  replay = await startReplayServer();
});
afterAll(() => replay.close());

const fixture = (name: string) => readFileSync(new URL(`../fixtures/stream-servers/${name}`, import.meta.url));
const configWith = (stream: Record<string, unknown>) => loadConfig({}, { stream });
const refusal = (stream: Record<string, unknown>) => {
  try {
    configWith(stream);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error('expected the configuration to be refused');
};

describe('configuring the stream sources', () => {
  it('keeps the single-source keys working as a list of one primary source', () => {
    const config = configWith({ kind: 'shoutcast2', statusUrl: 'http://dnas.example:8000/stats?sid=2&json=1', admin: { password: 'pw' } });
    expect(streamSourcesOf(config.stream)).toEqual([
      {
        name: 'http://dnas.example:8000/stats?sid=2&json=1',
        kind: 'shoutcast2',
        statusUrl: 'http://dnas.example:8000/stats?sid=2&json=1',
        mount: '',
        streamId: null,
        admin: { user: 'admin', password: 'pw' },
        primary: true,
      },
    ]);
  });

  it('reads a list of sources, the first primary unless another is marked', () => {
    const sources = [
      { kind: 'icecast', statusUrl: 'http://a.example:8000/status-json.xsl', mount: '/live.mp3' },
      { kind: 'icecast', statusUrl: 'http://a.example:8000/status-json.xsl', mount: '/live.aac', primary: true },
      { name: 'relay', kind: 'shoutcast1', statusUrl: 'http://b.example:8000/7.html', streamId: 2 },
    ];
    expect(streamSourcesOf(configWith({ sources }).stream).map((s) => [s.name, s.primary])).toEqual([
      ['http://a.example:8000/status-json.xsl /live.mp3', false],
      ['http://a.example:8000/status-json.xsl /live.aac', true],
      ['relay', false],
    ]);
    expect(streamSourcesOf(configWith({ sources: sources.slice(0, 1) }).stream)[0]!.primary).toBe(true);
  });

  it.each([
    [
      {
        sources: [
          { kind: 'icecast', statusUrl: 'http://a/status-json.xsl', mount: '/a', primary: true },
          { kind: 'icecast', statusUrl: 'http://a/status-json.xsl', mount: '/b', primary: true },
        ],
      },
      'stream.sources.1.primary',
    ],
    [{ sources: [{ kind: 'icecast', statusUrl: 'http://a/status-json.xsl' }] }, 'stream.sources.0.mount'],
    [{ sources: [{ kind: 'icecast', statusUrl: 'http://a/status-json.xsl', mount: 'live' }] }, 'stream.sources.0.mount'],
    [{ sources: [{ kind: 'shoutcast1', statusUrl: 'http://a/7.html', admin: { password: 'x' } }] }, 'stream.sources.0.admin'],
    [{ sources: [{ kind: 'azuracast', statusUrl: 'http://a/api/nowplaying/1', admin: { password: 'x' } }] }, 'stream.sources.0.admin'],
    [{ sources: [{ kind: 'libretime', statusUrl: 'http://a/api/live-info-v2', admin: { password: 'x' } }] }, 'stream.sources.0.admin'],
    [
      {
        sources: [
          { kind: 'icecast', statusUrl: 'http://a/s', mount: '/a' },
          { kind: 'icecast', statusUrl: 'http://a/s', mount: '/a' },
        ],
      },
      'stream.sources.1.statusUrl',
    ],
    [{ sources: [{ kind: 'winamp', statusUrl: 'http://a/s' }] }, 'stream.sources.0.kind'],
    [{ sources: [{ kind: 'shoutcast2', statusUrl: 'not a url' }] }, 'stream.sources.0.statusUrl'],
    [{ sources: [{ kind: 'shoutcast2', statusUrl: 'http://a/s', streamId: 0 }] }, 'stream.sources.0.streamId'],
    [{ sources: [{ kind: 'shoutcast2', statusUrl: 'http://a/s', admin: { user: 'admin' } }] }, 'stream.sources.0.admin.password'],
    [{ mount: '' }, 'stream.mount'],
  ])('refuses %j naming %s', (stream, key) => {
    expect(refusal(stream)).toContain(key);
  });
});

const icecastStatus = (mounts: Array<[string, number, string]>) =>
  JSON.stringify({
    icestats: {
      source: mounts.map(([mount, listeners, title]) => ({
        listenurl: `http://radio.example:8000${mount}`,
        listeners,
        bitrate: 128,
        server_type: 'audio/mpeg',
        stream_start_iso8601: '2026-11-22T03:00:00+0000',
        title,
      })),
    },
  });
const json = (body: string | Buffer, status = 200) => ({ body, type: 'application/json', status });

describe('one snapshot for the station from all its sources', () => {
  const icecast = (mount: string, extra: Record<string, unknown> = {}) => ({ kind: 'icecast', statusUrl: `${replay.url}/status-json.xsl`, mount, ...extra });
  const reader = (sources: unknown[]) => createStreamReader(configWith({ sources }).stream, Date.now);

  it('fetches a status page shared by two mounts once per poll, and sums their listeners', async () => {
    replay.respond(
      sendByPath({
        '/status-json.xsl': json(
          icecastStatus([
            ['/live.mp3', 7, 'A - One'],
            ['/live.aac', 2, 'A - One'],
          ]),
        ),
      }),
    );
    const before = replay.requests.length;
    const snapshot = await reader([icecast('/live.mp3'), icecast('/live.aac')]).read();
    expect(replay.requests.length - before).toBe(1);
    expect(snapshot).toMatchObject({ reachable: true, online: true, listeners: 9, song: { artist: 'A', title: 'One' }, uniqueListeners: null, listenerSessions: null });
  });

  it('counts unique listeners over Icecast and SHOUTcast listener lists, with the admin login', async () => {
    replay.respond(
      sendByPath({
        '/status-json.xsl': json(icecastStatus([['/live.mp3', 3, 'B - Two']])),
        '/admin/listclients?mount=%2Flive.mp3': { body: fixture('icecast-listclients.xml'), type: 'text/xml' },
        '/stats?sid=1&json=1': json(JSON.stringify({ streamstatus: 1, currentlisteners: 2, uniquelisteners: 2, songtitle: 'B - Two', bitrate: '64', content: 'audio/aacp' })),
        '/admin.cgi?sid=1&mode=viewjson&page=3': json(fixture('shoutcast2-listeners.json')),
      }),
    );
    const from = replay.requests.length;
    const snapshot = await reader([
      icecast('/live.mp3', { admin: { user: 'ice', password: 'ice-pw' } }),
      { kind: 'shoutcast2', statusUrl: `${replay.url}/stats?sid=1&json=1`, admin: { password: 'sc-pw' } },
    ]).read();
    // 203.0.113.7 twice on Icecast and once on SHOUTcast, 198.51.100.23, 192.0.2.44 (its xff is ignored).
    expect(snapshot).toMatchObject({ online: true, listeners: 5, uniqueListeners: 3, listenerSessions: { count: 5, connectedSeconds: 600 + 60 + 1200 + 90 + 30 } });
    const auth = Object.fromEntries(replay.requests.slice(from).map((r) => [r.path, Buffer.from(r.authorization.replace(/^Basic /, ''), 'base64').toString()]));
    expect(auth).toMatchObject({ '/admin/listclients?mount=%2Flive.mp3': 'ice:ice-pw', '/admin.cgi?sid=1&mode=viewjson&page=3': 'admin:sc-pw', '/status-json.xsl': '' });
  });

  it('stays on air without unique listeners when a listener list is refused', async () => {
    replay.respond(
      sendByPath({
        '/status-json.xsl': json(icecastStatus([['/live.mp3', 3, 'B - Two']])),
        '/admin/listclients?mount=%2Flive.mp3': { body: 'You need to authenticate\n', type: 'text/plain', status: 401 },
      }),
    );
    const snapshot = await reader([icecast('/live.mp3', { admin: { password: 'wrong' } })]).read();
    expect(snapshot).toMatchObject({ reachable: true, online: true, listeners: 3, uniqueListeners: null, listenerSessions: null });
    expect(snapshot.sources![0]!.error).toMatch(/listener list: .*HTTP 401/);
  });

  it('takes now playing from the first source on air while the primary is off air', async () => {
    replay.respond(sendByPath({ '/status-json.xsl': json(icecastStatus([['/backup.mp3', 4, 'Backup - Song']])) }));
    expect(await reader([icecast('/live.mp3', { primary: true }), icecast('/backup.mp3')]).read()).toMatchObject({
      reachable: true,
      online: true,
      listeners: 4,
      song: { artist: 'Backup', title: 'Song' },
    });
  });

  it('is a failed poll when the primary cannot be read and nothing is on air, and on air on a relay otherwise', async () => {
    replay.respond(sendByPath({ '/status-json.xsl': json(icecastStatus([])) }));
    const down = { kind: 'icecast', statusUrl: 'http://127.0.0.1:1/status-json.xsl', mount: '/live.mp3', primary: true, name: 'main' };
    expect(await reader([down, icecast('/relay.mp3')]).read()).toMatchObject({ reachable: false, online: false, error: expect.stringMatching(/^main: /) });
    replay.respond(sendByPath({ '/status-json.xsl': json(icecastStatus([['/relay.mp3', 6, 'Relay - Song']])) }));
    expect(await reader([down, icecast('/relay.mp3')]).read()).toMatchObject({ reachable: true, online: true, listeners: 6, song: { title: 'Song' } });
  });
});

describe('listener lists as the servers write them', () => {
  it('reads Icecast 2.4 and 2.5 listclients, and refuses a page that is not one', () => {
    expect(parseIcecastListeners(fixture('icecast-listclients.xml').toString('utf8'))).toEqual([
      { address: '203.0.113.7', connectedSeconds: 600, id: '41', userAgent: 'VLC/3.0.20 LibVLC/3.0.20' },
      { address: '203.0.113.7', connectedSeconds: 60, id: '57', userAgent: 'Mozilla/5.0' },
      { address: '198.51.100.23', connectedSeconds: 1200, id: '12', userAgent: 'WinampMPEG/5.66' },
    ]);
    const v25 =
      '<?xml version="1.0"?>\n<icestats><source mount="/live.mp3"><listeners>1</listeners><listener id="9"><ip>2001:db8::7</ip><useragent>mpv</useragent><connected>42</connected><lag>0</lag></listener></source></icestats>';
    expect(parseIcecastListeners(v25)).toEqual([{ address: '2001:db8::7', connectedSeconds: 42, id: '9', userAgent: 'mpv' }]);
    expect(() => parseIcecastListeners('<html><body>401 - You need to authenticate</body></html>')).toThrow(/not an Icecast listener list/);
  });

  it('reads SHOUTcast v2 viewjson page 3 by hostname, and refuses anything else', () => {
    expect(parseShoutcastListeners(fixture('shoutcast2-listeners.json').toString('utf8'))).toEqual([
      { address: '203.0.113.7', connectedSeconds: 90, id: '01234567', userAgent: 'WinampMPEG/5.66' },
      { address: '192.0.2.44', connectedSeconds: 30, id: '01234568', userAgent: '' },
    ]);
    expect(parseShoutcastListeners('[]')).toEqual([]);
    expect(() => parseShoutcastListeners('<html>Unauthorized</html>')).toThrow(/not a JSON array/);
  });
});
