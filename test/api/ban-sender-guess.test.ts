import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverBackends } from '../support/backends.js';
import { call, startTestServer, type JsonResponse, type TestServer } from '../support/test-server.js';

// Issue 26 finding 1: a sender ban's address must not be guessable by the address doors. A
// moderator who guesses addresses at DELETE /api/admin/chat/bans/ip/{guess} or POST
// /api/admin/chat/bans {"ip": guess} gets the same answer for the sender's address as for any
// other, never lifts the sender ban, and never puts its address into the audit log. On Redis the
// ban is set on one node and guessed at on the other.

const NAOMI_KEY = 'naomi-moderator-key-with-enough-entropy-0001';
const ADMIN_KEY = 'guess-suite-admin-key-0123456789';
const naomi = { authorization: `Bearer ${NAOMI_KEY}` };
const admin = { authorization: `Bearer ${ADMIN_KEY}` };
const hash = (key: string) => `sha256:${createHash('sha256').update(key).digest('hex')}`;

const TROLL = '198.51.100.66';
// The guesses: the sender's address hidden among its neighbours.
const GUESSES = [...Array.from({ length: 12 }, (_, i) => `198.51.100.${50 + i}`), TROLL, ...Array.from({ length: 12 }, (_, i) => `198.51.100.${70 + i}`)];

/** What a moderator can compare between two answers: the status and the body, the guess itself masked. */
const seen = (answer: JsonResponse, guess: string) => ({ status: answer.status, body: JSON.stringify(answer.body ?? null).replaceAll(guess, '<guess>') });

for (const backend of serverBackends('ban-guess')) {
  if (!backend.available) process.stdout.write(`[ban-sender-guess] skipped on the ${backend.name}: no Redis (REDIS_URL)\n`);
  describe.skipIf(!backend.available)(`a sender ban cannot be guessed at by address (${backend.name})`, () => {
    // Two nodes on one Redis; the memory store is one process, asked twice.
    let nodes: TestServer[] = [];
    beforeAll(async () => {
      const settings = {
        ...backend.overrides(),
        adminApiKey: ADMIN_KEY,
        trustProxy: ['127.0.0.1'],
        staff: [{ name: 'Naomi', role: 'moderator', keyHash: hash(NAOMI_KEY) }],
        chat: { repeatWindowSeconds: 0 },
      };
      const first = await startTestServer(settings);
      nodes = backend.name === 'Redis store' ? [first, await startTestServer(settings)] : [first, first];
    });
    afterAll(async () => {
      for (const node of new Set(nodes)) await node.close();
      await backend.cleanup();
    });

    const url = (node: number) => nodes[node]!.url;
    const post = (from: string, nickname: string) => call(`${url(0)}/api/mobile/chat`, { headers: { 'x-forwarded-for': from }, body: { nickname, message: `hello from ${nickname}` } });
    const senderBans = async () => ((await call(`${url(1)}/api/admin/chat/bans`, { headers: naomi })).body.data.bans as Array<{ kind: string }>).filter((b) => b.kind === 'sender');

    it('answers every guess alike, lifts nothing, and writes no address of it into the audit log', async () => {
      const posted = await post(TROLL, 'Troll99');
      expect(posted.status).toBe(201);
      expect((await call(`${url(0)}/api/admin/chat/messages/${posted.body.data.id}/ban`, { headers: naomi, body: { seconds: 3600 } })).status).toBe(201);
      expect(await senderBans()).toHaveLength(1);

      // Lifting by address: every guess gets the same answer (404: no address ban), the right one too.
      const lifts = [];
      for (const guess of GUESSES) lifts.push(seen(await call(`${url(1)}/api/admin/chat/bans/ip/${guess}`, { method: 'DELETE', headers: naomi }), guess));
      expect(new Set(lifts.map((l) => JSON.stringify(l))).size, 'DELETE /bans/ip/{guess} answers alike').toBe(1);
      expect(lifts[0]!.status).toBe(404);
      expect(await senderBans()).toHaveLength(1);
      expect((await post(TROLL, 'NewName')).status, 'the sender ban still holds').toBe(422);
      const audit = await call(`${url(0)}/api/admin/audit?limit=200`, { headers: admin });
      expect(JSON.stringify(audit.body.data.entries)).not.toContain(TROLL);

      // Banning by address: the same answer for every guess, and the sender ban stays listed apart.
      const bans = [];
      for (const guess of GUESSES) {
        const answer = await call(`${url(1)}/api/admin/chat/bans`, { headers: naomi, body: { ip: guess, seconds: 60 } });
        bans.push(seen({ ...answer, body: { ...answer.body, data: { ...answer.body.data, until: 0, undo: null } } }, guess));
      }
      expect(new Set(bans.map((b) => JSON.stringify(b))).size, 'POST /bans {ip: guess} answers alike').toBe(1);
      expect(bans[0]!.status).toBe(201);
      expect(await senderBans(), 'the sender ban is still listed, whatever was guessed').toHaveLength(1);

      // Lifting those address bans again answers alike (200 each) and leaves the sender ban in force.
      const again = [];
      for (const guess of GUESSES) again.push(seen(await call(`${url(0)}/api/admin/chat/bans/ip/${guess}`, { method: 'DELETE', headers: naomi }), guess));
      expect(new Set(again.map((a) => JSON.stringify(a))).size).toBe(1);
      expect(again[0]!.status).toBe(200);
      expect(await senderBans()).toHaveLength(1);
      expect((await post(TROLL, 'Another')).status, 'the sender ban still holds').toBe(422);
      expect((await post('198.51.100.50', 'Neighbour')).status, 'a lifted address ban is lifted').toBe(201);
    });
  });
}
