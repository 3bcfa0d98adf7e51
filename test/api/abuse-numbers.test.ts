import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectLive, type LiveClient } from '../support/live-client.js';
import { call, startTestServer, type TestServer } from '../support/test-server.js';

// Finding 3 of issue 10: `limit=Infinity` and `limit=1e400` passed validation and returned the
// whole history; `0x10`, `1e1`, `+5` were read as numbers. Integers come only as plain decimals.

const ADMIN_KEY = 'abuse-numbers-admin-key-0123456789';
let server: TestServer;
let live: LiveClient;

beforeAll(async () => {
  server = await startTestServer({ adminApiKey: ADMIN_KEY, chat: { repeatWindowSeconds: 0 } });
  for (let i = 0; i < 60; i++) {
    const posted = await call(`${server.url}/api/mobile/chat`, { body: { nickname: 'counter', message: `message ${i}` } });
    expect(posted.status).toBe(201);
  }
  live = await connectLive(server.url);
});
afterAll(async () => {
  live?.close();
  await server?.close();
});

const NOT_DECIMAL = ['Infinity', '-Infinity', '1e400', '1e1', '0x10', '0b11', '0o7', '+5', ' 5', '5 ', '5.0', '5.', '05', '-1', 'NaN', '', '9'.repeat(400), '٥'];
const OUT_OF_RANGE = ['0', '51', '1000', '9007199254740993'];

describe('integer query parameters take plain decimal digits within bounds only', () => {
  const routes = ['/api/mobile/chat', '/api/mobile/requests'];
  for (const route of routes) {
    it(`${route}: every other spelling is 400 VALIDATION_FAILED naming limit`, async () => {
      for (const bad of [...NOT_DECIMAL, ...OUT_OF_RANGE]) {
        const res = await call(`${server.url}${route}?limit=${encodeURIComponent(bad)}`);
        expect(res.status, `limit=${JSON.stringify(bad)}`).toBe(400);
        expect(res.body.error.code).toBe('VALIDATION_FAILED');
        expect(res.body.error.details.map((d: { field: string }) => d.field)).toEqual(['limit']);
      }
    });

    it(`${route}: plain decimals are served`, async () => {
      for (const good of ['1', '7', '50']) expect((await call(`${server.url}${route}?limit=${good}`)).status, `limit=${good}`).toBe(200);
    });
  }

  it('the refusal says what is expected, not only "must be integer"', async () => {
    const res = await call(`${server.url}/api/mobile/chat?limit=1e1`);
    expect(res.body.error.details[0].message).toMatch(/decimal/);
  });

  it('a limit of 50 gives at most 50 of the 60 messages; nothing gives more', async () => {
    const res = await call(`${server.url}/api/mobile/chat?limit=50&since=0`);
    expect(res.body.data.count).toBe(50);
  });

  it('POST bodies: 1e400 (JSON for Infinity) and fractions are refused for integer fields', async () => {
    const headers = { authorization: `Bearer ${ADMIN_KEY}` };
    for (const ban of ['{"nickname":"troll","seconds":1e400}', '{"nickname":"troll","seconds":1.5}', '{"nickname":"troll","seconds":"60"}']) {
      const res = await call(`${server.url}/api/admin/chat/bans`, { body: ban, headers });
      expect(res.status, ban).toBe(400);
      expect(res.body.error.details.map((d: { field: string }) => d.field)).toEqual(['seconds']);
    }
    const feedback = await call(`${server.url}/api/mobile/feedback`, { body: '{"type":"song_rating","rating":1e400}' });
    expect(feedback.status).toBe(400);
  });
});

describe('socket chat:history numbers', () => {
  it('limit must be a finite integer in range; text limits follow the query rules', async () => {
    for (const bad of [0, 51, 1.5, -1, 1e300, 'Infinity', '1e1', '0x10', '+5', ' 5', '5.0', null, true, [5], { n: 5 }]) {
      const answer = await live.request('chat:history', { limit: bad });
      expect(answer.success, `limit=${JSON.stringify(bad)}`).toBe(false);
      expect(answer.error.code).toBe('VALIDATION_FAILED');
      expect(answer.error.details[0].field).toBe('limit');
    }
  });

  it('Infinity sent over the wire (socket.io encodes it as null) is refused, not "all"', async () => {
    const answer = await live.request('chat:history', { limit: Infinity, since: 0 });
    expect(answer.success).toBe(false);
  });

  it('a plain integer or decimal text limit is served, and never more than asked', async () => {
    expect((await live.request('chat:history', { limit: 50, since: 0 })).data.count).toBe(50);
    expect((await live.request('chat:history', { limit: '3', since: '0' })).data.count).toBe(3);
  });
});
