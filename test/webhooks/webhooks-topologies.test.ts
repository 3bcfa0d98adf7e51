import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stationKeyPrefix } from '../../src/redis/redis-topology.js';
import { ClusterTopology, clusterInstalled } from '../support/cluster-topology.js';
import { eventually } from '../support/eventually.js';
import { adminCommand } from '../support/redis-admin.js';
import { MASTER_NAME, SentinelTopology, sentinelInstalled } from '../support/sentinel-topology.js';
import { call, startTestServer, type TestServer } from '../support/test-server.js';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver.js';

// Issue 18 point 4 / issue 22: the dispatcher chose BullMQ only with `redis.url`, so with Sentinel
// or Cluster webhooks fell back to each process's memory (lost on restart, sent once per node).
// Now the queue's clients come from the node's Redis set: its jobs are in Redis whatever the
// topology, and a failover moves them with the master (the sentinels', or the station slot's).

const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
const say = (text: string) => process.stdout.write(`[webhooks-topologies] ${text}\n`);

async function hubOn(redis: Record<string, unknown>, receiver: WebhookReceiver): Promise<TestServer> {
  const server = await startTestServer({
    // No replica to wait for: after the failover the promoted one is alone (docs/operations.md), and this suite is about webhooks.
    redis: { ...redis, replicaAcks: { replicas: 0, timeoutMs: 1000 } },
    requests: { delaySeconds: 0, thresholdSeconds: 0 },
    webhooks: {
      allowPrivateAddresses: true,
      timeoutMs: 2000,
      retry: { attempts: 10, firstRetryMs: 200 },
      endpoints: [{ url: `${receiver.url}/hook`, events: ['request.queued'], secret: SECRET }],
    },
  });
  await eventually(() => server.app.store.ping(), 20_000);
  return server;
}

/**
 * Queues song requests until one's webhook reaches the receiver: while a failover is under way a
 * request may fail (503), or be stored while the queue cannot take its webhook yet (lost, as in
 * any outage: docs/webhooks.md), so each try waits a few seconds for its delivery, within 45 s.
 */
async function requestDelivered(server: TestServer, receiver: WebhookReceiver, title: string): Promise<string> {
  return eventually(
    async () => {
      const res = await call(`${server.url}/api/mobile/requests`, { body: { artist: 'Topology', song_title: `${title} ${Date.now()}` } });
      expect(res.status).toBe(201);
      const id = `msg_request_queued_${res.body.data.id as string}`;
      const delivered = receiver.next((h) => h.headers['webhook-id'] === id && h.status === 200);
      const late = new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`${id} not delivered within 5 s`)), 5000).unref());
      await Promise.race([delivered, late]);
      return id;
    },
    45_000,
    100,
  );
}

describe.skipIf(!sentinelInstalled())('webhooks on Redis Sentinel', () => {
  const prefix = 'hooks-sentinel:';
  let topology: SentinelTopology;
  let receiver: WebhookReceiver;
  let server: TestServer;

  beforeAll(async () => {
    topology = await SentinelTopology.start();
    receiver = await startWebhookReceiver();
    server = await hubOn({ prefix, sentinel: { masterName: MASTER_NAME, sentinels: topology.sentinels } }, receiver);
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    await receiver?.close();
    await topology?.close();
  });

  it('queues deliveries in BullMQ on the master, and keeps delivering after a failover', async () => {
    await requestDelivered(server, receiver, 'Before the failover');
    const keys = (await adminCommand(topology.masterPort, ['KEYS', `${prefix}bull:webhooks-e0:*`])) as string[];
    expect(keys.length).toBeGreaterThan(0);
    const { killedAt } = await topology.killMasterAndAwaitPromotion();
    await requestDelivered(server, receiver, 'After the failover');
    say(`Sentinel: delivered again ${Math.round(performance.now() - killedAt)} ms after the master was killed`);
    expect((await adminCommand(topology.masterPort, ['KEYS', `${prefix}bull:webhooks-e0:*`])) as string[]).not.toEqual([]);
  }, 90_000);
});

describe.skipIf(!clusterInstalled())('webhooks on a Redis Cluster', () => {
  const prefix = 'hooks-cluster:';
  const keys = `${stationKeyPrefix({ kind: 'cluster', nodes: [] }, prefix)}bull`;
  let cluster: ClusterTopology;
  let receiver: WebhookReceiver;
  let server: TestServer;

  beforeAll(async () => {
    cluster = await ClusterTopology.start();
    receiver = await startWebhookReceiver();
    server = await hubOn({ prefix, cluster: { nodes: cluster.seeds } }, receiver);
  }, 90_000);
  afterAll(async () => {
    await server?.close();
    await receiver?.close();
    await cluster?.close();
  });

  it('keeps BullMQ under the braced prefix ({hooks-cluster:}bull), in the station slot, and keeps delivering after the shard fails over', async () => {
    expect(keys).toBe('{hooks-cluster:}bull');
    await requestDelivered(server, receiver, 'On the cluster');
    const master = await cluster.masterOf(keys);
    const written = (await adminCommand(master, ['KEYS', `${keys}:webhooks-e0:*`])) as string[];
    expect(written.length).toBeGreaterThan(0);
    const slots = new Set(await Promise.all(written.map(async (key) => Number(await adminCommand(master, ['CLUSTER', 'KEYSLOT', key])))));
    expect(slots).toEqual(new Set([Number(await adminCommand(master, ['CLUSTER', 'KEYSLOT', `${stationKeyPrefix({ kind: 'cluster', nodes: [] }, prefix)}chat`]))]));

    // A replica that never synced cannot be promoted: wait until the shard's replica is in sync.
    const replicas = (await cluster.nodes()).filter((node) => !node.master);
    await eventually(async () => {
      const states = await Promise.all(replicas.map(async (node) => String(await adminCommand(node.port, ['INFO', 'replication']))));
      expect(states.some((text) => text.includes(`master_port:${master}`) && text.includes('master_link_status:up'))).toBe(true);
    }, 30_000);
    const { killedAt } = await cluster.killMasterOf(keys);
    await requestDelivered(server, receiver, 'After the failover');
    say(`Cluster: delivered again ${Math.round(performance.now() - killedAt)} ms after the shard's master was killed`);
  }, 150_000);
});
