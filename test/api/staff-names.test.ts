import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config/load-config.js';
import { serverBackends } from '../support/backends.js';
import { call, startTestServer, type TestServer } from '../support/test-server.js';

// Issue 26 point 7: staff names that differ only in letter case ("ghost"/"Ghost"), look alike
// ("Nаomi" with a Cyrillic а beside "Naomi") or hold a line break made two people of one name in
// the audit log. Staff names are now compared by the nicknames' look-alike skeleton, wherever one
// is accepted: the config's `staff` list and names made in the console.

const BOAZ_KEY = 'boaz-admin-key-with-enough-entropy-0002';
const hash = (key: string) => `sha256:${createHash('sha256').update(key).digest('hex')}`;
const boaz = { authorization: `Bearer ${BOAZ_KEY}` };
const CYRILLIC_NAOMI = 'N\u0430omi';

describe('staff names in the config file', () => {
  const staff = (...names: string[]) => ({ staff: names.map((name, i) => ({ name, role: 'moderator', keyHash: hash(`key-${i}-with-enough-entropy-000000`) })) });
  const problem = (overrides: Record<string, unknown>) => {
    try {
      loadConfig({}, overrides);
      return null;
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      return (error as Error).message;
    }
  };

  it('refuses two names that differ only in case or look alike, naming the entry', () => {
    expect(problem(staff('ghost', 'Ghost'))).toContain('staff.1.name: "Ghost" is used twice');
    expect(problem(staff('Naomi', CYRILLIC_NAOMI))).toContain(`staff.1.name: "${CYRILLIC_NAOMI}" is used twice`);
    expect(problem(staff('Sarah Miller', 'sarah_miller'))).toContain('staff.1.name');
    expect(problem({ adminApiKey: 'first-admin-key-0123456789', ...staff('ADMIN') })).toContain('ADMIN_API_KEY signs in as admin');
    expect(problem(staff('Naomi', 'Ruth'))).toBeNull();
  });

  it('refuses a line break, a control character or a bidi override in a name', () => {
    for (const name of ['Na\nomi', 'Naomi\u2028', 'Na\u0085omi', 'Na\u007fomi', '\u202eimoaN']) expect(problem(staff(name)), JSON.stringify(name)).toContain('staff.0.name');
  });
});

for (const backend of serverBackends('staff-names')) {
  if (!backend.available) process.stdout.write(`[staff-names] skipped on the ${backend.name}: no Redis (REDIS_URL)\n`);
  describe.skipIf(!backend.available)(`staff names made in the console (${backend.name})`, () => {
    let server: TestServer;
    beforeAll(async () => {
      server = await startTestServer({
        ...backend.overrides(),
        staff: [
          { name: 'Boaz', role: 'admin', keyHash: hash(BOAZ_KEY) },
          { name: 'Naomi', role: 'moderator', keyHash: hash('naomi-moderator-key-with-enough-entropy-0001') },
        ],
      });
    });
    afterAll(async () => {
      await server.close();
      await backend.cleanup();
    });
    const make = (name: string) => call(`${server.url}/api/admin/staff`, { headers: boaz, body: { name, role: 'moderator' } });

    it('refuses a name that looks like a config or console name, case or look-alike letters aside', async () => {
      expect((await make('ghost')).status).toBe(201);
      for (const name of ['Ghost', 'GHOST', 'gh0st', 'ghоst', CYRILLIC_NAOMI, 'NAOMI', 'Bоaz']) {
        const taken = await make(name);
        expect(taken.status, name).toBe(400);
        expect(taken.body.error.details[0]).toEqual({ field: 'name', message: 'is taken by another staff member' });
      }
      const listed = (await call(`${server.url}/api/admin/staff`, { headers: boaz })).body.data.staff.map((s: { name: string }) => s.name);
      expect(listed).toEqual(['Boaz', 'Naomi', 'ghost']);
    });

    it('gives one of several look-alikes made at once, and only one', async () => {
      const racing = await Promise.all(['Ruth', 'RUTH', 'ruth', 'Ruth_', 'R-u-t-h'].map(make));
      expect(racing.map((r) => r.status).sort()).toEqual([201, 400, 400, 400, 400]);
    });

    it('refuses a line break, a control character or a bidi override in a name', async () => {
      for (const name of ['Eve\nAdmin', 'Eve\u2028Admin', 'Eve\u0007', '\u202eEve']) {
        const refused = await make(name);
        expect(refused.status, JSON.stringify(name)).toBe(400);
        expect(refused.body.error.details[0].field).toBe('name');
      }
    });
  });
}
