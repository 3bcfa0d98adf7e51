import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../support/eventually.js';
import { IcecastServer, icecastInstalled, type TestSource } from '../support/icecast.js';
import { deleteKeys, hasRedis, redisUrl, uniquePrefix } from '../support/redis.js';
import { call, checkedFetch, startTestServer, type TestServer } from '../support/test-server.js';

// Issue 31 end to end: a real Icecast with listeners of different players joining and leaving
// across songs, polled by two hubs on one Redis (the poll election: one node per tick), read
// back through both reports. Every listener is 127.x here, so countries are tested with fixed
// addresses in test/api/reports.test.ts.

const MOUNT = '/live.mp3';
const ADMIN_KEY = 'admin-key-for-icecast-reports-01';
const VLC = 'VLC/3.0.20 LibVLC/3.0.20';
const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36';
const WINAMP = 'WinampMPEG/5.66';

const why = !icecastInstalled() ? 'icecast2 is not installed' : !hasRedis ? 'no Redis answers at REDIS_URL' : '';

describe.skipIf(why !== '')(`listener reports from a real Icecast, two hubs${why ? ` (skipped: ${why})` : ''}`, () => {
  let icecast: IcecastServer;
  let source: TestSource;
  const hubs: TestServer[] = [];
  const prefix = uniquePrefix('icecast-reports');
  const listeners: Record<string, { close(): void }> = {};

  beforeAll(async () => {
    icecast = await IcecastServer.start();
    source = await icecast.connectSource(MOUNT, 128);
    for (let i = 0; i < 2; i++) {
      hubs.push(
        await startTestServer({
          adminApiKey: ADMIN_KEY,
          redis: { url: redisUrl, prefix },
          station: { timezone: 'UTC' },
          stream: { kind: 'icecast', statusUrl: icecast.statusUrl, mount: MOUNT, admin: icecast.admin, enabled: true, pollSeconds: 1 },
        }),
      );
    }
  });
  afterAll(async () => {
    for (const listener of Object.values(listeners)) listener.close();
    source?.disconnect();
    for (const hub of hubs) await hub.close();
    await icecast?.stop();
    await deleteKeys(redisUrl, prefix);
  });

  const admin = { authorization: `Bearer ${ADMIN_KEY}` };
  const report = async (hub: TestServer) => (await call(`${hub.url}/api/admin/reports/listeners`, { headers: admin })).body;
  const royalties = async (hub: TestServer, format = '') => (await checkedFetch(`${hub.url}/api/admin/reports/royalties.csv${format}`, { headers: admin })).text();
  const onAir = async (title: string) => {
    await icecast.setSong(MOUNT, { song: `Hillsong United - ${title}` });
    await eventually(async () => expect((await call(`${hubs[0]!.url}/api/mobile/nowplaying`)).body.data.now_playing?.song.title).toBe(title), 15_000);
  };

  it('counts each session once across two nodes, with its player, and each play with the sessions that heard it; no address anywhere', async () => {
    await onAir('Oceans');
    listeners.vlc = await icecast.connectListener(MOUNT, '127.0.0.2', VLC);
    listeners.chrome = await icecast.connectListener(MOUNT, '127.0.0.3', CHROME);
    await eventually(async () => expect((await report(hubs[1]!)).data.range.sessions).toBe(2), 15_000);

    await onAir('Cornerstone');
    listeners.winamp = await icecast.connectListener(MOUNT, '127.0.0.4', WINAMP);
    await eventually(async () => expect((await report(hubs[0]!)).data.days[0]).toMatchObject({ sessions: 3, peak_listeners: 3, unique_listeners: 3 }), 15_000);
    listeners.vlc.close();
    await eventually(async () => expect((await report(hubs[0]!)).data.range.session_lengths.reduce((n: number, b: { sessions: number }) => n + b.sessions, 0)).toBe(1), 15_000);

    // A third song ends the second: both plays are in the royalty report with their audiences.
    await onAir('So Will I');
    const rows = await eventually(async () => {
      const lines = (await royalties(hubs[1]!)).trim().split('\r\n');
      expect(lines).toHaveLength(3);
      return lines.slice(1).map((line) => line.split(','));
    }, 15_000);
    // Oceans: VLC and Chrome joined during it; Cornerstone: both at its start, Winamp joined.
    expect(rows.map((row) => [row[1], row[2], row[9]])).toEqual([
      ['Hillsong United', 'Oceans', '2'],
      ['Hillsong United', 'Cornerstone', '3'],
    ]);
    expect((await royalties(hubs[0]!, '?format=soundexchange')).trim().split('\r\n').slice(1)).toEqual([
      'Grace FM,A,Hillsong United,Oceans,,,,2',
      'Grace FM,A,Hillsong United,Cornerstone,,,,3',
    ]);

    const listenerReport = await report(hubs[1]!);
    // Two nodes polled all along; the sessions are the three listeners, each once.
    expect(listenerReport.data.range.sessions).toBe(3);
    expect(listenerReport.data.range.players).toEqual([
      { name: 'Chrome', sessions: 1 },
      { name: 'VLC', sessions: 1 },
      { name: 'Winamp', sessions: 1 },
    ]);
    expect(listenerReport.data.range.countries).toEqual([{ name: '--', sessions: 3 }]);
    const everything =
      JSON.stringify(listenerReport) + (await royalties(hubs[0]!)) + (await (await checkedFetch(`${hubs[0]!.url}/api/admin/reports/listeners.csv`, { headers: admin })).text());
    // The listeners came from 127.0.0.2, .3 and .4 (the source's name holds Icecast's own 127.0.0.1).
    expect(everything).not.toMatch(/127\.0\.0\.[234]\b/);
  }, 90_000);
});
