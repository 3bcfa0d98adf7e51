import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from './support/eventually.js';
import { IcecastServer, icecastInstalled, type TestSource } from './support/icecast.js';
import { connectLive } from './support/live-client.js';
import { call, startTestServer, type TestServer } from './support/test-server.js';

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
