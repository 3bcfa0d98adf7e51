import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startService, type ServiceProcess } from '../support/service-process.js';

// The README's quick start, done as a newcomer does it: `npm start` on the defaults, then a staff
// key from `npm run staff:key`, its entry put where the script says, a restart, and a sign-in.

const root = join(import.meta.dirname, '..', '..');
const services: ServiceProcess[] = [];
afterEach(async () => {
  await Promise.all(services.splice(0).map((service) => service.stop()));
});

describe("the README's quick start", () => {
  it('npm start on the defaults: no stream address, no programme, no playlists, administration off', async () => {
    const service = startService({ PORT: '0', HOST: '127.0.0.1' });
    services.push(service);
    const url = `http://127.0.0.1:${await service.listening}`;
    const status = (await (await fetch(`${url}/api/mobile/status`)).json()) as { data: { stream_url: string; website_url: string } };
    expect(status.data).toMatchObject({ stream_url: '', website_url: '' });
    const schedule = (await (await fetch(`${url}/api/mobile/schedule`)).json()) as { data: { current: unknown; upcoming: unknown[] } };
    expect(schedule.data).toMatchObject({ current: null, upcoming: [] });
    const playlists = (await (await fetch(`${url}/api/mobile/playlists`)).json()) as { data: unknown };
    expect(playlists.data).toEqual({ playlists: [] });
    const me = await fetch(`${url}/api/admin/me`, { headers: { authorization: 'Bearer anything-at-all-1234' } });
    expect(me.status).toBe(503);
  });

  it("a staff key's entry, put in the file RADIO_CONFIG names as staff:key says, signs its holder in after a restart", async () => {
    const printed = execFileSync(process.execPath, [join(root, 'scripts', 'staff-key.mjs'), 'Naomi', 'moderator'], { encoding: 'utf8' });
    expect(printed).toMatch(/"staff" list of your config file \(the JSON file RADIO_CONFIG names/);
    expect(printed).toMatch(/restart the hub/);
    const key = /key \(give it to Naomi, shown only now\): (\S+)/.exec(printed)![1]!;
    const entry = JSON.parse(/config entry for "staff": (\{.*\})/.exec(printed)![1]!) as unknown;

    const file = join(mkdtempSync(join(tmpdir(), 'radio-quick-start-')), 'station.json');
    writeFileSync(file, JSON.stringify({ station: { name: 'Hope 101' }, staff: [entry] }));
    const service = startService({ PORT: '0', HOST: '127.0.0.1', RADIO_CONFIG: file });
    services.push(service);
    const url = `http://127.0.0.1:${await service.listening}`;
    const me = await fetch(`${url}/api/admin/me`, { headers: { authorization: `Bearer ${key}` } });
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ data: { name: 'Naomi', role: 'moderator' } });
  });
});

describe('the README and the manual', () => {
  const pages = [
    'README.md',
    ...readdirSync(join(root, 'docs'))
      .filter((name) => name.endsWith('.md'))
      .map((name) => `docs/${name}`),
  ];

  it.each(pages)('%s links only to files inside the repository that exist', (page) => {
    const text = readFileSync(join(root, page), 'utf8');
    const targets = [...text.matchAll(/\]\(([^)#\s]+)(?:#[^)]*)?\)/g)].map((m) => m[1]!).filter((target) => !/^[a-z]+:/.test(target));
    for (const target of targets) {
      const path = resolve(root, dirname(page), target);
      expect(path.startsWith(root + '/') || path === root, `${page} links outside the repository: ${target}`).toBe(true);
      expect(existsSync(path), `${page} links to a missing ${target}`).toBe(true);
    }
    expect(text, `${page} cites a path outside the repository`).not.toMatch(/\.\.\/shared\//);
  });
});
