import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestServer, type TestServer } from '../support/test-server.js';
import { deleteKeys, hasRedis, redisUrl, uniquePrefix } from '../support/redis.js';

// A polling app's promise (issue 19, point 1): whatever the interleaving of posts and polls, and
// whatever `limit` it asks for, a client that starts at a `since` and then follows `next` with
// `after` receives every message exactly once, in order. On Redis the posts and the polls go to
// two hubs sharing one store, as behind a load balancer.

interface Poster {
  node: number;
  count: number;
}

const poster = (nodes: number) => fc.record({ node: fc.nat(nodes - 1), count: fc.integer({ min: 1, max: 6 }) });
const steps = (nodes: number) =>
  fc.array(
    fc.oneof(
      fc.record({ kind: fc.constant('post' as const), posts: fc.array(poster(nodes), { minLength: 1, maxLength: 3 }) }),
      fc.record({ kind: fc.constant('poll' as const), node: fc.nat(nodes - 1), limit: fc.integer({ min: 1, max: 50 }) }),
      // Posts in flight while a poll reads: the message a poll just missed must come with the next one.
      fc.record({ kind: fc.constant('race' as const), posts: fc.array(poster(nodes), { minLength: 1, maxLength: 3 }), node: fc.nat(nodes - 1), limit: fc.integer({ min: 1, max: 50 }) }),
    ),
    { minLength: 1, maxLength: 12 },
  );

const order = (id: string) => id.split('-').map(Number) as [number, number];
const before = (a: string, b: string) => {
  const [am, as] = order(a);
  const [bm, bs] = order(b);
  return am < bm || (am === bm && as < bs);
};

function pagingSuite(name: string, available: boolean, nodeCount: number, start: () => Promise<{ nodes: TestServer[]; cleanup(): Promise<void> }>) {
  describe.skipIf(!available)(`chat paging on ${name}`, () => {
    let nodes: TestServer[] = [];
    let cleanup: () => Promise<void> = async () => undefined;
    let run = 0;
    beforeAll(async () => {
      ({ nodes, cleanup } = await start());
    });
    afterAll(async () => {
      await Promise.all(nodes.map((n) => n.close()));
      await cleanup();
    });

    it('delivers every message exactly once, in order, to a client following next', async () => {
      await fc.assert(
        fc.asyncProperty(steps(nodeCount), async (plan) => {
          run += 1;
          const posted: string[] = [];
          const delivered: string[] = [];
          // The client starts where the chat is now: the newest message's id, or a time before any.
          const first = await call(`${nodes[0]!.url}/api/mobile/chat?limit=1`);
          let cursor: string = first.body.data.next === null ? `since=${Math.floor(Date.now() / 1000) - 60}` : `after=${first.body.data.next}`;
          let sequence = 0;
          const post = async ({ node, count }: Poster) => {
            for (let i = 0; i < count; i++) {
              const text = `run ${run} message ${(sequence += 1)}`;
              const res = await call(`${nodes[node]!.url}/api/mobile/chat`, { body: { nickname: `poster${node}`, message: text } });
              expect(res.status).toBe(201);
              posted.push(res.body.data.id);
            }
          };
          const poll = async (node: number, limit: number) => {
            const res = await call(`${nodes[node]!.url}/api/mobile/chat?${cursor}&limit=${limit}`);
            expect(res.status).toBe(200);
            expect(res.body.data.count).toBeLessThanOrEqual(limit);
            delivered.push(...res.body.data.messages.map((m: { id: string }) => m.id));
            if (res.body.data.next !== null) cursor = `after=${res.body.data.next}`;
            return res.body.data.has_more as boolean;
          };
          for (const step of plan) {
            if (step.kind === 'post') await Promise.all(step.posts.map(post));
            else if (step.kind === 'poll') await poll(step.node, step.limit);
            else await Promise.all([...step.posts.map(post), poll(step.node, step.limit)]);
          }
          // Then the app catches up: it asks again while has_more says more wait, then once more.
          let guard = 0;
          while (await poll(guard % nodeCount, 7)) expect((guard += 1)).toBeLessThan(100);
          await poll(0, 50);
          expect(new Set(delivered).size).toBe(delivered.length);
          expect([...delivered].sort()).toEqual([...posted].sort());
          for (let i = 1; i < delivered.length; i++) expect(before(delivered[i - 1]!, delivered[i]!)).toBe(true);
        }),
        { numRuns: 15 },
      );
    }, 120_000);
  });
}

pagingSuite('the memory store (one hub)', true, 1, async () => ({ nodes: [await startTestServer()], cleanup: async () => undefined }));

const prefix = uniquePrefix('chat-paging');
pagingSuite('Redis, two hubs on one store', hasRedis, 2, async () => {
  const overrides = { redis: { url: redisUrl, prefix } };
  return { nodes: [await startTestServer(overrides), await startTestServer(overrides)], cleanup: () => deleteKeys(redisUrl, prefix) };
});

if (!hasRedis) console.log('chat paging on Redis skipped: no Redis at REDIS_URL');
