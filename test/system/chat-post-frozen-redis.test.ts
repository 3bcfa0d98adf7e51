import { describe, expect, it } from 'vitest';
import { frozenRedisHub } from '../support/frozen-redis.js';
import { redisServerInstalled } from '../support/redis-server-process.js';
import { call } from '../support/test-server.js';

// A chat post whose script reaches a frozen Redis (SIGSTOP) is answered 503 once the command
// timeout passes; Redis still holds the script and runs it when it thaws. It must then write
// nothing: the sender was told the post failed (and may send it again), so storing it would make
// a message nobody was told about, or a duplicate. The script checks Redis's TIME against the
// hub's deadline (redis-clock.ts) and refuses past it.

describe.skipIf(!redisServerInstalled())('a chat post answered 503 by a frozen Redis', () => {
  const hub = frozenRedisHub('chat-frozen:', { chat: { repeatWindowSeconds: 0 } });
  const from = { 'X-Forwarded-For': '203.0.113.77' };
  const post = (message: string) => call(`${hub.server.url}/api/mobile/chat`, { body: { nickname: 'grace', message }, headers: from });
  const history = async () =>
    ((await call(`${hub.server.url}/api/mobile/chat?limit=50`, { headers: { 'X-Forwarded-For': '203.0.113.78' } })).body.data.messages as Array<{ message: string }>).map((m) => m.message);

  it('is not stored when Redis thaws, and posts after it are', async () => {
    expect((await post('before the freeze')).status).toBe(201);
    await hub.whileFrozen(async () => {
      const frozen = await post('sent into the freeze');
      expect([frozen.status, frozen.body.error.code]).toEqual([503, 'UNAVAILABLE']);
    });
    await hub.afterThaw(async () => expect((await post('after the thaw')).status).toBe(201));
    const messages = await history();
    expect(messages).toContain('before the freeze');
    expect(messages).toContain('after the thaw');
    expect(messages).not.toContain('sent into the freeze');
  }, 60_000);
});
