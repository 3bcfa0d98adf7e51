import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkedFetch, startTestServer, type TestServer } from '../support/test-server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ requests: { delaySeconds: 0, thresholdSeconds: 0 } });
});
afterAll(() => server.close());

const POSTS = ['/api/mobile/chat', '/api/mobile/requests', '/api/mobile/feedback'];
const GETS = ['/api/mobile/chat', '/api/mobile/requests'];

/** Bodies near the real shapes (so validation is reached), plus anything JSON at all. */
const nearlyValid = fc.record(
  {
    nickname: fc.oneof(fc.string(), fc.string({ unit: 'grapheme', maxLength: 25 }), fc.anything()),
    message: fc.oneof(fc.string({ maxLength: 600 }), fc.anything()),
    song_title: fc.oneof(fc.string(), fc.anything()),
    artist: fc.string(),
    priority: fc.oneof(fc.constantFrom('low', 'normal', 'high'), fc.string()),
    type: fc.oneof(fc.constantFrom('song_rating', 'bug_report'), fc.string()),
    rating: fc.oneof(fc.integer(), fc.double(), fc.string()),
    content: fc.oneof(fc.string(), fc.anything()),
  },
  { requiredKeys: [] },
);

describe('random input never yields a 5xx', () => {
  it('JSON bodies of any shape on every POST endpoint', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...POSTS), fc.oneof(nearlyValid, fc.jsonValue()), async (path, body) => {
        const res = await checkedFetch(server.url + path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
        const answer = (await res.json()) as { success: boolean };
        expect(res.status).toBeLessThan(500);
        expect(answer.success).toBe(res.status < 300);
      }),
      { numRuns: 300 },
    );
  });

  it('raw bytes as a body', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...POSTS), fc.uint8Array({ maxLength: 2048 }), async (path, bytes) => {
        const res = await checkedFetch(server.url + path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: bytes });
        await res.arrayBuffer();
        expect(res.status).toBeLessThan(500);
      }),
      { numRuns: 200 },
    );
  });

  it('any query string on the GET endpoints', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...GETS),
        fc.dictionary(fc.constantFrom('since', 'limit', 'status', 'x'), fc.oneof(fc.string(), fc.integer().map(String), fc.double().map(String))),
        async (path, query) => {
          const res = await checkedFetch(`${server.url}${path}?${new URLSearchParams(query)}`);
          await res.arrayBuffer();
          expect(res.status === 200 || res.status === 400).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('is still healthy afterwards', async () => {
    expect((await checkedFetch(`${server.url}/healthz`)).status).toBe(200);
  });
});
