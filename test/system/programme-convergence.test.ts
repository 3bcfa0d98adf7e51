import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { eventually } from '../support/eventually.js';
import { RedisServerProcess, redisServerInstalled } from '../support/redis-server-process.js';
import { startService, type ServiceProcess } from '../support/service-process.js';
import { call } from '../support/test-server.js';

// Issue 26 finding 4: after edits, a Redis restart that lost the data and a hub restarted during
// the outage, every node must end on one programme (the edited one) and a new edit must reach
// every node. Two built hubs on a private redis-server killed and started again empty; the order
// in which the nodes reach the empty Redis is forced by freezing the other hub (SIGSTOP).

const ADMIN_KEY = 'admin-key-for-convergence-01';
const auth = { authorization: `Bearer ${ADMIN_KEY}` };
const SEED = {
  schedule: { shows: [{ id: 'praise', title: 'Morning Praise', host: 'Ruth', days: ['mon', 'tue', 'wed', 'thu', 'fri'], start: '06:00', end: '09:00' }], events: [] },
  playlists: [{ id: 'hymns', name: 'Hymns' }],
};
const show = (id: string) => ({ id, title: `Show ${id}`, days: ['sat'], start: '10:00', end: '11:00' });

interface Hub {
  process: ServiceProcess;
  url: string;
}

// Each test starts three built hubs on a machine that may be busy: a start alone can take ten seconds.
describe.skipIf(!redisServerInstalled())('the programme on two hubs after Redis came back empty (issue 26, finding 4)', { timeout: 120_000 }, () => {
  let redis: RedisServerProcess;
  const hubs: Hub[] = [];
  afterEach(async () => {
    for (const hub of hubs.splice(0)) {
      hub.process.child.kill('SIGCONT');
      await hub.process.stop();
    }
    await redis?.kill();
  });

  const startHub = async (dataDir: string | null): Promise<Hub> => {
    const config = { adminApiKey: ADMIN_KEY, stream: { enabled: false }, ...SEED, redis: { url: redis.url, prefix: 'convergence:', dataDir } };
    const process = startService({ PORT: '0', HOST: '127.0.0.1' }, config);
    const hub = { process, url: `http://127.0.0.1:${await process.listening}` };
    hubs.push(hub);
    return hub;
  };
  const programmeOf = async (hub: Hub) => {
    const res = await call(`${hub.url}/api/admin/programme`, { headers: auth });
    expect(res.status).toBe(200);
    return res.body.data as { generation: string; revision: number; shows: Array<{ id: string }> };
  };
  const showIds = async (hub: Hub) => ((await call(`${hub.url}/api/mobile/schedule`)).body.data.shows as Array<{ id: string }>).map((s) => s.id);
  const put = (hub: Hub, id: string) => call(`${hub.url}/api/admin/programme/shows/${id}`, { method: 'PUT', body: show(id), headers: auth });
  const EDITED = ['praise', 'one', 'two', 'three'];

  /** Two hubs edited to revision 4, Redis killed, hub B stopped and started again during the outage (with its own copy or without). */
  async function outageWithRestart(restartedWithCopy: boolean): Promise<{ a: Hub; b: Hub }> {
    redis = await RedisServerProcess.startOnFreePort();
    const a = await startHub(mkdtempSync(join(tmpdir(), 'hub-a-')));
    const bDir = mkdtempSync(join(tmpdir(), 'hub-b-'));
    let b = await startHub(bDir);
    await eventually(async () => expect((await programmeOf(a)).revision).toBe(1));
    for (const id of ['one', 'two', 'three']) expect((await put(id === 'two' ? b : a, id)).status).toBe(200);
    await eventually(async () => expect(await showIds(b)).toEqual(EDITED));
    expect((await programmeOf(a)).revision).toBe(4);

    await redis.kill();
    await b.process.stop();
    hubs.splice(hubs.indexOf(b), 1);
    b = await startHub(restartedWithCopy ? bDir : null);
    return { a, b };
  }

  async function convergedWithANewEdit(a: Hub, b: Hub): Promise<void> {
    // Both hubs and the store on the edited programme, in one generation.
    await eventually(async () => {
      const [onA, onB] = [await programmeOf(a), await programmeOf(b)];
      expect(onA.shows.map((s) => s.id)).toEqual(EDITED);
      expect(onB).toEqual(onA);
    }, 30_000);
    // A new edit reaches every node (its schedule answer, not only the store).
    expect((await put(b, 'four')).status).toBe(200);
    await eventually(async () => expect(await showIds(a)).toEqual([...EDITED, 'four']));
    expect((await put(a, 'five')).status).toBe(200);
    await eventually(async () => expect(await showIds(b)).toEqual([...EDITED, 'four', 'five']));
  }

  it('a hub restarted during the outage serves the last programme it held, marked stale, not the config file', async () => {
    const { b } = await outageWithRestart(true);
    const res = await call(`${b.url}/api/mobile/schedule`);
    expect(res.status).toBe(200);
    expect(res.body.data.shows.map((s: { id: string }) => s.id)).toEqual(EDITED);
    expect(res.headers.get('data-stale')).toBe('store-away');
    expect(Number(res.headers.get('age'))).toBeGreaterThanOrEqual(0);
    const playlists = await call(`${b.url}/api/mobile/playlists`);
    expect(playlists.headers.get('data-stale')).toBe('store-away');
  });

  it('converges when the restarted hub (with its copy) reaches the empty Redis last: the other writes its programme back', async () => {
    const { a, b } = await outageWithRestart(true);
    b.process.child.kill('SIGSTOP');
    await redis.start();
    await a.process.logged('programme written back into a store that lost it');
    b.process.child.kill('SIGCONT');
    await convergedWithANewEdit(a, b);
  });

  it('converges when a hub restarted without a copy seeds the empty Redis from the config file first: the other writes the edited programme back over it', async () => {
    const { a, b } = await outageWithRestart(false);
    // Without a copy it can only serve the config file's programme meanwhile, and says it is stale.
    const meanwhile = await call(`${b.url}/api/mobile/schedule`);
    expect(meanwhile.body.data.shows.map((s: { id: string }) => s.id)).toEqual(['praise']);
    expect(meanwhile.headers.get('data-stale')).toBe('store-away');
    a.process.child.kill('SIGSTOP');
    await redis.start();
    await eventually(async () => expect(await programmeOf(b)).toMatchObject({ revision: 1, shows: [{ id: 'praise' }] }));
    expect((await call(`${b.url}/api/mobile/schedule`)).headers.get('data-stale')).toBeNull();
    a.process.child.kill('SIGCONT');
    await convergedWithANewEdit(a, b);
  });

  it('converges when the hub holding the edits reaches the empty Redis first and the restarted one (without a copy) after', async () => {
    const { a, b } = await outageWithRestart(false);
    b.process.child.kill('SIGSTOP');
    await redis.start();
    await a.process.logged('programme written back into a store that lost it');
    b.process.child.kill('SIGCONT');
    await convergedWithANewEdit(a, b);
  });
});
