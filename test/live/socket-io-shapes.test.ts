// What the per-connection memory cuts of /live rely on in Socket.IO and engine.io (their shapes and
// their behaviour), checked on a real Socket.IO server attached to a real uWS app, with real
// clients: an upgrade of either library that changes what these modules reach into fails here.
import { EventEmitter } from 'node:events';
import { Server, type Socket } from 'socket.io';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { io as connectClient, Manager, type Socket as ClientSocket } from 'socket.io-client';
import { Decoder, Encoder, PacketType, type Packet } from 'socket.io-parser';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import type { TemplatedApp, us_listen_socket } from 'uWebSockets.js';
import uWS, { closeConnections, listenExclusive, listeningPort, stopListening } from '../../src/http/uws.js';
import { LazyDecoder, lazyParser } from '../../src/live/lazy-decoder.js';
import { leanHandshake } from '../../src/live/lean-handshake.js';
import { OneEntryMap } from '../../src/live/one-entry-map.js';
import { leanSocketMaps } from '../../src/live/socket-maps.js';

/** An engine connection, with what the tests read (engine.io's Socket). */
type EngineConnection = EventEmitter & { id: string; transport: { name: string } };

// Short heartbeats, so that a client that stops answering pings is dropped while the test waits.
const PING_INTERVAL_MS = 150;
const PING_TIMEOUT_MS = 300;

let io: Server;
let app: TemplatedApp;
let listenSocket: us_listen_socket;
let url: string;
const engineConnections = new Map<string, EngineConnection>();
/** Why each engine connection closed, by id, as its own close listener heard it. */
const closedBecause = new Map<string, string>();
const clients: ClientSocket[] = [];

beforeAll(async () => {
  app = uWS.App();
  io = new Server({ pingInterval: PING_INTERVAL_MS, pingTimeout: PING_TIMEOUT_MS, parser: lazyParser, transports: ['websocket', 'polling'] });
  io.attachApp(app);
  // As live-server.ts: a close listener of our own.
  io.engine.on('connection', (connection: EngineConnection) => {
    engineConnections.set(connection.id, connection);
    connection.on('close', (reason: string) => closedBecause.set(connection.id, reason));
  });
  const echo = (...args: unknown[]) => {
    const ack = args.pop() as (answer: unknown) => void;
    ack(args);
  };
  io.of('/live').on('connection', (socket) => {
    leanHandshake(socket);
    leanSocketMaps(socket);
    socket.on('echo', echo);
  });
  // As Socket.IO makes them: what the shapes are checked on.
  io.of('/plain').on('connection', (socket) => socket.on('echo', echo));
  listenSocket = (await listenExclusive(app, '127.0.0.1', 0))!;
  url = `http://127.0.0.1:${listeningPort(listenSocket)}`;
});
afterEach(() => {
  while (clients.length) clients.pop()!.close();
});
afterAll(async () => {
  await io.close();
  stopListening(listenSocket);
  closeConnections(app);
});

async function connect(options: { transports?: Array<'websocket' | 'polling'>; auth?: Record<string, unknown>; namespace?: string } = {}): Promise<ClientSocket> {
  const client = connectClient(`${url}${options.namespace ?? '/live'}`, { transports: options.transports ?? ['websocket'], forceNew: true, reconnection: false, auth: options.auth });
  clients.push(client);
  await new Promise<void>((resolve, reject) => {
    client.once('connect', () => resolve());
    client.once('connect_error', reject);
  });
  return client;
}

/** The server's side of a connected client: its engine connection and its /live socket. */
function serverSideOf(client: ClientSocket, namespace = '/live'): { engine: EngineConnection; socket: Socket } {
  const socket = io.of(namespace).sockets.get(client.id!)!;
  return { engine: engineConnections.get((socket.conn as unknown as { id: string }).id)!, socket };
}

describe('engine connections of /live on uWS', () => {
  it('keeps a client that answers pings through many heartbeats, and events and acks flow', async () => {
    const client = await connect();
    let pings = 0;
    await new Promise<void>((resolve) => {
      client.io.engine.on('ping', () => {
        if (++pings === 4) resolve();
      });
    });
    expect(client.connected).toBe(true);
    expect(await client.emitWithAck('echo', { after: 'pings' })).toEqual([{ after: 'pings' }]);
  });

  it('drops a WebSocket client that stops answering pings (ping timeout)', async () => {
    // A raw Engine.IO v4 client: it opens, joins nothing, and never answers a ping.
    const ws = new WebSocket(`${url.replace('http', 'ws')}/socket.io/?EIO=4&transport=websocket`);
    const id = await new Promise<string>((resolve) => ws.once('message', (data: Buffer) => resolve((JSON.parse(data.toString('utf8').slice(1)) as { sid: string }).sid)));
    await new Promise<void>((resolve) => ws.once('close', () => resolve()));
    expect(closedBecause.get(id)).toBe('ping timeout');
  });

  it('a client that leaves is closed on the server (transport close)', async () => {
    const client = await connect();
    const { engine } = serverSideOf(client);
    const closed = new Promise<string>((resolve) => engine.once('close', resolve));
    client.close();
    expect(await closed).toBe('transport close');
    expect(closedBecause.get(engine.id)).toBe('transport close');
  });

  it('leaves long-polling connections as engine.io made them, and they still get events and acks', async () => {
    const client = await connect({ transports: ['polling'] });
    const { engine } = serverSideOf(client);
    expect(engine.transport.name).toBe('polling');
    expect((engine.transport as unknown as EventEmitter).listenerCount('headers')).toBe(1);
    expect(await client.emitWithAck('echo', 'over polling')).toEqual(['over polling']);
  });
});

