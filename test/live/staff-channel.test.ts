import { createHash } from 'node:crypto';
import { io, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { STAFF_SOCKETS_PER_CLIENT } from '../../src/live/staff-channel.js';
import { STAFF_EVENTS } from '../../src/station/staff-events.js';
import { checkLiveMessage } from '../support/asyncapi-conformance.js';
import { connectLive, type LiveClient } from '../support/live-client.js';
import { eventually } from '../support/eventually.js';
import { RedisServerProcess, redisServerInstalled } from '../support/redis-server-process.js';
import { call, startTestServer, type TestServer } from '../support/test-server.js';

// The staff channel (issue 32): ban changes and audit entries reach signed-in staff on /staff,
// role-aware, and never a listener's socket on the public /live namespace.

const ADMIN_KEY = 'staff-channel-admin-key-with-entropy-0001';
const MODERATOR_KEY = 'staff-channel-moderator-key-entropy-0002';
const AUTOMATION_KEY = 'staff-channel-automation-key-entropy-003';
const hash = (key: string) => `sha256:${createHash('sha256').update(key).digest('hex')}`;
const STAFF = [
  { name: 'Deborah', role: 'admin', keyHash: hash(ADMIN_KEY) },
  { name: 'Barak', role: 'moderator', keyHash: hash(MODERATOR_KEY) },
  { name: 'Playout', role: 'automation', keyHash: hash(AUTOMATION_KEY) },
];
const STAFF_EVENT_NAMES = Object.keys(STAFF_EVENTS);

interface StaffClient {
  socket: Socket;
  received: Array<{ event: string; payload: any }>;
  next(event: string, where?: (payload: any) => boolean): Promise<any>;
}

let server: TestServer;
const sockets: Socket[] = [];
afterEach(() => {
  while (sockets.length) sockets.pop()!.close();
});

function openStaff(url: string, key: string | undefined): Socket {
  const socket = io(`${url}/staff`, { transports: ['websocket'], forceNew: true, reconnection: false, ...(key === undefined ? {} : { auth: { key } }) });
  sockets.push(socket);
  return socket;
}

/** A staff socket, connected, recording every event (each one checked against the AsyncAPI document's /staff channel). */
async function connectStaff(url: string, key: string): Promise<StaffClient> {
  const socket = openStaff(url, key);
  const received: StaffClient['received'] = [];
  socket.onAny((event: string, payload: unknown) => received.push({ event, payload }));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return {
    socket,
    received,
    next: async (event, where = () => true) => {
      const payload = await eventually(() => {
        const seen = received.find((r) => r.event === event && where(r.payload));
        if (!seen) throw new Error(`no ${event} yet`);
        return seen.payload;
      });
      await checkLiveMessage(url, event, payload, 'staff');
      return payload;
    },
  };
}

/** The refusal of a staff handshake: the connect_error's data is the REST error envelope. */
async function refusal(url: string, key: string | undefined): Promise<any> {
  const socket = openStaff(url, key);
  return new Promise((resolve, reject) => {
    socket.once('connect', () => reject(new Error('the staff socket was admitted')));
    socket.once('connect_error', (error: Error & { data?: unknown }) => resolve(error.data ?? error.message));
  });
}

const admin = (path: string, init: { method?: string; body?: unknown; key?: string } = {}) =>
  call(`${server.url}${path}`, { method: init.method ?? (init.body ? 'POST' : 'GET'), body: init.body, headers: { authorization: `Bearer ${init.key ?? ADMIN_KEY}` } });

beforeAll(async () => {
  server = await startTestServer({ staff: STAFF, live: { maxConnectionsPerClient: 100 } });
});
afterAll(() => server.close());

describe('the /staff namespace', () => {
  it('a ban and its lifting reach the admin (the audit entries too) and the moderator (the ban changes only); a listener on /live gets none of it', async () => {
    const listener: LiveClient = await connectLive(server.url);
    const deborah = await connectStaff(server.url, ADMIN_KEY);
    const barak = await connectStaff(server.url, MODERATOR_KEY);

    const banned = await admin('/api/admin/chat/bans', { body: { nickname: 'Sisera', seconds: 3600, reason: 'tent-peg threats' }, key: MODERATOR_KEY });
    expect(banned.status).toBe(201);
    expect(await barak.next('bans:changed', (p) => p.action === 'chat.ban')).toEqual({ action: 'chat.ban', by: 'Barak', at: expect.any(Number) });
    expect(await deborah.next('bans:changed', (p) => p.action === 'chat.ban')).toMatchObject({ by: 'Barak' });
    const entry = await deborah.next('audit:entry', (p) => p.action === 'chat.ban');
    expect(entry).toMatchObject({ actor: 'Barak', role: 'moderator', action: 'chat.ban' });
    expect(entry.detail).toContain('tent-peg threats');

    const lifted = await admin(`/api/admin/chat/bans/nickname/${encodeURIComponent(banned.body.data.bans[0].value)}`, { method: 'DELETE' });
    expect(lifted.status).toBe(200);
    await barak.next('bans:changed', (p) => p.action === 'chat.unban' && p.by === 'Deborah');
    await deborah.next('audit:entry', (p) => p.action === 'chat.unban');
    // The moderator's console has no audit log: no entry was sent to it.
    expect(barak.received.map((r) => r.event)).not.toContain('audit:entry');

    // A public event after the staff ones: once the listener has it, whatever went to /live has arrived.
    const posted = await call(`${server.url}/api/mobile/chat`, { body: { nickname: 'Jael', message: 'Awake, awake, Deborah' } });
    expect(posted.status).toBe(201);
    await listener.next('chat:message', (m) => m.message === 'Awake, awake, Deborah');
    const heard = listener.received.map((r) => r.event);
    for (const name of STAFF_EVENT_NAMES) expect(heard).not.toContain(name);
    expect(JSON.stringify(listener.received)).not.toContain('tent-peg threats');
    expect(JSON.stringify(listener.received)).not.toContain('Barak');
    listener.close();
  });

  it('refuses a handshake without a key, with a wrong key, with a playout key; past the sign-in budget even the right key, as the staff routes do', async () => {
    const fresh = await startTestServer({ staff: STAFF, rateLimit: { adminSignIn: { limit: 2, windowSeconds: 3600 } } });
    try {
      expect(await refusal(fresh.url, undefined)).toMatchObject({ success: false, error: { code: 'UNAUTHORIZED' } });
      expect(await refusal(fresh.url, AUTOMATION_KEY)).toMatchObject({ success: false, error: { code: 'FORBIDDEN' } });
      expect(await refusal(fresh.url, 'not-a-staff-key-at-all-0000000000000000')).toMatchObject({ error: { code: 'UNAUTHORIZED' } });
      expect(await refusal(fresh.url, 'not-a-staff-key-at-all-0000000000000001')).toMatchObject({ error: { code: 'UNAUTHORIZED' } });
      // Over the budget of 2 wrong keys: 429, the right key included, and the REST door agrees (one budget).
      expect(await refusal(fresh.url, 'not-a-staff-key-at-all-0000000000000002')).toMatchObject({ error: { code: 'RATE_LIMITED', reason: 'admin_keys' } });
      expect(await refusal(fresh.url, ADMIN_KEY)).toMatchObject({ error: { code: 'RATE_LIMITED', reason: 'admin_keys' } });
      expect((await call(`${fresh.url}/api/admin/me`, { headers: { authorization: `Bearer ${ADMIN_KEY}` } })).status).toBe(429);
    } finally {
      await fresh.close();
    }
  });

  it('caps the staff sockets one client holds, and gives a place back when a console closes', async () => {
    const held: StaffClient[] = [];
    for (let i = 0; i < STAFF_SOCKETS_PER_CLIENT; i++) held.push(await connectStaff(server.url, MODERATOR_KEY));
    expect(await refusal(server.url, MODERATOR_KEY)).toMatchObject({ error: { code: 'RATE_LIMITED', reason: 'live_connections' } });
    held[0]!.socket.close();
    await eventually(async () => {
      const again = await connectStaff(server.url, MODERATOR_KEY);
      again.socket.close();
    });
  });

  it("revoking a console-made key closes that member's open staff sockets, and the key is refused after", async () => {
    const made = await admin('/api/admin/staff', { body: { name: 'Orpah', role: 'moderator' } });
    expect(made.status).toBe(201);
    const orpah = await connectStaff(server.url, made.body.data.key);
    const closed = new Promise<string>((resolve) => orpah.socket.once('disconnect', resolve));
    expect((await admin('/api/admin/staff/Orpah', { method: 'DELETE' })).status).toBe(200);
    expect(await closed).toBe('io server disconnect');
    expect(await refusal(server.url, made.body.data.key)).toMatchObject({ error: { code: 'UNAUTHORIZED' } });
  });

  it('closing the server disconnects the staff consoles and finishes', async () => {
    const closing = await startTestServer({ staff: STAFF });
    const console_ = await connectStaff(closing.url, ADMIN_KEY);
    const gone = new Promise<string>((resolve) => console_.socket.once('disconnect', resolve));
    await closing.close();
    expect(await gone).toMatch(/transport close|io server disconnect/);
  });
});

describe.skipIf(!redisServerInstalled())('the /staff namespace while its store (a private Redis) is away', () => {
  let redis: RedisServerProcess;
  let node: TestServer;

  beforeAll(async () => {
    redis = await RedisServerProcess.startOnFreePort();
    node = await startTestServer({ staff: STAFF, redis: { url: redis.url, prefix: 'staff-channel-outage:' } });
  }, 30_000);
  afterAll(async () => {
    await node?.close();
    await redis?.kill();
  });

  it('a handshake is answered 503 UNAVAILABLE (the command timeout bounds the wait; never a hang, never a 401 that counts), as the staff routes answer; once the store is back a wrong key is 401 and the right one connects', async () => {
    await redis.kill();
    expect(await refusal(node.url, 'a-console-made-key-it-cannot-look-up-0001')).toMatchObject({ success: false, error: { code: 'UNAVAILABLE' } });
    // The sign-in budget lives in the store too: the right key waits for it like the REST door does.
    expect(await refusal(node.url, ADMIN_KEY)).toMatchObject({ success: false, error: { code: 'UNAVAILABLE' } });
    expect((await call(`${node.url}/api/admin/me`, { headers: { authorization: `Bearer ${ADMIN_KEY}` } })).status).toBe(503);
    await redis.start();
    await eventually(async () => (await connectStaff(node.url, ADMIN_KEY)).socket.close(), 20_000);
    await eventually(async () => expect(await refusal(node.url, 'a-console-made-key-it-cannot-look-up-0001')).toMatchObject({ error: { code: 'UNAUTHORIZED' } }), 20_000);
  }, 60_000);
});
