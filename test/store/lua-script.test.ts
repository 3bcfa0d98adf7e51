import { randomUUID } from 'node:crypto';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openRedis } from '../../src/redis/redis-connection.js';
import { LuaScript } from '../../src/store/redis/lua-script.js';
import { eventually } from '../support/eventually.js';
import { deleteKeys, hasRedis, redisUrl, uniquePrefix } from '../support/redis.js';

// A script is sent by SHA; one Redis no longer holds (a restart, SCRIPT FLUSH) is sent whole once.
// Each script here has text no other run sent (a random comment), so Redis never holds it at first:
// the test needs no flush of the shared Redis's script cache.

describe('a Lua script called through the store connection (LuaScript.call)', () => {
  if (!hasRedis) {
    it.skip('skipped: no Redis answers at REDIS_URL (see the note printed at start)', () => undefined);
    return;
  }
  const prefix = uniquePrefix('luascript');
  const redis = openRedis({ kind: 'single', url: redisUrl }, pino({ level: 'silent' }), { commandTimeoutMs: 5000 });
  const fresh = (body: string) => new LuaScript(`-- ${randomUUID()}\n${body}`);
  beforeAll(async () => {
    await eventually(() => redis.call(() => redis.commands.get(`${prefix}ready`)));
  });
  afterAll(async () => {
    await redis.close();
    await deleteKeys(redisUrl, prefix);
  });

  it('runs a script Redis does not hold yet (NOSCRIPT, then the whole text), then by SHA, each reply mapped', async () => {
    const script = fresh(`return redis.call('INCR', KEYS[1]) * tonumber(ARGV[1])`);
    const key = `${prefix}count`;
    expect(await script.call(redis, [key], ['10'], (reply) => `got ${String(reply)}`)).toBe('got 10');
    expect(await script.call(redis, [key], ['10'], (reply) => `got ${String(reply)}`)).toBe('got 20');
  });

  it("leaves a script's own error what it is (Redis refusing is not the store away)", async () => {
    const script = fresh(`return redis.error_reply('ERR refused by the script')`);
    await expect(script.call(redis, [`${prefix}none`], [], (reply) => reply)).rejects.toThrow('ERR refused by the script');
    // Now held by SHA: the same error, without the fallback.
    await expect(script.call(redis, [`${prefix}none`], [], (reply) => reply)).rejects.toThrow('ERR refused by the script');
    expect(redis.outage.isDown).toBe(false);
  });
});
