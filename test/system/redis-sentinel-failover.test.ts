import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../support/eventually.js';
import { FailoverStation } from '../support/failover-station.js';
import { MASTER_NAME, SentinelTopology, sentinelInstalled } from '../support/sentinel-topology.js';

const PREFIX = 'sentinel-failover:';

// One master, one replica, three sentinels (Debian's redis-sentinel) on loopback; two hubs under
// a request loop with live clients on both; the master is killed. What a station would see.
describe.skipIf(!sentinelInstalled())('Redis Sentinel: the master killed under load', () => {
  let topology: SentinelTopology;
  let station: FailoverStation;

  beforeAll(async () => {
    topology = await SentinelTopology.start();
    station = await FailoverStation.start({ prefix: PREFIX, sentinel: { masterName: MASTER_NAME, sentinels: topology.sentinels } });
  }, 60_000);
  afterAll(async () => {
    await station?.close();
    await topology?.close();
  });

  it('serves again within seconds, live clients stay and hear the other hub, and no acknowledged revenue event or song request is lost', async () => {
    await station.connectClients();
    const load = station.startLoad();
    try {
      await eventually(async () => expect(load.successesAfter(0, 'revenue')).toBeGreaterThanOrEqual(20), 20_000);
      const killSentAt = performance.now();
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

      // Everything acknowledged, looked up on the new master.
      const outcome = await station.outcome(load, { killSentAt, killedAt, promotedAt }, topology.masterPort, PREFIX);
      process.stdout.write(`[sentinel-failover] master killed under load: ${station.report(load, outcome, { killedAt, promotedAt, replicaBack })}\n`);
      station.expectKeptItsWord(outcome);
    } finally {
      await load.stop();
    }
  }, 120_000);
});