describe('the lean handshake (lean-handshake.ts)', () => {
  it('answers what Socket.IO recorded: time (the same text, from issued), address, headers, query; auth as sent', async () => {
    const before = Date.now();
    const { socket } = serverSideOf(await connect({ auth: { token: 'abc' } }));
    const { handshake } = socket;
    expect(handshake.issued).toBeGreaterThanOrEqual(before);
    expect(handshake.time).toBe(String(new Date(handshake.issued)));
    expect(handshake.address).toBe('127.0.0.1');
    expect(handshake.query).toMatchObject({ EIO: '4', transport: 'websocket' });
    expect(handshake.headers).toMatchObject({ host: expect.stringContaining('127.0.0.1') });
    expect(handshake.auth).toEqual({ token: 'abc' });
    expect(handshake.secure).toBe(false);
  });

  it('gives a client that sent no auth an empty one, shared and frozen', async () => {
    const [a, b] = [serverSideOf(await connect()).socket, serverSideOf(await connect()).socket];
    expect(a.handshake.auth).toEqual({});
    expect(a.handshake.auth).toBe(b.handshake.auth);
    expect(Object.isFrozen(a.handshake.auth)).toBe(true);
  });
});

describe('the lazy decoder (lazy-decoder.ts)', () => {
  /** Every packet a decoder hands on, in order, or the error it throws, for the same frames. */
  function decodeAll(decoder: { on(event: 'decoded', listener: (packet: Packet) => void): unknown; add(chunk: unknown): void }, frames: unknown[]) {
    const out: unknown[] = [];
    decoder.on('decoded', (packet) => out.push(packet));
    for (const frame of frames) {
      try {
        decoder.add(frame);
      } catch (error) {
        out.push({ threw: (error as Error).message });
      }
    }
    return out;
  }

  const encoder = new Encoder();
  const packets: Packet[] = [
    { type: PacketType.CONNECT, nsp: '/live', data: { key: 'k' } },
    { type: PacketType.EVENT, nsp: '/live', id: 7, data: ['chat:send', { nickname: 'Ruth', message: 'Amen' }] },
    { type: PacketType.EVENT, nsp: '/live', id: 8, data: ['chat:send', { picture: Buffer.from([1, 2, 3]) }] },
    { type: PacketType.ACK, nsp: '/', id: 3, data: [Buffer.from('ok')] },
    { type: PacketType.DISCONNECT, nsp: '/live' },
  ];

  it("decodes whole and binary packets as socket.io-parser's own Decoder does, and refuses the same malformed ones", () => {
    const frames = [
      ...packets.flatMap((packet) => encoder.encode(packet)),
      '2/live,["connect"]',
      '9',
      '',
      'x',
      '51-["a",{"_placeholder":true,"num":0}]',
      '2["after binary started"]',
      Buffer.from('late'),
    ];
    expect(decodeAll(new LazyDecoder(), frames)).toEqual(decodeAll(new Decoder(), frames));
    // A few that must be there: the binary event reassembled, then refusals.
    const decoded = decodeAll(new LazyDecoder(), frames);
    expect(decoded[2]).toMatchObject({ type: PacketType.EVENT, id: 8, data: ['chat:send', { picture: Buffer.from([1, 2, 3]) }] });
    expect(decoded).toContainEqual({ threw: 'got plaintext data when reconstructing a packet' });
  });

  it("is what Socket.IO's Client uses: a binary payload reaches the handler whole, and whole packets around it too", async () => {
    const client = await connect();
    expect(await client.emitWithAck('echo', 'before')).toEqual(['before']);
    const [echoed] = (await client.emitWithAck('echo', { picture: Buffer.from([9, 8, 7]) })) as [{ picture: Buffer }];
    expect(Buffer.from(echoed.picture)).toEqual(Buffer.from([9, 8, 7]));
    expect(await client.emitWithAck('echo', 'after')).toEqual(['after']);
  });

  it('a malformed packet closes that one connection, as before, and no other', async () => {
    const [bad, good] = [await connect(), await connect()];
    const closed = new Promise<string>((resolve) => bad.once('disconnect', resolve));
    // A CONNECT_ERROR from a client is invalid: Socket.IO closes its connection.
    bad.io.engine.send('4/live,"not yours"');
    expect(await closed).toBe('transport close');
    expect(await good.emitWithAck('echo', 'still here')).toEqual(['still here']);
  });
});

