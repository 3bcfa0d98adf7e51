import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { emptyStationState } from '../../src/station/model.js';
import { makeSong } from '../../src/station/song.js';
import { call, startTestServer, type TestServer } from '../support/test-server.js';

// What a /live WebSocket client is sent as it connects, read as raw Engine.IO frames: the
// now-playing snapshot is encoded once for every client (station-views.ts nowPlayingJson,
// event-packet.ts) and must stay the bytes `socket.emit('nowplaying', snapshot)` wrote.

const ADMIN_KEY = 'live-connect-snapshot-admin-key-0123';
let nowMs = 1_780_000_030_000;
let server: TestServer;
const sockets: WebSocket[] = [];

beforeAll(async () => {
  server = await startTestServer({ adminApiKey: ADMIN_KEY }, { clock: () => nowMs });
});
afterEach(() => {
  while (sockets.length) sockets.pop()!.close();
});
afterAll(() => server.close());

/** Opens /live over a raw WebSocket and resolves with the frames up to and including the nowplaying one. */
function framesUntilNowPlaying(): Promise<string[]> {
  const ws = new WebSocket(`${server.url.replace('http', 'ws')}/socket.io/?EIO=4&transport=websocket`);
  sockets.push(ws);
  const frames: string[] = [];
  return new Promise((resolve, reject) => {
    ws.on('error', reject);
    ws.on('message', (data: Buffer) => {
      const text = data.toString('utf8');
      frames.push(text);
      if (text.startsWith('0{')) ws.send('40/live,');
      if (text.startsWith('42/live,["nowplaying"')) resolve(frames);
    });
  });
}

/** The snapshot as the station answers it elsewhere (the staff overview's now_playing), encoded as Socket.IO encodes an event. */
async function expectedFrame(): Promise<string> {
  const overview = await call(`${server.url}/api/admin/station`, { headers: { authorization: `Bearer ${ADMIN_KEY}` } });
  expect(overview.status).toBe(200);
  return `42/live,${JSON.stringify(['nowplaying', overview.body.data.now_playing])}`;
}

/** The snapshot a nowplaying frame carries. */
const snapshotOf = (frame: string) => (JSON.parse(frame.slice('42/live,'.length)) as [string, { now_playing: { elapsed: number; song: { title: string } } }])[1];

const playing = (title: string, playedAt: number) => ({
  ...emptyStationState(),
  serverStatus: 'online' as const,
  nowPlaying: { song: makeSong('Hillsong Worship', title), played_at: playedAt },
});

describe('the now-playing snapshot a new WebSocket client is sent', () => {
  it('is the open packet, the CONNECT ack, then the snapshot, byte for byte as Socket.IO encodes it', async () => {
    await server.app.store.station.write(playing('What a Beautiful Name', 1_780_000_000));
    const frames = await framesUntilNowPlaying();
    expect(frames).toHaveLength(3);
    expect(frames[0]).toMatch(/^0\{"sid":/);
    expect(frames[1]).toMatch(/^40\/live,\{"sid":"[\w-]{20}"\}$/);
    expect(frames[2]).toBe(await expectedFrame());
    expect(snapshotOf(frames[2]!).now_playing.elapsed).toBe(30);
  });

  it('follows the clock and the station: a later second and a new song are sent as they are, never an older text', async () => {
    await server.app.store.station.write(playing('Way Maker', 1_780_000_000));
    const first = (await framesUntilNowPlaying())[2]!;
    expect(first).toBe(await expectedFrame());
    nowMs += 5_000;
    const later = (await framesUntilNowPlaying())[2]!;
    expect(later).toBe(await expectedFrame());
    expect(snapshotOf(later).now_playing.elapsed).toBe(snapshotOf(first).now_playing.elapsed + 5);
    await server.app.store.station.write(playing('Goodness of God', 1_780_000_034));
    const changed = (await framesUntilNowPlaying())[2]!;
    expect(changed).toBe(await expectedFrame());
    expect(snapshotOf(changed).now_playing.song.title).toBe('Goodness of God');
  });
});
