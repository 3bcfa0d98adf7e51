import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../support/eventually.js';
import { IcecastServer, icecastInstalled, type TestSource } from '../support/icecast.js';
import { connectLive } from '../support/live-client.js';
import { call, startTestServer, type TestServer } from '../support/test-server.js';
import { createStreamReader } from '../../src/poller/create-reader.js';

const MOUNT = '/live.mp3';

describe.skipIf(!icecastInstalled())('polling a real Icecast 2.4', () => {
  let icecast: IcecastServer;
  let server: TestServer;
  let source: TestSource | null = null;

  beforeAll(async () => {
    icecast = await IcecastServer.start();
    // Polls are driven by hand (app.poller.tick) so each step is deterministic; the scheduled
    // polling is measured separately below.
    server = await startTestServer({
      requests: { delaySeconds: 0, thresholdSeconds: 0 },
      stream: { kind: 'icecast', statusUrl: icecast.statusUrl, mount: MOUNT, enabled: false },
    });
  });
  afterAll(async () => {
    source?.disconnect();
    await server?.close();
    await icecast?.stop();
  });

  const get = async (path: string) => (await call(`${server.url}/api/mobile/${path}`)).body;
  const tick = () => server.app.poller.tick();
  /** Sets the song, then polls until the REST answer shows it (Icecast applies metadata with the next audio block). */
  const play = async (params: Record<string, string>, expected: { artist: string; title: string }) => {
    await icecast.setSong(MOUNT, params);
    return eventually(async () => {
      await tick();
      const data = (await get('nowplaying')).data;
      expect(data.now_playing?.song).toMatchObject(expected);
      return data;
    });
  };

  it('says offline while no source is connected', async () => {
    await tick();
    const status = (await get('status')).data;
    expect(status).toMatchObject({ online: false, server_status: 'offline', listeners: 0 });
  });

  it('goes on air with a source: quality, uptime and the stream address', async () => {
    source = await icecast.connectSource(MOUNT, 128);
    await tick();
    const status = (await get('status')).data;
    expect(status).toMatchObject({ online: true, server_status: 'online', quality: '128kbps MP3' });
    expect(status.uptime.seconds).toBeGreaterThanOrEqual(0);
    expect(status.uptime.human).toMatch(/^\d+d \d+h \d+m$/);
  });

  it('follows song changes, newest first in the history', async () => {
    await play({ song: 'Chris Tomlin - How Great Is Our God' }, { artist: 'Chris Tomlin', title: 'How Great Is Our God' });
    const second = await play({ song: 'Lauren Daigle - You Say' }, { artist: 'Lauren Daigle', title: 'You Say' });
    expect(second.now_playing.song.text).toBe('Lauren Daigle - You Say');
    expect(second.song_history[0].song).toMatchObject({ artist: 'Chris Tomlin', title: 'How Great Is Our God' });
    const stats = (await get('stats')).data;
    expect(stats.total_songs_played).toBe(2);
    expect(stats.most_popular_songs.map((s: { song: { title: string } }) => s.song.title)).toEqual(expect.arrayContaining(['You Say', 'How Great Is Our God']));
  });

  it('keeps a number-like title as text (Icecast sends it as a JSON number)', async () => {
    await play({ song: '1999' }, { artist: '', title: '1999' });
    expect(await icecast.rawStatus()).toMatch(/"title":1999\b/);
  });

  it('recovers the tick when a title of "-" makes Icecast emit invalid JSON', async () => {
    await icecast.setSong(MOUNT, { song: '-' });
    const raw = await eventually(async () => {
      const text = await icecast.rawStatus();
      expect(text).toMatch(/"title":-,/);
      return text;
    });
    expect(() => JSON.parse(raw)).toThrow();
    await tick();
    const data = (await get('nowplaying')).data;
    expect(data.online).toBe(true);
    expect(data.now_playing.song.title).toBe('1999'); // "-" means no song: the last one stands
  });

  it('brings non-ASCII titles out right although Icecast re-encodes them as Latin-1', async () => {
    await play({ song: 'Café Tacvba - Jesús, ¿dónde estás? 🙏' }, { artist: 'Café Tacvba', title: 'Jesús, ¿dónde estás? 🙏' });
    expect(await icecast.rawStatus()).toContain('CafÃ©');
    await play({ song: 'Sœur Sourire - Dominique', charset: 'UTF-8' }, { artist: 'Sœur Sourire', title: 'Dominique' });
  });

  it('counts listeners and keeps the day’s peak', async () => {
    const listeners = await Promise.all([1, 2, 3].map(() => icecast.connectListener(MOUNT)));
    await eventually(async () => {
      await tick();
      expect((await get('status')).data.listeners).toBe(3);
    });
    listeners[0]!.close();
    listeners[1]!.close();
    await eventually(async () => {
      await tick();
      expect((await get('status')).data.listeners).toBe(1);
    });
    const stats = (await get('stats')).data;
    expect(stats).toMatchObject({ current_listeners: 1, peak_listeners_today: 3 });
    expect(stats.listener_history.at(-1).listeners).toBe(3);
    listeners[2]!.close();
  });

  it('marks a pending request played when its song starts', async () => {
    const request = await call(`${server.url}/api/mobile/requests`, { body: { song_title: 'Way Maker', artist: 'Sinach' } });
    expect(request.status).toBe(201);
    await play({ song: 'Sinach - Way Maker' }, { artist: 'Sinach', title: 'Way Maker' });
    const played = (await get('requests?status=played')).data.requests;
    expect(played.map((r: { id: string }) => r.id)).toContain(request.body.data.id);
    expect((await get('requests')).data.requests.map((r: { id: string }) => r.id)).not.toContain(request.body.data.id);
  });

  // Last of the song tests: Icecast keeps a separately sent artist for later updates too.
  it('reads artist and title sent as separate fields', async () => {
    await play({ artist: 'Hillsong United', title: 'Oceans' }, { artist: 'Hillsong United', title: 'Oceans' });
  });

  it('reads only its own mount when the server carries a second one', async () => {
    const other = await icecast.connectSource('/other.mp3', 64);
    try {
      await icecast.setSong('/other.mp3', { song: 'Other Artist - Other Song' });
      await eventually(async () => expect(await icecast.rawStatus()).toContain('Other Song'));
      await tick();
      const data = (await get('nowplaying')).data;
      expect(data.now_playing.song.title).toBe('Oceans');
      expect((await get('status')).data.quality).toBe('128kbps MP3');
    } finally {
      other.disconnect();
    }
  });

  it('goes off air when the source disconnects, keeping what it knew', async () => {
    source!.disconnect();
    source = null;
    await eventually(async () => {
      await tick();
      expect((await get('status')).data.server_status).toBe('offline');
    });
    const data = (await get('nowplaying')).data;
    expect(data).toMatchObject({ online: false, listeners: { current: 0, peak_today: 3 } });
    expect(data.now_playing.song.title).toBe('Oceans');
  });

  it('survives the server going down and follows it when it comes back', async () => {
    await icecast.stop();
    await tick();
    expect((await get('status')).data).toMatchObject({ online: false, server_status: 'offline' });
    expect((await call(`${server.url}/healthz`)).status).toBe(200);
    await icecast.start();
    source = await icecast.connectSource(MOUNT, 128);
    await play({ song: 'MercyMe - I Can Only Imagine' }, { artist: 'MercyMe', title: 'I Can Only Imagine' });
    expect((await get('status')).data.online).toBe(true);
  });

  it('rides out one failed poll of a station on air, and shows the outage on the second', async () => {
    await icecast.stop();
    await tick();
    expect((await get('status')).data).toMatchObject({ online: true, server_status: 'online' });
    await tick();
    expect((await get('status')).data).toMatchObject({ online: false, server_status: 'offline', listeners: 0 });
    expect((await get('nowplaying')).data.now_playing.song.title).toBe('I Can Only Imagine');
  });
});

