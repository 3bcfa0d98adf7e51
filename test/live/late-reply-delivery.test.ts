import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectLive, type LiveClient } from '../support/live-client.js';
import { ReplyGate } from '../support/reply-gate.js';
import { deleteKeys, hasRedis, redisUrl, uniquePrefix } from '../support/redis.js';
import { call, startTestServer, type TestServer } from '../support/test-server.js';

// A chat post's script records the live event and relays it to the other nodes itself. When its
// reply reaches the hub after the command timeout, the poster is answered 503, yet the history
// and every other node have the message: this node's own live clients must get it too, or they
// alone would miss it for good (no later id brings it back).

describe.skipIf(!hasRedis)('a chat post whose script reply came after the timeout', () => {
  const prefix = uniquePrefix('late-reply-live');
  let gate: ReplyGate;
  let server: TestServer;
  let listener: LiveClient;

  beforeAll(async () => {
    gate = await ReplyGate.before(new URL(redisUrl));
    server = await startTestServer({ redis: { url: `redis://127.0.0.1:${gate.port}`, prefix } });
    listener = await connectLive(server.url);
  });
  afterAll(async () => {
    listener?.close();
    gate?.release();
    await server?.close();
    await gate?.close();
    await deleteKeys(redisUrl, prefix);
  });

  it('still reaches this node’s live clients once the reply arrives', async () => {
    const first = listener.next('chat:message', (message) => message.message === 'first');
    expect((await call(`${server.url}/api/mobile/chat`, { body: { nickname: 'Lydia', message: 'first' } })).status).toBe(201);
    await first;

    const late = listener.next('chat:message', (message) => message.message === 'into the silence');
    gate.hold();
    const answer = await call(`${server.url}/api/mobile/chat`, { body: { nickname: 'Lydia', message: 'into the silence' } });
    expect([answer.status, answer.body.error.code]).toEqual([503, 'UNAVAILABLE']);
    gate.release();
    expect(await late).toMatchObject({ nickname: 'Lydia', message: 'into the silence' });
  }, 30_000);
});
