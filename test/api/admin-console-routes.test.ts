import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectLive, type LiveClient } from '../support/live-client.js';
import { call, startTestServer, type TestServer } from '../support/test-server.js';

// The admin routes behind the staff console: bans (list, lift), request queue actions, overview.

const KEY = 'admin-routes-test-key-0123';
const auth = { authorization: `Bearer ${KEY}` };

describe('admin routes of the staff console', () => {
  let server: TestServer;
  let live: LiveClient;

  beforeAll(async () => {
    server = await startTestServer({ adminApiKey: KEY, requests: { delaySeconds: 0, thresholdSeconds: 0 } });
    live = await connectLive(server.url);
  });
  afterAll(async () => {
    live?.close();
    await server?.close();
  });

  it('refuses every one of them without the admin key', async () => {
    for (const [method, path] of [
      ['GET', '/api/admin/chat/bans'],
      ['DELETE', '/api/admin/chat/bans/nickname/troll'],
      ['GET', '/api/admin/station'],
    ]) {
      const answer = await call(`${server.url}${path ?? ''}`, { method });
      expect(answer.status, path).toBe(401);
    }
    const patch = await call(`${server.url}/api/admin/requests/x`, { method: 'PATCH', body: { status: 'played' } });
    expect(patch.status).toBe(401);
  });

  it('lists the bans in force and lifts one, which lets the nickname post again', async () => {
    await call(`${server.url}/api/admin/chat/bans`, { headers: auth, body: { nickname: 'Troll', seconds: 3600 } });
    await call(`${server.url}/api/admin/chat/bans`, { headers: auth, body: { ip: '2001:db8::1', seconds: 60 } });
    const listed = await call(`${server.url}/api/admin/chat/bans`, { headers: auth });
    expect(listed.status).toBe(200);
    expect(listed.body.data.bans.map((b: { kind: string; value: string }) => `${b.kind}:${b.value}`)).toEqual(['ip:2001:db8::/64', 'nickname:troll']);
    expect((await call(`${server.url}/api/mobile/chat`, { body: { nickname: 'Troll', message: 'hello' } })).status).toBe(422);

    const lifted = await call(`${server.url}/api/admin/chat/bans/nickname/Troll`, { method: 'DELETE', headers: auth });
    expect(lifted).toMatchObject({ status: 200, body: { data: { kind: 'nickname', value: 'Troll', lifted: true } } });
    expect((await call(`${server.url}/api/mobile/chat`, { body: { nickname: 'Troll', message: 'hello' } })).status).toBe(201);
    // An IPv6 address in the path, written any valid way, lifts the ban on its /64.
    expect((await call(`${server.url}/api/admin/chat/bans/ip/2001:0db8:0:0:0:0:0:1`, { method: 'DELETE', headers: auth })).status).toBe(200);
    expect((await call(`${server.url}/api/admin/chat/bans`, { headers: auth })).body.data.bans).toEqual([]);
  });

  it('answers 404 for a ban that is not in force or a kind that does not exist', async () => {
    expect((await call(`${server.url}/api/admin/chat/bans/nickname/nobody`, { method: 'DELETE', headers: auth })).status).toBe(404);
    expect((await call(`${server.url}/api/admin/chat/bans/email/x`, { method: 'DELETE', headers: auth })).status).toBe(404);
  });

  it('marks a pending request played or rejected, pushes request:updated, and refuses it twice', async () => {
    const posted = await call(`${server.url}/api/mobile/requests`, { body: { song_title: 'Oceans', artist: 'Hillsong United' } });
    const id = posted.body.data.id as string;
    const updated = live.next('request:updated', (r) => r.id === id);
    const played = await call(`${server.url}/api/admin/requests/${id}`, { method: 'PATCH', headers: auth, body: { status: 'played' } });
    expect(played).toMatchObject({ status: 200, body: { data: { id, status: 'played' } } });
    expect(await updated).toMatchObject({ id, status: 'played', song_title: 'Oceans' });
    expect((await call(`${server.url}/api/mobile/requests?status=pending`)).body.data.requests).toEqual([]);

    const again = await call(`${server.url}/api/admin/requests/${id}`, { method: 'PATCH', headers: auth, body: { status: 'rejected' } });
    expect(again.status).toBe(404);
    const bad = await call(`${server.url}/api/admin/requests/${id}`, { method: 'PATCH', headers: auth, body: { status: 'lost' } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details[0].field).toBe('status');
  });

  it('gives the console status, statistics with the 24-hour history, and now playing in one answer', async () => {
    const overview = await call(`${server.url}/api/admin/station`, { headers: auth });
    expect(overview.status).toBe(200);
    expect(overview.body.data.status).toMatchObject({ online: false, server_status: 'unknown' });
    expect(Array.isArray(overview.body.data.stats.listener_history)).toBe(true);
    expect(overview.body.data.now_playing).toMatchObject({ now_playing: null, song_history: [] });
  });
});