describe.skipIf(!icecastInstalled())('scheduled polling of a real Icecast', () => {
  let icecast: IcecastServer;
  let server: TestServer;
  let source: TestSource;

  beforeAll(async () => {
    icecast = await IcecastServer.start();
    source = await icecast.connectSource(MOUNT);
    server = await startTestServer({
      stream: { kind: 'icecast', statusUrl: icecast.statusUrl, mount: MOUNT, pollSeconds: 1, enabled: true },
    });
  });
  afterAll(async () => {
    source?.disconnect();
    await server?.close();
    await icecast?.stop();
  });

  it('shows a metadata change in REST and pushes it live within one poll interval', async () => {
    const client = await connectLive(server.url);
    const delays: number[] = [];
    try {
      for (const [i, title] of ['Reckless Love', 'Goodness of God', 'Graves Into Gardens'].entries()) {
        const pushed = client.next('nowplaying', (np) => np.now_playing?.song.title === title);
        const started = performance.now();
        await icecast.setSong(MOUNT, { song: `Worship Band ${i} - ${title}` });
        await eventually(async () => expect((await call(`${server.url}/api/mobile/nowplaying`)).body.data.now_playing?.song.title).toBe(title), 5000, 10);
        delays.push(performance.now() - started);
        expect((await pushed).now_playing.song.artist).toBe(`Worship Band ${i}`);
      }
    } finally {
      client.close();
    }
    process.stdout.write(`[icecast] metadata change → REST /nowplaying: ${delays.map((d) => d.toFixed(0)).join(', ')} ms (poll every 1 s)\n`);
    // one poll interval, plus the moment Icecast takes to apply metadata to the next audio block
    expect(Math.max(...delays)).toBeLessThan(1500);
  });
});

