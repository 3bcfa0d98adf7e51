import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectLive, type LiveClient } from '../support/live-client.js';
import { deleteKeys, hasRedis, redisUrl, uniquePrefix } from '../support/redis.js';
import { call, startTestServer, type TestServer } from '../support/test-server.js';

if (!hasRedis) process.stdout.write('[ban-sender-nodes] skipped: no Redis (REDIS_URL) for two nodes\n');

// Stop a person, not a name (issue 21 point 1): two nodes on one Redis, as behind a load balancer.
// A moderator bans the sender of one message; that client cannot post under any nickname, through
// REST or sockets, on either node, across reconnects; nobody sees its address; an undo lifts it.

const NAOMI_KEY = 'naomi-moderator-key-with-enough-entropy-0001';
const naomi = { authorization: `Bearer ${NAOMI_KEY}` };

describe.skipIf(!hasRedis)('ban the sender of a message, on two nodes', () => {
  const prefix = uniquePrefix('ban-sender');
  let nodes: TestServer[] = [];
  const clients: LiveClient[] = [];

  beforeAll(async () => {
    const settings = {
      redis: { url: redisUrl, prefix },
      trustProxy: ['127.0.0.1'],
      staff: [{ name: 'Naomi', role: 'moderator', keyHash: `sha256:${createHash('sha256').update(NAOMI_KEY).digest('hex')}` }],
      chat: { repeatWindowSeconds: 0 },
    };
    nodes = [await startTestServer(settings), await startTestServer(settings)];
  });
  afterAll(async () => {
    for (const client of clients) client.close();
    for (const node of nodes) await node.close();
    await deleteKeys(redisUrl, prefix);
  });

  const [A, B] = [0, 1];
  const url = (node: number) => nodes[node]!.url;
  const post = (node: number, from: string, nickname: string, message = `hello from ${nickname}`) =>
    call(`${url(node)}/api/mobile/chat`, { headers: { 'x-forwarded-for': from }, body: { nickname, message } });
  const socket = async (node: number, from: string) => {
    const client = await connectLive(url(node), { headers: { 'x-forwarded-for': from } });
    clients.push(client);
    return client;
  };

  it('refuses the sender under any new nickname, through REST and sockets on both nodes, and across reconnects', async () => {
    const troll = '198.51.100.66';
    const posted = await post(A, troll, 'Troll99', 'buy cheap watches');
    expect(posted.status).toBe(201);
    // Before the ban a new nickname gets in (the finding).
    expect((await post(B, troll, 'NiceGuy')).status).toBe(201);

    const banned = await call(`${url(B)}/api/admin/chat/messages/${posted.body.data.id}/ban`, { headers: naomi, body: { seconds: 3600, reason: 'spam' } });
    expect(banned.status).toBe(201);
    expect(banned.body.data.ban).toMatchObject({ kind: 'sender', label: 'Troll99', by: 'Naomi', reason: 'spam' });

    for (const node of [A, B]) {
      for (const nickname of ['NiceGuy', 'Grace_7', 'Troll99']) {
        const answer = await post(node, troll, nickname);
        expect(answer.status, `${nickname} on node ${node}`).toBe(422);
        expect(answer.body.error.code).toBe('CONTENT_REJECTED');
      }
      const live = await socket(node, troll);
      const ack = await live.request('chat:send', { nickname: `Fresh${node}`, message: 'am I back?' });
      expect(ack).toMatchObject({ success: false, error: { code: 'CONTENT_REJECTED' } });
      // A reconnect is a new connection of the same client: still banned.
      live.close();
      const again = await socket(node, troll);
      expect((await again.request('chat:send', { nickname: `Again${node}`, message: 'and now?' })).success).toBe(false);
    }
    // Another listener is not touched.
    expect((await post(A, '198.51.100.67', 'Ruth')).status).toBe(201);
    const ruthLive = await socket(B, '198.51.100.67');
    expect((await ruthLive.request('chat:send', { nickname: 'Ruth', message: 'Amen' })).success).toBe(true);

    // Staff never see the address: not in the bans, not in the audit log, not in the chat history.
    for (const node of [A, B]) {
      const bans = await call(`${url(node)}/api/admin/chat/bans`, { headers: naomi });
      expect(bans.body.data.bans).toContainEqual(expect.objectContaining({ kind: 'sender', label: 'Troll99', by: 'Naomi', reason: 'spam' }));
      expect(JSON.stringify(bans.body)).not.toContain(troll);
      expect(JSON.stringify((await call(`${url(node)}/api/mobile/chat?limit=50`)).body)).not.toContain(troll);
    }
  });

  it('holds a whole IPv6 /64: the sender of one address is refused from another of the network', async () => {
    const posted = await post(A, '2001:db8:77:1::10', 'Rotator', 'spam from v6');
    await call(`${url(A)}/api/admin/chat/messages/${posted.body.data.id}/ban`, { headers: naomi, body: { seconds: 600 } });
    expect((await post(B, '2001:db8:77:1:abcd::99', 'NewName')).status).toBe(422);
    expect((await post(B, '2001:db8:77:2::10', 'Neighbour')).status).toBe(201);
  });

  it('undoes a ban from the other node within 30 s, and lifts a sender ban by the reference listed', async () => {
    const who = '198.51.100.80';
    const posted = await post(A, who, 'Mistaken');
    const banned = await call(`${url(A)}/api/admin/chat/messages/${posted.body.data.id}/ban`, { headers: naomi, body: { seconds: 600 } });
    expect((await post(B, who, 'Mistaken')).status).toBe(422);
    const undone = await call(`${url(B)}/api/admin/chat/undo/${banned.body.data.undo.token}`, { method: 'POST', headers: naomi });
    expect(undone.body.data).toEqual({ undone: 'ban', message: null });
    expect((await post(A, who, 'Mistaken', 'thanks')).status).toBe(201);
    // A token works once.
    expect((await call(`${url(A)}/api/admin/chat/undo/${banned.body.data.undo.token}`, { method: 'POST', headers: naomi })).status).toBe(404);

    const again = await call(`${url(B)}/api/admin/chat/messages/${posted.body.data.id}/ban`, { headers: naomi, body: { seconds: 600 } });
    const ref = again.body.data.ban.value as string;
    expect((await call(`${url(A)}/api/admin/chat/bans/sender/${encodeURIComponent(ref)}`, { method: 'DELETE', headers: naomi })).status).toBe(200);
    expect((await post(B, who, 'Mistaken', 'free again')).status).toBe(201);
    expect((await call(`${url(A)}/api/admin/chat/bans/sender/${encodeURIComponent(ref)}`, { method: 'DELETE', headers: naomi })).status).toBe(404);
  });

  it('undoes a delete on the other node: the message returns to every live client, and keeps its sender', async () => {
    const who = '198.51.100.90';
    const watcher = await socket(B, '198.51.100.91');
    const posted = await post(A, who, 'Boaz', 'a fine message');
    const deleted = await call(`${url(A)}/api/admin/chat/messages/${posted.body.data.id}`, { method: 'DELETE', headers: naomi });
    expect(await watcher.next('chat:deleted', (d) => d.id === posted.body.data.id)).toEqual({ id: posted.body.data.id });
    const undone = await call(`${url(B)}/api/admin/chat/undo/${deleted.body.data.undo.token}`, { method: 'POST', headers: naomi });
    expect(undone.body.data).toMatchObject({ undone: 'delete', message: { nickname: 'Boaz', message: 'a fine message' } });
    const restored = undone.body.data.message;
    expect(await watcher.next('chat:message', (m) => m.id === restored.id)).toEqual(restored);
    expect((await call(`${url(A)}/api/mobile/chat?limit=50`)).body.data.messages).toContainEqual(restored);
    // The restored message still knows its sender.
    await call(`${url(B)}/api/admin/chat/messages/${restored.id}/ban`, { headers: naomi, body: { seconds: 60 } });
    expect((await post(A, who, 'Boaz2')).status).toBe(422);
  });

  it('answers 404 for a message that is not there, and 400 for a bad duration', async () => {
    expect((await call(`${url(A)}/api/admin/chat/messages/1-0/ban`, { headers: naomi, body: { seconds: 60 } })).status).toBe(404);
    expect((await call(`${url(A)}/api/admin/chat/messages/nonsense/ban`, { headers: naomi, body: { seconds: 60 } })).status).toBe(404);
    const bad = await call(`${url(A)}/api/admin/chat/messages/1-0/ban`, { headers: naomi, body: { seconds: 0 } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details[0].field).toBe('seconds');
  });
});
