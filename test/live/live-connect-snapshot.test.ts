import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Socket } from 'socket.io';
import { WebSocket } from 'ws';
import { emptyStationState } from '../../src/station/model.js';
import { makeSong } from '../../src/station/song.js';
import { handshakeTime, socketIoIdGenerator } from '../../src/live/socketio-connect-internals.js';
import { queryObject } from '../../src/live/engine-requests.js';
import { sessionId } from '../../src/live/session-ids.js';
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

describe("Socket.IO's internals replaced on the connect path (socketio-connect-internals.ts)", () => {
  it('still has the id generator object it replaces, now drawing from the pooled ids', () => {
    expect(socketIoIdGenerator().generateId).toBe(sessionId);
  });

  it("returns the same handshake fields as Socket.IO's own buildHandshake (fails when Socket.IO changes them)", () => {
    const require = createRequire(import.meta.url);
    const source = readFileSync(require.resolve('socket.io').replace(/index\.js$/, 'socket.js'), 'utf8');
    const body = /buildHandshake\(auth\) \{[\s\S]*?return \{([\s\S]*?)\n {8}\};/.exec(source)?.[1] ?? '';
    const theirs = [...body.matchAll(/^\s*(\w+)(?::|,)/gm)].map((match) => match[1]);
    expect(theirs).toEqual(['headers', 'time', 'address', 'xdomain', 'secure', 'issued', 'url', 'query', 'auth']);
    const ours = (Socket.prototype as unknown as { buildHandshake(this: object, auth: object): object }).buildHandshake.call(
      { request: undefined, conn: { remoteAddress: '192.0.2.1' } },
      {},
    );
    expect(Object.keys(ours)).toEqual(theirs);
    // Their time is `new Date() + ""`: ours is the same text, made once a second.
    const at = Date.now();
    expect(handshakeTime(at)).toBe(String(new Date(at - (at % 1000))));
    expect(handshakeTime(at)).toBe(new Date(at).toString());
  });
});

describe("engine.io's request preparation replaced (engine-requests.ts)", () => {
  it('sets the fields engine.io 6.6 sets on a uWS request (fails when its prepare changes)', () => {
    const require = createRequire(import.meta.url);
    const source = readFileSync(join(dirname(require.resolve('engine.io')), 'userver.js'), 'utf8');
    const body = /\n {4}prepare\(req, res\) \{([\s\S]*?)\n {4}\}/.exec(source)?.[1] ?? '';
    expect([...body.matchAll(/^ {8}req\.(\w+) =/gm)].map((match) => match[1])).toEqual(['method', 'url', '_query', 'headers', 'connection']);
    expect(body).toContain('res.onAborted(');
    expect(body).toContain('new URLSearchParams(req.getQuery())');
  });

  it('parses a query as engine.io does (Object.fromEntries of URLSearchParams)', () => {
    const queries = ['', 'EIO=4&transport=websocket', 'EIO=4&transport=polling&t=PZk3x_a', 'a=1&a=2', '&&a&=b&c==d', 'x=%41%zz+y', '__proto__=1&b=2', 'sid=abc-_DEF12'];
    for (const query of queries) expect(queryObject(query)).toEqual(Object.fromEntries(new URLSearchParams(query)));
    expect(Object.getPrototypeOf(queryObject('__proto__=1'))).toBe(Object.prototype);
  });
});