describe.skipIf(!icecastInstalled())('a station on several sources of a real Icecast, with listener lists', () => {
  let icecast: IcecastServer;
  let server: TestServer;
  const sources: TestSource[] = [];
  const listeners: Array<{ close(): void }> = [];

  beforeAll(async () => {
    icecast = await IcecastServer.start();
    sources.push(await icecast.connectSource('/live.mp3', 128), await icecast.connectSource('/low.mp3', 64));
    await icecast.setSong('/live.mp3', { song: 'Phil Wickham - Battle Belongs' });
    await icecast.setSong('/low.mp3', { song: 'Phil Wickham - Battle Belongs' });
    const admin = { user: icecast.admin.user, password: icecast.admin.password };
    server = await startTestServer({
      stream: {
        sources: [
          { name: 'main', kind: 'icecast', statusUrl: icecast.statusUrl, mount: '/live.mp3', admin, primary: true },
          { name: 'low', kind: 'icecast', statusUrl: icecast.statusUrl, mount: '/low.mp3', admin },
          // A relay on a server that is down: it must never take the station off air.
          { name: 'relay', kind: 'icecast', statusUrl: 'http://127.0.0.1:1/status-json.xsl', mount: '/live.mp3' },
        ],
      },
    });
  });
  afterAll(async () => {
    for (const listener of listeners) listener.close();
    for (const source of sources) source.disconnect();
    await server?.close();
    await icecast?.stop();
  });

  const get = async (path: string) => (await call(`${server.url}/api/mobile/${path}`)).body.data;
  const tick = () => server.app.poller.tick();

  it('sums listeners over the mounts and counts unique listeners by address', async () => {
    // 5 connections from 3 addresses: .2 twice on the main mount, .3 on both mounts, .4 on the low one.
    for (const [mount, from] of [
      ['/live.mp3', '127.0.0.2'],
      ['/live.mp3', '127.0.0.2'],
      ['/live.mp3', '127.0.0.3'],
      ['/low.mp3', '127.0.0.3'],
      ['/low.mp3', '127.0.0.4'],
    ] as const) {
      listeners.push(await icecast.connectListener(mount, from));
    }
    await eventually(async () => {
      await tick();
      expect((await get('status')).listeners).toBe(5);
    });
    expect(await get('status')).toMatchObject({ online: true, server_status: 'online', quality: '128kbps MP3' });
    expect(await get('stats')).toMatchObject({ current_listeners: 5, peak_listeners_today: 5, unique_listeners: 3 });
    expect((await get('nowplaying')).now_playing.song).toMatchObject({ artist: 'Phil Wickham', title: 'Battle Belongs' });
  });

  it('reports the relay that is down in the per-source health, while the station stays on air', async () => {
    const snapshot = await createStreamReader(server.app.config.stream, Date.now).read();
    expect(snapshot).toMatchObject({ reachable: true, online: true, listeners: 5, uniqueListeners: 3 });
    expect(snapshot.sources).toEqual([
      { name: 'main', primary: true, reachable: true, online: true, listeners: 3 },
      { name: 'low', primary: false, reachable: true, online: true, listeners: 2 },
      { name: 'relay', primary: false, reachable: false, online: false, listeners: 0, error: expect.stringMatching(/fetch failed|ECONNREFUSED/) },
    ]);
  });

  it('takes average listening time from the connected seconds Icecast lists', async () => {
    // Wait (on Icecast's own clock) until every listener has been connected a few seconds.
    await eventually(
      async () => {
        const listed = [...(await icecast.listClients('/live.mp3')), ...(await icecast.listClients('/low.mp3'))];
        expect(listed).toHaveLength(5);
        expect(Math.min(...listed.map((l) => l.connected))).toBeGreaterThanOrEqual(3);
      },
      15_000,
      250,
    );
    const mean = async () => {
      const listed = [...(await icecast.listClients('/live.mp3')), ...(await icecast.listClients('/low.mp3'))];
      return listed.reduce((sum, l) => sum + l.connected, 0) / listed.length;
    };
    const before = await mean();
    await tick();
    const after = await mean();
    const average = (await get('stats')).average_listening_time;
    expect(average).toBeGreaterThanOrEqual(Math.floor(before));
    expect(average).toBeLessThanOrEqual(Math.ceil(after));
    expect(average).toBeGreaterThanOrEqual(3);
  });

  it('never stores a listener address', async () => {
    const stored = JSON.stringify(await server.app.store.station.readFresh());
    expect(stored).toContain('"uniqueListeners":3');
    for (const address of ['127.0.0.2', '127.0.0.3', '127.0.0.4']) expect(stored).not.toContain(address);
  });

  it('stays on air on the second mount when the primary loses its source, with the song from there', async () => {
    sources[0]!.disconnect();
    await icecast.setSong('/low.mp3', { song: 'Elevation Worship - Graves Into Gardens' });
    await eventually(async () => {
      await tick();
      expect((await get('nowplaying')).now_playing.song.title).toBe('Graves Into Gardens');
    });
    expect(await get('status')).toMatchObject({ online: true, listeners: 2, quality: '64kbps MP3' });
    expect(await get('stats')).toMatchObject({ unique_listeners: 2 });
  });

  it('goes off air when no source is left', async () => {
    sources[1]!.disconnect();
    await eventually(async () => {
      await tick();
      expect(await get('status')).toMatchObject({ online: false, server_status: 'offline', listeners: 0 });
    });
    expect((await get('nowplaying')).now_playing.song.title).toBe('Graves Into Gardens');
  });
});