/** The Maps socket-maps.ts swaps, as this test reads them. */
interface SocketMaps {
  acks: Map<number, unknown>;
  client: { sockets: Map<string, Socket>; nsps: Map<string, Socket> };
}
const mapsOf = (socket: Socket) => socket as unknown as SocketMaps;

describe("Socket.IO's per-connection Maps as OneEntryMaps (socket-maps.ts)", () => {
  it("Socket.IO keeps a socket's acks and its Client's sockets and namespaces in Maps, holding that socket", async () => {
    const client = await connect({ namespace: '/plain' });
    const { socket } = serverSideOf(client, '/plain');
    const maps = mapsOf(socket);
    expect(maps.acks).toBeInstanceOf(Map);
    expect(maps.client.sockets).toBeInstanceOf(Map);
    expect(maps.client.nsps).toBeInstanceOf(Map);
    expect([...maps.client.sockets]).toEqual([[socket.id, socket]]);
    expect([...maps.client.nsps]).toEqual([['/plain', socket]]);
  });

  it('Socket.IO calls only the Map methods OneEntryMap has on them (client.js and socket.js of the installed socket.io)', () => {
    const dist = dirname(createRequire(import.meta.url).resolve('socket.io'));
    const source = ['client.js', 'socket.js'].map((file) => readFileSync(join(dist, file), 'utf8')).join('\n');
    const used = new Set([...source.matchAll(/this\.(?:acks|sockets|nsps)\.(\w+)/g)].map((match) => match[1] ?? ''));
    // A sanity check that the scan finds them at all (these are certainly called).
    expect([...used]).toEqual(expect.arrayContaining(['set', 'get', 'delete', 'values']));
    const ours = new OneEntryMap<unknown, unknown>();
    for (const method of used) expect(method in ours, `socket.io calls ${method} on a per-connection Map`).toBe(true);
    // Every assignment of them is one of the construction sites (a Map made anywhere else would not be swapped).
    expect([...source.matchAll(/this\.(acks|sockets|nsps) = ([^;]+);/g)].map((match) => `${match[1]} = ${match[2]}`).sort()).toEqual([
      'acks = new Map()',
      'nsps = new Map()',
      'sockets = new Map()',
    ]);
  });

  it('on /live they are OneEntryMaps with the same entries, and acks asked of the client still come back', async () => {
    const client = await connect();
    client.on('ask', (question: string, ack: (answer: string) => void) => ack(`answer to ${question}`));
    const { socket } = serverSideOf(client);
    const maps = mapsOf(socket);
    expect(maps.acks).toBeInstanceOf(OneEntryMap);
    expect(maps.client.sockets).toBeInstanceOf(OneEntryMap);
    expect(maps.client.nsps).toBeInstanceOf(OneEntryMap);
    expect([...maps.client.sockets]).toEqual([[socket.id, socket]]);
    expect([...maps.client.nsps]).toEqual([['/live', socket]]);
    expect(await Promise.all([socket.emitWithAck('ask', 'one'), socket.emitWithAck('ask', 'two')])).toEqual(['answer to one', 'answer to two']);
    expect(maps.acks.size).toBe(0);
  });

  it('a client on /live and another namespace over one connection: both served, either leaves alone, the connection closes both', async () => {
    const manager = new Manager(url, { transports: ['websocket'], reconnection: false, forceNew: true });
    const [live, plain] = [manager.socket('/live'), manager.socket('/plain')];
    clients.push(live, plain);
    await Promise.all([live, plain].map((client) => new Promise<void>((resolve) => client.once('connect', () => resolve()))));
    const liveSide = serverSideOf(live).socket;
    const liveMaps = mapsOf(liveSide);
    const plainSide = serverSideOf(plain, '/plain').socket;
    expect(liveSide.client).toBe(plainSide.client);
    expect(new Set(liveMaps.client.nsps.keys())).toEqual(new Set(['/live', '/plain']));
    expect(await live.emitWithAck('echo', 'live')).toEqual(['live']);
    expect(await plain.emitWithAck('echo', 'plain')).toEqual(['plain']);

    const liveLeft = new Promise<string>((resolve) => liveSide.once('disconnect', resolve));
    live.disconnect();
    expect(await liveLeft).toBe('client namespace disconnect');
    expect([...liveMaps.client.nsps.keys()]).toEqual(['/plain']);
    expect(await plain.emitWithAck('echo', 'still')).toEqual(['still']);

    const plainClosed = new Promise<string>((resolve) => plainSide.once('disconnect', resolve));
    manager.engine.close();
    expect(await plainClosed).toBe('transport close');
    expect(liveMaps.client.sockets.size).toBe(0);
  });

  it('a client that leaves /live, alone on its connection, has its connection closed (Socket.IO closes an engine connection with no namespace left)', async () => {
    const client = await connect();
    const { engine } = serverSideOf(client);
    const closed = new Promise<string>((resolve) => engine.once('close', resolve));
    client.disconnect();
    expect(await closed).toBe('transport close');
  });
});
