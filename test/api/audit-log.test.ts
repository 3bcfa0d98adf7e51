import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverBackends } from '../support/backends.js';
import { call, startTestServer, type TestServer } from '../support/test-server.js';

// Issue 26 finding 3: a moderator flushed the audit log with 1,040 ban/unban calls in under a
// second (an admin's staff.create rolled out of the 1,000-entry list); staff actions had no budget.

const ADMIN_KEY = 'audit-admin-key-with-enough-entropy-0001';
const MODERATOR_KEY = 'audit-moderator-key-with-enough-entropy-0002';
const hash = (key: string) => `sha256:${createHash('sha256').update(key).digest('hex')}`;
const STAFF_WRITES = 20;

for (const backend of serverBackends('audit-log')) {
  describe.skipIf(!backend.available)(`the audit log and the staff budget (${backend.name})`, () => {
    let server: TestServer;
    const as = (key: string, client: string) => ({ authorization: `Bearer ${key}`, 'x-forwarded-for': client });
    beforeAll(async () => {
      server = await startTestServer({
        ...backend.overrides(),
        adminApiKey: ADMIN_KEY,
        staff: [{ name: 'Naomi', role: 'moderator', keyHash: hash(MODERATOR_KEY) }],
        trustProxy: ['127.0.0.1'],
        rateLimit: { staffActions: { limit: STAFF_WRITES, windowSeconds: 3600 } },
      });
    });
    afterAll(async () => {
      await server?.close();
      await backend.cleanup();
    });

    it("stops a moderator flooding bans from every address at the budget (429 staff_actions), and the admin's staff.create stays in the log", async () => {
      const created = await call(`${server.url}/api/admin/staff`, { headers: as(ADMIN_KEY, '192.0.2.1'), body: { name: 'Ruth', role: 'moderator' } });
      expect(created.status).toBe(201);
      const answers = [];
      // Ban and unban a nickname, from a new address each time (address hopping refills nothing).
      for (let i = 0; i < STAFF_WRITES + 10; i++) {
        const headers = as(MODERATOR_KEY, `198.51.100.${i + 1}`);
        answers.push(
          i % 2 === 0
            ? await call(`${server.url}/api/admin/chat/bans`, { headers, body: { nickname: 'Troll', seconds: 60 } })
            : await call(`${server.url}/api/admin/chat/bans/nickname/Troll`, { method: 'DELETE', headers }),
        );
      }
      expect(answers.filter((answer) => answer.status !== 429)).toHaveLength(STAFF_WRITES);
      const refused = answers.at(-1)!;
      expect(refused.status).toBe(429);
      expect(refused.body).toMatchObject({ success: false, error: { code: 'RATE_LIMITED', reason: 'staff_actions' } });
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(refused.headers.get('ratelimit')).toMatch(/^"staff";r=0;t=\d+$/);
      expect(refused.headers.get('ratelimit-policy')).toBe(`"staff";q=${STAFF_WRITES};w=3600`);
      // In the staff member's language too.
      const spanish = await call(`${server.url}/api/admin/chat/bans`, {
        headers: { ...as(MODERATOR_KEY, '203.0.113.9'), 'accept-language': 'es' },
        body: { nickname: 'Troll', seconds: 60 },
      });
      expect(spanish.body.error.message).toMatch(/demasiados cambios/);
      // Reads cost nothing, and the admin has a budget of their own.
      expect((await call(`${server.url}/api/admin/chat/bans`, { headers: as(MODERATOR_KEY, '203.0.113.9') })).status).toBe(200);
      expect((await call(`${server.url}/api/admin/staff/Ruth`, { method: 'DELETE', headers: as(ADMIN_KEY, '192.0.2.1') })).status).toBe(200);

      const log = await call(`${server.url}/api/admin/audit?limit=200`, { headers: as(ADMIN_KEY, '192.0.2.1') });
      const entries = log.body.data.entries as Array<{ actor: string; action: string }>;
      expect(entries.filter((entry) => entry.actor === 'Naomi')).toHaveLength(STAFF_WRITES);
      expect(entries.map((entry) => entry.action)).toContain('staff.create');
    });

    it('stores listener text quoted and escaped: a forged line in a song title or a nickname stays inside one field', async () => {
      const title = 'Oceans"\u2028\n2026-11-27 admin chat.unban address "203.0.113.7';
      const nickname = 'Troll" chat.unban "x';
      const request = await call(`${server.url}/api/mobile/requests`, {
        headers: { 'x-forwarded-for': '198.51.100.200' },
        body: { song_title: title, artist: 'Hillsong', requester_name: 'Ann' },
      });
      const banned = await call(`${server.url}/api/admin/chat/bans`, { headers: as(ADMIN_KEY, '192.0.2.1'), body: { nickname, seconds: 60 } });
      process.stdout.write(`[audit-log] request ${request.status}, ban ${banned.status}\n`);
      expect([request.status, banned.status]).toEqual([201, 201]);
      const id = request.body.data.id as string;
      expect((await call(`${server.url}/api/admin/requests/${id}`, { method: 'PATCH', headers: as(ADMIN_KEY, '192.0.2.1'), body: { status: 'played' } })).status).toBe(200);
      const log = await call(`${server.url}/api/admin/audit?actor=admin&limit=10`, { headers: as(ADMIN_KEY, '192.0.2.1') });
      const [played, ban] = log.body.data.entries as Array<{ action: string; target: string }>;
      expect([played!.action, ban!.action]).toEqual(['request.played', 'chat.ban']);
      // One line each, the listener's text one JSON string: read back, it is exactly what was sent.
      for (const { target } of [played!, ban!]) expect(target).not.toMatch(/[\n\r\u2028\u2029]/);
      expect(played!.target).toBe(`request ${id}: ${JSON.stringify(title).replace('\u2028', '\\u2028')} by "Hillsong"`);
      expect(JSON.parse(ban!.target.slice('nickname '.length))).toBe(nickname);
    });

    it('pages by `next`, filters by actor, action and date, and refuses a bad cursor, action or time with 400', async () => {
      const get = (query: string) => call(`${server.url}/api/admin/audit?${query}`, { headers: as(ADMIN_KEY, '192.0.2.1') });
      const first = await get('actor=Naomi&action=chat.ban&limit=4');
      const second = await get(`actor=Naomi&action=chat.ban&limit=4&before=${first.body.data.next as string}`);
      const all = await get('actor=Naomi&action=chat.ban&limit=200');
      const ids = (page: typeof first) => (page.body.data.entries as Array<{ id: string }>).map((entry) => entry.id);
      expect(ids(all)).toHaveLength(STAFF_WRITES / 2);
      expect([...ids(first), ...ids(second)]).toEqual(ids(all).slice(0, 8));
      const now = Math.floor(Date.now() / 1000);
      expect(ids(await get(`actor=Naomi&from=${now - 3600}&to=${now + 60}&limit=200`))).toHaveLength(STAFF_WRITES);
      expect(ids(await get(`actor=Naomi&to=${now - 3600}`))).toEqual([]);
      expect(ids(await get(`from=${now}&to=${now - 1}`))).toEqual([]);
      for (const bad of ['before=yesterday', 'action=Chat%20ban', 'from=-1', 'limit=201']) {
        const refused = await get(bad);
        expect(refused.status, bad).toBe(400);
        expect(refused.body.error.code, bad).toBe('VALIDATION_FAILED');
      }
    });
  });
}
