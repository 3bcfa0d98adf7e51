import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../support/eventually.js';
import { FailoverLoad, post } from '../support/failover-load.js';
import { connectLive, type LiveClient } from '../support/live-client.js';
import { adminCommand } from '../support/redis-admin.js';
import { MASTER_NAME, SentinelTopology, sentinelInstalled } from '../support/sentinel-topology.js';
import { startService, type ServiceProcess } from '../support/service-process.js';

const ADMIN_KEY = 'sentinel-failover-admin-key-0123456789';
const PREFIX = 'sentinel-failover:';

// One master, one replica, three sentinels (Debian's redis-sentinel) on loopback; two hubs under
// a request loop with live clients on both; the master is killed. What a station would see.
describe.skipIf(!sentinelInstalled())('Redis Sentinel: the master killed under load', () => {
  let topology: SentinelTopology;
  let hubs: ServiceProcess[] = [];
  let urls: string[] = [];
  const clients: LiveClient[] = [];

  beforeAll(async () => {
    topology = await SentinelTopology.start();
    const config = {
      adminApiKey: ADMIN_KEY,
      redis: { prefix: PREFIX, sentinel: { masterName: MASTER_NAME, sentinels: topology.sentinels } },
      requests: { delaySeconds: 0, historySize: 1_000_000 },
      chat: { historySize: 1_000_000, repeatWindowSeconds: 0 },
      stream: { enabled: false },
    };
    hubs = [0, 1].map(() => startService({ PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info' }, config));
    urls = (await Promise.all(hubs.map((hub) => hub.listening))).map((port) => `http://127.0.0.1:${port}`);
    for (const url of urls) await eventually(async () => expect((await fetch(`${url}/readyz`)).status).toBe(200), 20_000);
  }, 60_000);
  afterAll(async () => {
    for (const client of clients) client.close();
    await Promise.all(hubs.map((hub) => hub.stop()));
    await topology?.close();
  });

  it('serves again within seconds, live clients stay and hear the other hub, and no acknowledged revenue event or song request is lost', async () => {
    for (const url of urls) for (let i = 0; i < 3; i++) clients.push(await connectLive(url));
    let disconnects = 0;
    for (const client of clients) client.socket.on('disconnect', () => disconnects++);

    const load = new FailoverLoad(urls, ADMIN_KEY, { maxMs: 60_000 });
    try {
      await eventually(async () => expect(load.successesAfter(0, 'revenue')).toBeGreaterThanOrEqual(20), 20_000);
      const { killedAt, promotedAt } = await topology.killMasterAndAwaitPromotion();
      // Chat and reads need only the new master.
      const promoted = performance.now();
      await eventually(async () => {
        expect(load.successesAfter(promoted, 'chat')).toBeGreaterThanOrEqual(3);
        expect(load.successesAfter(promoted, 'status')).toBeGreaterThanOrEqual(3);
      }, 20_000);
      // Money and song requests wait for a replica to hold them: the killed node comes back (as
      // its supervisor would restart it) and the sentinels make it the new master's replica.
      await topology.restartFormerMaster();
      const replicaBack = performance.now();
      await eventually(async () => {
        expect(load.successesAfter(replicaBack, 'revenue')).toBeGreaterThanOrEqual(10);
        expect(load.successesAfter(replicaBack, 'request')).toBeGreaterThanOrEqual(10);
      }, 20_000);
      await load.stop();

      const failures = load.failuresAfter(0);
      const lastFailure = (kinds: string[]) => Math.max(killedAt, ...load.attempts.filter((a) => kinds.includes(a.kind) && (a.status < 200 || a.status >= 300)).map((a) => a.at));
      const servedAgain = (kinds: string[]) => ((lastFailure(kinds) - killedAt) / 1000).toFixed(1);

      // Everything acknowledged, looked up on the new master.
      const chatIds = new Set(((await adminCommand(topology.masterPort, ['XRANGE', `${PREFIX}chat`, '-', '+'])) as Array<[string, unknown]>).map(([id]) => id));
      const requestIds = new Set((await adminCommand(topology.masterPort, ['HKEYS', `${PREFIX}requests:data`])) as string[]);
      const lostChats = load.acknowledged.chat.filter((id) => !chatIds.has(id)).length;
      const lostRequests = load.acknowledged.request.filter((id) => !requestIds.has(id)).length;
      let lostRevenue = 0;
      for (const { body } of load.acknowledged.revenue) {
        // A replay answers 200 with the first event when it is there; 201 would mean it was lost (and is recorded now).
        const replay = await post(`${urls[0]!}/api/analytics/revenue.php`, body, { authorization: `Bearer ${ADMIN_KEY}` });
        if (replay.status !== 200) lostRevenue++;
      }

      // Live clients of both hubs hear a post made on one hub after the failover.
      const after = await post(`${urls[0]!}/api/mobile/chat`, { nickname: 'grace', message: 'after the failover' });
      expect(after.status).toBe(201);
      const heard = await Promise.all(
        clients.map((client) =>
          Promise.race([client.next('chat:message', (m) => m.id === after.body.data.id).then(() => true), new Promise<boolean>((r) => setTimeout(() => r(false), 5000))]),
        ),
      );

      process.stdout.write(
        `[sentinel-failover] master killed under load: promotion seen after ${((promotedAt - killedAt) / 1000).toFixed(1)} s; ` +
          `${failures.count} of ${load.attempts.length} requests failed (${JSON.stringify(failures.byKind)}, statuses ${JSON.stringify(failures.statuses)}); ` +
          `chat and reads served again ${servedAgain(['chat', 'status'])} s after the kill, revenue and requests ${servedAgain(['revenue', 'request'])} s (replica restarted ${((replicaBack - killedAt) / 1000).toFixed(1)} s after the kill); ` +
          `live clients: ${heard.filter(Boolean).length} of ${clients.length} heard the other hub after it, ${disconnects} disconnects; ` +
          `acknowledged and lost: chat ${lostChats} of ${load.acknowledged.chat.length}, requests ${lostRequests} of ${load.acknowledged.request.length}, revenue ${lostRevenue} of ${load.acknowledged.revenue.length}\n`,
      );
      expect(lostRevenue).toBe(0);
      expect(lostRequests).toBe(0);
      expect(heard.every(Boolean)).toBe(true);
      expect(disconnects).toBe(0);
      // Every failure is a clean refusal (503 with the error envelope), never a hang or a 500.
      expect(Object.keys(failures.statuses).filter((status) => status !== '503')).toEqual([]);
    } finally {
      await load.stop();
    }
  }, 120_000);
});
