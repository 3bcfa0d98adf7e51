import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestServer, type TestServer } from '../support/test-server.js';

// Named staff with their own keys and roles (issue 21 point 2): a moderator runs the chat and the
// request queue, an admin everything; ADMIN_API_KEY is the first admin; every action is in the
// audit log with its author; staff calls never spend the public budget.

const ADMIN_API_KEY = 'first-admin-key-0123456789';
const NAOMI_KEY = 'naomi-moderator-key-with-enough-entropy-0001';
const BOAZ_KEY = 'boaz-admin-key-with-enough-entropy-0002';
const hash = (key: string) => `sha256:${createHash('sha256').update(key).digest('hex')}`;
const as = (key: string, client = '192.0.2.10') => ({ authorization: `Bearer ${key}`, 'x-forwarded-for': client });

describe('staff with their own keys and roles', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      adminApiKey: ADMIN_API_KEY,
      staff: [
        { name: 'Naomi', role: 'moderator', keyHash: hash(NAOMI_KEY) },
        { name: 'Boaz', role: 'admin', keyHash: hash(BOAZ_KEY) },
      ],
      trustProxy: ['127.0.0.1'],
      requests: { delaySeconds: 0, thresholdSeconds: 0 },
      rateLimit: { mobile: { limit: 3, windowSeconds: 3600 }, adminSignIn: { limit: 3, windowSeconds: 900 } },
    });
  });
  afterAll(() => server?.close());

  it('tells each key who it belongs to', async () => {
    expect((await call(`${server.url}/api/admin/me`, { headers: as(NAOMI_KEY) })).body.data).toEqual({ name: 'Naomi', role: 'moderator' });
    expect((await call(`${server.url}/api/admin/me`, { headers: as(BOAZ_KEY) })).body.data).toEqual({ name: 'Boaz', role: 'admin' });
    expect((await call(`${server.url}/api/admin/me`, { headers: as(ADMIN_API_KEY) })).body.data).toEqual({ name: 'admin', role: 'admin' });
  });

  it('answers a moderator 403 FORBIDDEN on every admin-only route, and lets an admin through', async () => {
    const adminOnly = [
      ['GET', '/api/admin/audit'],
      ['GET', '/api/admin/feedback'],
      ['GET', '/api/admin/webhooks/deliveries'],
      ['GET', '/api/analytics/revenue.php'],
      ['POST', '/api/analytics/revenue.php'],
      ['POST', '/api/subscription/provider/create.php'],
    ] as const;
    for (const [method, path] of adminOnly) {
      const body = method === 'POST' ? {} : undefined;
      const refused = await call(`${server.url}${path}`, { method, headers: as(NAOMI_KEY), body });
      expect(refused.status, path).toBe(403);
      expect(refused.body, path).toMatchObject({ success: false, error: { code: 'FORBIDDEN', message: expect.stringContaining('admin role') } });
      if (method === 'GET') expect((await call(`${server.url}${path}`, { headers: as(BOAZ_KEY) })).status, path).toBe(200);
    }
    // The moderator's own routes.
    for (const path of ['/api/admin/station', '/api/admin/chat/bans', '/api/admin/requests']) {
      expect((await call(`${server.url}${path}`, { headers: as(NAOMI_KEY) })).status, path).toBe(200);
    }
  });

  it('writes every staff action to the audit log with its author, newest first', async () => {
    const posted = await call(`${server.url}/api/mobile/chat`, { headers: { 'x-forwarded-for': '198.51.100.1' }, body: { nickname: 'Troll99', message: 'spam spam' } });
    const id = posted.body.data.id as string;
    await call(`${server.url}/api/admin/chat/messages/${id}/ban`, { headers: as(NAOMI_KEY), body: { seconds: 600, reason: 'spam' } });
    const deleted = await call(`${server.url}/api/admin/chat/messages/${id}`, { method: 'DELETE', headers: as(NAOMI_KEY) });
    await call(`${server.url}/api/admin/chat/undo/${deleted.body.data.undo.token}`, { method: 'POST', headers: as(BOAZ_KEY) });
    await call(`${server.url}/api/admin/chat/bans`, { headers: as(BOAZ_KEY), body: { nickname: 'Troll100', seconds: 3600 } });
    await call(`${server.url}/api/admin/chat/bans/nickname/Troll100`, { method: 'DELETE', headers: as(NAOMI_KEY) });
    const request = await call(`${server.url}/api/mobile/requests`, { headers: { 'x-forwarded-for': '198.51.100.2' }, body: { song_title: 'Oceans', artist: 'Hillsong United' } });
    await call(`${server.url}/api/admin/requests/${request.body.data.id}`, { method: 'PATCH', headers: as(NAOMI_KEY), body: { status: 'rejected' } });

    const audit = await call(`${server.url}/api/admin/audit?limit=10`, { headers: as(ADMIN_API_KEY) });
    expect(audit.status).toBe(200);
    const lines = audit.body.data.entries.map((e: { actor: string; role: string; action: string }) => `${e.actor}/${e.role} ${e.action}`);
    expect(lines).toEqual([
      'Naomi/moderator request.rejected',
      'Naomi/moderator chat.unban',
      'Boaz/admin chat.ban',
      'Boaz/admin chat.undo',
      'Naomi/moderator chat.delete',
      'Naomi/moderator chat.ban',
    ]);
    const [rejected, , , , removed, banned] = audit.body.data.entries;
    expect(rejected.target).toContain('Oceans');
    expect(removed).toMatchObject({ target: `message ${id} by "Troll99"`, detail: '"spam spam"' });
    expect(banned.detail).toBe('10 min: "spam"');
    // The sender's address is in no entry.
    expect(JSON.stringify(audit.body.data)).not.toContain('198.51.100.1');
    expect(Math.abs(banned.at - Date.now() / 1000)).toBeLessThan(60);
    expect((await call(`${server.url}/api/admin/audit?limit=1`, { headers: as(BOAZ_KEY) })).body.data.count).toBe(1);
  });

  it('writes a revenue entry to the audit log once, however often it is replayed', async () => {
    const body = { event_id: 'cash-2026-06-01', type: 'donation', amount: 2500, currency: 'usd', source: 'cash at the door' };
    expect((await call(`${server.url}/api/analytics/revenue.php`, { headers: as(BOAZ_KEY), body })).status).toBe(201);
    expect((await call(`${server.url}/api/analytics/revenue.php`, { headers: as(BOAZ_KEY), body })).status).toBe(200);
    const entries = (await call(`${server.url}/api/admin/audit?limit=5`, { headers: as(BOAZ_KEY) })).body.data.entries;
    expect(entries.filter((e: { action: string }) => e.action === 'revenue.entry')).toEqual([
      expect.objectContaining({ actor: 'Boaz', role: 'admin', target: expect.stringMatching(/^donation /), detail: '2500 USD (minor units), "cash at the door"' }),
    ]);
  });

  it('reads the request queue for staff outside the public budget', async () => {
    const staffClient = '192.0.2.99';
    for (let i = 0; i < 10; i++) {
      const answer = await call(`${server.url}/api/admin/requests?status=pending&limit=50`, { headers: as(NAOMI_KEY, staffClient) });
      expect(answer.status).toBe(200);
      expect(answer.headers.get('ratelimit')).toBeNull();
    }
    // The staff member's public budget (3 an hour here) is untouched.
    const mine = await call(`${server.url}/api/mobile/status`, { headers: { 'x-forwarded-for': staffClient } });
    expect(mine.headers.get('ratelimit')).toMatch(/r=2\b/);
  });

  it('keeps the wrong-key budget with named keys: 401 within it, then 429 for every key of that client', async () => {
    const guesser = '203.0.113.50';
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await call(`${server.url}/api/admin/me`, { headers: as(`guess-${i}-xxxxxxxxxxxxxxxx`, guesser) })).status);
    expect(statuses).toEqual([401, 401, 401, 429, 429]);
    expect((await call(`${server.url}/api/admin/me`, { headers: as(NAOMI_KEY, guesser) })).status).toBe(429);
    // Another client with the right key is not held back.
    expect((await call(`${server.url}/api/admin/me`, { headers: as(NAOMI_KEY, '203.0.113.51') })).status).toBe(200);
  });

  it('lets an admin make a key in the console, shown once and kept hashed, and revoke it at once', async () => {
    const made = await call(`${server.url}/api/admin/staff`, { headers: as(BOAZ_KEY), body: { name: 'Ruth', role: 'moderator' } });
    expect(made.status).toBe(201);
    expect(made.body.data).toMatchObject({ name: 'Ruth', role: 'moderator' });
    const ruthKey = made.body.data.key as string;
    expect(ruthKey.length).toBeGreaterThanOrEqual(43);
    expect((await call(`${server.url}/api/admin/me`, { headers: as(ruthKey) })).body.data).toEqual({ name: 'Ruth', role: 'moderator' });
    expect((await call(`${server.url}/api/admin/staff`, { headers: as(ruthKey) })).status).toBe(403);
    // Only the hash is stored: the key is nowhere in the store, nor in the listing.
    const stored = await server.app.store.staffKeys.list();
    expect(stored).toEqual([expect.objectContaining({ name: 'Ruth', keyHash: `sha256:${createHash('sha256').update(ruthKey).digest('hex')}`, createdBy: 'Boaz' })]);
    const listed = await call(`${server.url}/api/admin/staff`, { headers: as(BOAZ_KEY) });
    expect(listed.body.data.staff.map((s: { name: string; role: string; source: string }) => `${s.name}/${s.role}/${s.source}`)).toEqual([
      'admin/admin/config',
      'Naomi/moderator/config',
      'Boaz/admin/config',
      'Ruth/moderator/console',
    ]);
    expect(JSON.stringify(listed.body)).not.toContain(ruthKey);
    // Names are unique, config ones included.
    for (const name of ['Ruth', 'naomi']) {
      const taken = await call(`${server.url}/api/admin/staff`, { headers: as(BOAZ_KEY), body: { name, role: 'admin' } });
      expect(taken.status, name).toBe(400);
      expect(taken.body.error.details[0]).toEqual({ field: 'name', message: 'is taken by another staff member' });
    }
    // A moderator may not make keys.
    expect((await call(`${server.url}/api/admin/staff`, { headers: as(NAOMI_KEY), body: { name: 'Eve', role: 'admin' } })).status).toBe(403);

    expect((await call(`${server.url}/api/admin/staff/Ruth`, { method: 'DELETE', headers: as(BOAZ_KEY) })).status).toBe(200);
    expect((await call(`${server.url}/api/admin/me`, { headers: as(ruthKey, '192.0.2.77') })).status).toBe(401);
    expect((await call(`${server.url}/api/admin/staff/Ruth`, { method: 'DELETE', headers: as(BOAZ_KEY) })).status).toBe(404);
    expect((await call(`${server.url}/api/admin/staff/Naomi`, { method: 'DELETE', headers: as(BOAZ_KEY) })).status).toBe(404);
    const audit = (await call(`${server.url}/api/admin/audit?limit=2`, { headers: as(BOAZ_KEY) })).body.data.entries;
    expect(audit.map((e: { actor: string; action: string; target: string }) => `${e.actor} ${e.action} ${e.target}`)).toEqual([
      'Boaz staff.revoke "Ruth"',
      'Boaz staff.create moderator "Ruth"',
    ]);
  });

  it('refuses at start-up a staff entry whose hash is not sha256:<hex>, a name or a key given twice', async () => {
    await expect(startTestServer({ staff: [{ name: 'Eve', role: 'admin', keyHash: 'plain-text-key' }] })).rejects.toThrow(/keyHash/);
    const naomi = { name: 'Naomi', role: 'moderator', keyHash: hash(NAOMI_KEY) };
    await expect(startTestServer({ staff: [naomi, { ...naomi, name: 'NAOMI', keyHash: hash(BOAZ_KEY) }] })).rejects.toThrow(/staff\.1\.name: "NAOMI" is used twice/);
    await expect(startTestServer({ staff: [naomi, { ...naomi, name: 'Ruth' }] })).rejects.toThrow(/staff\.1\.keyHash: the same key is given twice/);
    await expect(startTestServer({ adminApiKey: ADMIN_API_KEY, staff: [{ ...naomi, name: 'admin' }] })).rejects.toThrow(/ADMIN_API_KEY signs in as admin/);
    await expect(startTestServer({ adminApiKey: NAOMI_KEY, staff: [naomi] })).rejects.toThrow(/same key is given twice/);
  });
});
