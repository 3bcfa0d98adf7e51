import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, RedisServerProcess } from '../support/redis-server-process.js';
import { MASTER_NAME, SentinelTopology, sentinelInstalled } from '../support/sentinel-topology.js';
import { startService, type ServiceProcess } from '../support/service-process.js';
import { uniquePrefix } from '../support/redis.js';

// Issue 26 point 8: wrong Sentinel or Cluster settings started a hub that answered 503 forever
// with a vague line or a TypeError. Now the built hub exits 1 at start with one line naming the
// setting: a port that is not one (config check), a wrong master name or a plain Redis named as a
// sentinel or as a Cluster node (asked at start, bounded). Servers that do not answer yet are an
// outage, not a wrong setting: the hub starts and rides it out as before.

const installed = sentinelInstalled();

// Each case starts the built hub (a second or two alone, more on a busy machine).
describe.skipIf(!installed)('Sentinel and Cluster settings checked at start (the built hub)', { timeout: 60_000 }, () => {
  let topology: SentinelTopology;
  let plain: RedisServerProcess;
  const started: ServiceProcess[] = [];
  const hub = (redis: Record<string, unknown>) => {
    const node = startService({ PORT: '0', HOST: '127.0.0.1' }, { stream: { enabled: false }, redis: { prefix: uniquePrefix('settings'), ...redis } });
    started.push(node);
    return node;
  };
  /** Exits 1 before listening, with the setting named on stderr. */
  const refused = async (node: ServiceProcess, words: string) => {
    expect(await node.exited, node.stderr()).toBe(1);
    expect(node.stderr()).toContain(words);
    expect(node.stderr().trim().split('\n')).toHaveLength(1);
    expect(node.lines.some((l) => l.msg === 'radio hub listening')).toBe(false);
  };

  beforeAll(async () => {
    [topology, plain] = await Promise.all([SentinelTopology.start(), RedisServerProcess.startOnFreePort()]);
  }, 60_000);
  afterAll(async () => {
    await Promise.all(started.map((node) => node.stop()));
    await topology?.close();
    await plain?.kill();
  });

  it('refuses a sentinel or Cluster port that is not a port (99999), from the config alone', async () => {
    await refused(
      hub({ sentinel: { masterName: MASTER_NAME, sentinels: ['127.0.0.1:99999'] } }),
      'invalid configuration: config: redis.sentinel.sentinels.0: "127.0.0.1:99999": port 99999 is not a port (1-65535)',
    );
    await refused(hub({ cluster: { nodes: ['redis://127.0.0.1:99999'] } }), 'invalid configuration: config: redis.cluster.nodes.0: not a URL');
  });

  it('refuses a master name the sentinels do not monitor', async () => {
    await refused(
      hub({ sentinel: { masterName: 'not-the-master', sentinels: topology.sentinels } }),
      'cannot start: redis.sentinel.masterName: the sentinels monitor no master named "not-the-master"',
    );
  });

  it('refuses a plain Redis named as a sentinel, or as a Cluster node', async () => {
    await refused(
      hub({ sentinel: { masterName: MASTER_NAME, sentinels: [topology.sentinels[0]!, `127.0.0.1:${plain.port}`] } }),
      `cannot start: redis.sentinel.sentinels.1: 127.0.0.1:${plain.port} is not a Sentinel`,
    );
    await refused(hub({ cluster: { nodes: [plain.url] } }), `cannot start: redis.cluster.nodes.0: ${plain.url} is not a Cluster node`);
  });

  it('starts on right settings, and on sentinels that do not answer yet (an outage, not a wrong setting)', async () => {
    const right = hub({ sentinel: { masterName: MASTER_NAME, sentinels: topology.sentinels } });
    const away = hub({ sentinel: { masterName: MASTER_NAME, sentinels: [`127.0.0.1:${await freePort()}`] } });
    expect(await right.listening).toBeGreaterThan(0);
    expect(await away.listening).toBeGreaterThan(0);
    expect(away.lines.some((l) => l.msg === 'no sentinel answered at start; starting anyway (503 until one does)')).toBe(true);
  });
});
