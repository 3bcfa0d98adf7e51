import { describe, expect, it } from 'vitest';
import { ConfigError, deepMerge, loadConfig } from '../../src/config/load-config.js';
import { redisTopologyOf, replicaAcksOf, stationKeyPrefix } from '../../src/redis/redis-topology.js';

const configWith = (redis: Record<string, unknown>) => loadConfig({}, deepMerge({}, { redis }));

describe('Redis topology from config', () => {
  it('is none without url, sentinel or cluster (the in-memory store)', () => {
    expect(redisTopologyOf(configWith({}).redis)).toBeNull();
  });

  it('reads a sentinel set: master name, host:port addresses, auth', () => {
    const config = configWith({ sentinel: { masterName: 'radio', sentinels: ['10.0.0.1:26379', 'sentinel-b:26380'], password: 'pw' } });
    expect(redisTopologyOf(config.redis)).toEqual({
      kind: 'sentinel',
      masterName: 'radio',
      sentinels: [
        { host: '10.0.0.1', port: 26379 },
        { host: 'sentinel-b', port: 26380 },
      ],
      password: 'pw',
    });
  });

  it('refuses two topologies at once, naming them', () => {
    expect(() => configWith({ url: 'redis://127.0.0.1:6379', cluster: { nodes: ['redis://127.0.0.1:7000'] } })).toThrow(ConfigError);
    expect(() => configWith({ url: 'redis://127.0.0.1:6379', cluster: { nodes: ['redis://127.0.0.1:7000'] } })).toThrow('redis: set one of url, sentinel and cluster, not url and cluster');
  });

  it('refuses a sentinel address without a port and a cluster node that is not a redis URL', () => {
    expect(() => configWith({ sentinel: { masterName: 'radio', sentinels: ['10.0.0.1'] } })).toThrow('redis.sentinel.sentinels.0');
    expect(() => configWith({ cluster: { nodes: ['http://127.0.0.1:7000'] } })).toThrow('redis.cluster.nodes.0');
  });

  it('puts every key of a station in one Cluster hash slot, and keeps single-node key names', () => {
    const cluster = redisTopologyOf(configWith({ cluster: { nodes: ['redis://127.0.0.1:7000'] } }).redis)!;
    const single = redisTopologyOf(configWith({ url: 'redis://127.0.0.1:6379' }).redis)!;
    expect(stationKeyPrefix(cluster, 'radio:')).toBe('{radio:}');
    expect(stationKeyPrefix(single, 'radio:')).toBe('radio:');
    // A prefix with its own tag is kept everywhere, so moving to a Cluster renames nothing.
    expect(stationKeyPrefix(cluster, '{radio}:')).toBe('{radio}:');
    expect(stationKeyPrefix(single, '{radio}:')).toBe('{radio}:');
  });

  it('waits for one replica before acknowledging money on Sentinel and Cluster, none on a single server, unless configured', () => {
    const sentinel = configWith({ sentinel: { masterName: 'radio', sentinels: ['127.0.0.1:26379'] } }).redis;
    const single = configWith({ url: 'redis://127.0.0.1:6379' }).redis;
    expect(replicaAcksOf(sentinel, redisTopologyOf(sentinel)!).replicas).toBe(1);
    expect(replicaAcksOf(single, redisTopologyOf(single)!).replicas).toBe(0);
    const chosen = configWith({ url: 'redis://127.0.0.1:6379', replicaAcks: { replicas: 2, timeoutMs: 300 } }).redis;
    expect(replicaAcksOf(chosen, redisTopologyOf(chosen)!)).toEqual({ replicas: 2, timeoutMs: 300 });
  });
});
