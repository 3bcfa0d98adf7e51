import { spawnSync } from 'node:child_process';
import type { RedisTopology } from '../../src/redis/redis-topology.js';
import { stationKeyPrefix } from '../../src/redis/redis-topology.js';
import { ClusterTopology, clusterInstalled } from './cluster-topology.js';
import { deleteKeys, hasRedis, redisUrl } from './redis.js';
import { programInstalled, RedisServerProcess } from './redis-server-process.js';

/** A Redis the suites run on: its `redis` config (without prefix) and the topology it makes. */
export interface RunningRedis {
  config: Record<string, unknown>;
  topology: RedisTopology;
  /** The station key prefix the hub uses for `prefix` here (hash-tagged on a Cluster). */
  keyPrefix(prefix: string): string;
  /** Deletes what a suite left under `prefix` (the prefix as configured). */
  deleteKeys(prefix: string): Promise<void>;
}

/** One kind of Redis server the Redis suites run against (the same tests on each). */
export interface RedisUnderTest {
  name: string;
  available: boolean;
  /** Why it is skipped when it is not available (printed). */
  skipReason: string;
  /** Starts it once for this test file (later calls share it). */
  start(): Promise<RunningRedis>;
  /** Stops what `start` started (nothing for the shared Redis). */
  stop(): Promise<void>;
}

function running(topology: RedisTopology, remove: (keyPrefix: string) => Promise<void>, config: Record<string, unknown>): RunningRedis {
  const keyPrefix = (prefix: string) => stationKeyPrefix(topology, prefix);
  return { config, topology, keyPrefix, deleteKeys: (prefix) => remove(keyPrefix(prefix)) };
}

/** Whether Valkey is here: Debian trixie's valkey-server, or bookworm-backports' on the host (.ci/run installs it). */
export function valkeyInstalled(): boolean {
  return programInstalled(['valkey-server'], 'the Valkey runs of the Redis suites are');
}

/** The version a server binary reports (for the suite's printed line). */
export function serverVersion(program: string): string {
  return /v=(\S+)/.exec(spawnSync(program, ['--version']).stdout.toString())?.[1] ?? 'unknown';
}

function memo<T>(make: () => Promise<T>): { get(): Promise<T>; peek(): Promise<T> | undefined; reset(): void } {
  let made: Promise<T> | undefined;
  return { get: () => (made ??= make()), peek: () => made, reset: () => (made = undefined) };
}

const shared: RedisUnderTest = {
  name: 'Redis (REDIS_URL)',
  available: hasRedis,
  skipReason: 'no Redis answers at REDIS_URL (see the note printed at start)',
  start: async () => running({ kind: 'single', url: redisUrl }, (prefix) => deleteKeys(redisUrl, prefix), { url: redisUrl }),
  stop: async () => undefined,
};

const valkeyServer = memo(async () => {
  const server = await RedisServerProcess.startOnFreePort({ command: ['valkey-server'] });
  process.stdout.write(`[radio-hub tests] Valkey ${serverVersion('valkey-server')} on port ${server.port}\n`);
  return server;
});
const valkey: RedisUnderTest = {
  name: 'Valkey',
  available: valkeyInstalled(),
  skipReason: 'valkey-server is not installed',
  start: async () => {
    const server = await valkeyServer.get();
    return running({ kind: 'single', url: server.url }, (prefix) => deleteKeys(server.url, prefix), { url: server.url });
  },
  stop: async () => {
    const server = valkeyServer.peek();
    valkeyServer.reset();
    await (await server?.catch(() => undefined))?.kill();
  },
};

const clusterTopology = memo(() => ClusterTopology.start());
const cluster: RedisUnderTest = {
  name: 'Redis Cluster (3 masters, 3 replicas)',
  available: clusterInstalled(),
  skipReason: 'redis-server or redis-cli is not installed',
  start: async () => {
    const topology = await clusterTopology.get();
    return running({ kind: 'cluster', nodes: topology.seeds }, (prefix) => topology.deleteKeys(prefix), { cluster: { nodes: topology.seeds } });
  },
  stop: async () => {
    const topology = clusterTopology.peek();
    clusterTopology.reset();
    await (await topology?.catch(() => undefined))?.close();
  },
};

/** The Redis servers every Redis suite runs on: the shared Redis, a private Valkey, a private six-node Cluster. */
export const redisServers: RedisUnderTest[] = [shared, valkey, cluster];
