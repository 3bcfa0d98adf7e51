import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stationKeyPrefix } from '../../src/redis/redis-topology.js';
import { ClusterTopology, clusterInstalled } from '../support/cluster-topology.js';
import { eventually } from '../support/eventually.js';
import { FailoverStation } from '../support/failover-station.js';
import { adminCommand } from '../support/redis-admin.js';

const PREFIX = 'cluster-failover:';

// A six-node Redis Cluster (three shards) on loopback; two hubs under a request loop with live
// clients on both; the master of the shard holding the station's hash slot is killed.
describe.skipIf(!clusterInstalled())('Redis Cluster: the station shard’s master killed under load', () => {
  let cluster: ClusterTopology;
  let station: FailoverStation;
  const keys = stationKeyPrefix({ kind: 'cluster', nodes: [] }, PREFIX);

  beforeAll(async () => {
    cluster = await ClusterTopology.start();
    station = await FailoverStation.start({ prefix: PREFIX, cluster: { nodes: cluster.seeds } });
  }, 60_000);
  afterAll(async () => {
    await station?.close();
    await cluster?.close();
  });

  it('keeps every key of the station in one slot, serves again after the promotion, and loses no acknowledged revenue event or song request', async () => {
    await station.connectClients();
    const load = station.startLoad();
    try {
      await eventually(async () => expect(load.successesAfter(0, 'revenue')).toBeGreaterThanOrEqual(20), 20_000);
      const shard = await cluster.masterOf(`${keys}chat`);
      // Every key the hubs wrote sits on the station's shard, in its one slot.
      const written = (await adminCommand(shard, ['KEYS', `${keys}*`])) as string[];
      expect(written.length).toBeGreaterThan(5);
      const slots = new Set(await Promise.all(written.map(async (key) => Number(await adminCommand(shard, ['CLUSTER', 'KEYSLOT', key])))));
      expect(slots.size).toBe(1);

      const killSentAt = performance.now();
      const { killedPort, killedAt, promotedAt } = await cluster.killMasterOf(`${keys}chat`);
      const promoted = performance.now();
      await eventually(async () => {
        expect(load.successesAfter(promoted, 'chat')).toBeGreaterThanOrEqual(3);
        expect(load.successesAfter(promoted, 'status')).toBeGreaterThanOrEqual(3);
      }, 20_000);
      // The shard has no replica now: money and song requests wait until the killed node is back as one.
      await cluster.restart(killedPort);
      const replicaBack = performance.now();
      await eventually(async () => {
        expect(load.successesAfter(replicaBack, 'revenue')).toBeGreaterThanOrEqual(10);
        expect(load.successesAfter(replicaBack, 'request')).toBeGreaterThanOrEqual(10);
      }, 20_000);
      await load.stop();

      const outcome = await station.outcome(load, { killSentAt, killedAt, promotedAt }, await cluster.masterOf(`${keys}chat`), keys);
      process.stdout.write(`[cluster-failover] station shard's master killed under load: ${station.report(load, outcome, { killedAt, promotedAt, replicaBack })}\n`);
      station.expectKeptItsWord(outcome);
    } finally {
      await load.stop();
    }
  }, 120_000);
});
