import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../support/eventually.js';
import { IcecastServer, icecastInstalled, type TestSource } from '../support/icecast.js';
import { call, startTestServer, type TestServer } from '../support/test-server.js';

const MOUNT = '/live.mp3';
const STUDIO = '/studio';
const HOUR_MS = 3_600_000;

// Issue 29: a presenter's encoder on its own mount (`stream.liveMount`) says who is live, with Icecast alone.
describe.skipIf(!icecastInstalled())('the live mount on a real Icecast', () => {
  let icecast: IcecastServer;
  let server: TestServer;
  let playout: TestSource | null = null;
  let presenter: TestSource | null = null;

  beforeAll(async () => {
    icecast = await IcecastServer.start();
    server = await startTestServer({
      stream: { kind: 'icecast', statusUrl: icecast.statusUrl, mount: MOUNT, liveMount: STUDIO, enabled: false },
      schedule: {
        shows: [],
        events: [{ id: 'drive', title: 'Drive Time', host: 'Ana Ruiz', start: new Date(Date.now() - HOUR_MS).toISOString(), end: new Date(Date.now() + HOUR_MS).toISOString() }],
      },
    });
    playout = await icecast.connectSource(MOUNT);
    await icecast.setSong(MOUNT, { song: 'Chris Tomlin - How Great Is Our God' });
  });
  afterAll(async () => {
    playout?.disconnect();
    presenter?.disconnect();
    await server?.close();
    await icecast?.stop();
  });

  /** Polls until now playing's `live` says what is expected. */
  const liveAfterPolls = (expected: object) =>
    eventually(async () => {
      await server.app.poller.tick();
      const data = (await call(`${server.url}/api/mobile/nowplaying`)).body.data;
      expect(data.now_playing?.song.title).toBe('How Great Is Our God');
      expect(data.live).toEqual(expected);
      return data.live;
    });

  it('says nobody is live while only the playout mount is on air', async () => {
    await liveAfterPolls({ is_live: false, streamer_name: null, since: null });
  });

  it("says the programme's host is live, since the presenter's stream started, while the live mount is on air", async () => {
    const before = Math.floor(Date.now() / 1000);
    presenter = await icecast.connectSource(STUDIO);
    const live = await liveAfterPolls({ is_live: true, streamer_name: 'Ana Ruiz', since: expect.any(Number) });
    expect(live.since).toBeGreaterThanOrEqual(before - 1);
    expect(live.since).toBeLessThanOrEqual(Math.floor(Date.now() / 1000));
  });

  it('says nobody is live again once the presenter disconnects', async () => {
    presenter?.disconnect();
    presenter = null;
    await liveAfterPolls({ is_live: false, streamer_name: null, since: null });
  });
});
