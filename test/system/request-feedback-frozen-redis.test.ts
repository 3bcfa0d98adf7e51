import { describe, expect, it } from 'vitest';
import { frozenRedisHub } from '../support/frozen-redis.js';
import { redisServerInstalled } from '../support/redis-server-process.js';
import { call } from '../support/test-server.js';

// A song request or feedback whose script reaches a frozen Redis (SIGSTOP) is answered 503 once
// the command timeout passes; Redis still holds the script and runs it when it thaws. It must
// then write nothing: the listener was told it failed (and may send it again), so a request
// queued then would start a delay nobody was told about. The scripts check Redis's TIME against
// the hub's deadline (redis-clock.ts), as the chat post does.

describe.skipIf(!redisServerInstalled())('a song request and feedback answered 503 by a frozen Redis', () => {
  const hub = frozenRedisHub('request-frozen:', { requests: { delaySeconds: 300 } });
  const from = { 'X-Forwarded-For': '203.0.113.87' };
  const ask = (song_title: string, headers = from) => call(`${hub.server.url}/api/mobile/requests`, { body: { song_title, artist: 'Frozen Choir' }, headers });
  const send = (content: string) => call(`${hub.server.url}/api/mobile/feedback`, { body: { type: 'app_feedback', content }, headers: from });
  const titles = async () => ((await call(`${hub.server.url}/api/mobile/requests?limit=50`)).body.data.requests as Array<{ song_title: string }>).map((r) => r.song_title);

  it('neither is stored when Redis thaws, and the listener’s delay was not started', async () => {
    expect((await ask('Before The Freeze', { 'X-Forwarded-For': '203.0.113.86' })).status).toBe(201);
    await hub.whileFrozen(async () => {
      const request = await ask('Sent Into The Freeze');
      expect([request.status, request.body.error.code]).toEqual([503, 'UNAVAILABLE']);
      const feedback = await send('sent into the freeze');
      expect([feedback.status, feedback.body.error.code]).toEqual([503, 'UNAVAILABLE']);
    });
    await hub.afterThaw(async () => expect((await send('after the thaw')).status).toBe(201));
    // Had the frozen request been queued, this listener's delay would refuse the next one (429).
    expect((await ask('After The Thaw')).status).toBe(201);
    expect(await titles()).toEqual(expect.arrayContaining(['Before The Freeze', 'After The Thaw']));
    expect(await titles()).not.toContain('Sent Into The Freeze');
    const feedback = (await hub.server.app.store.feedback.recent(50)).map((f) => f.content);
    expect(feedback).toContain('after the thaw');
    expect(feedback).not.toContain('sent into the freeze');
  }, 60_000);
});
