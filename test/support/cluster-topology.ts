import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { eventually } from './eventually.js';
import { adminCommand } from './redis-admin.js';
import { freePort, programInstalled, RedisServerProcess } from './redis-server-process.js';

const run = promisify(execFile);

/** Whether a Redis Cluster can be made here (redis-server and redis-cli); in CI their absence fails the run. */
export function clusterInstalled(): boolean {
  return programInstalled(['redis-server'], 'the Redis Cluster suites are') && programInstalled(['redis-cli'], 'the Redis Cluster suites are');
}

interface ClusterNode {
  id: string;
  port: number;
  master: boolean;
  failed: boolean;
  slots: Array<[number, number]>;
}

/**
 * Six redis-server nodes with cluster mode on (three masters, one replica each, made by
 * `redis-cli --cluster create`), on free loopback ports, in a private directory under /tmp. A node
 * is declared failed after `nodeTimeoutMs`, so a shard's failover takes a few seconds. Startup is
 * bounded: every wait gives up after its timeout.
 */
export class ClusterTopology {
  private constructor(
    private readonly dir: string,
    private readonly processes: Map<number, RedisServerProcess>,
  ) {}

  static async start(options: { nodes?: number; nodeTimeoutMs?: number; command?: readonly string[] } = {}): Promise<ClusterTopology> {
    const dir = mkdtempSync(join(tmpdir(), 'radio-cluster-'));
    const processes = new Map<number, RedisServerProcess>();
    const topology = new ClusterTopology(dir, processes);
    try {
      for (let i = 0; i < (options.nodes ?? 6); i++) {
        // The bus port is chosen too: by default it is the port + 10,000, which nobody checked was free.
        const node = await RedisServerProcess.startOnFreePort(async (port) => ({
          command: options.command,
          args: [
            '--dir',
            dir,
            '--cluster-enabled',
            'yes',
            '--cluster-port',
            String(await freePort()),
            '--cluster-config-file',
            `nodes-${port}.conf`,
            '--cluster-node-timeout',
            String(options.nodeTimeoutMs ?? 1000),
            '--dbfilename',
            `dump-${port}.rdb`,
          ],
        }));
        processes.set(node.port, node);
      }
      const addresses = [...processes.keys()].map((port) => `127.0.0.1:${port}`);
      await run('redis-cli', ['--cluster', 'create', ...addresses, '--cluster-replicas', '1', '--cluster-yes'], { timeout: 30_000 });
      await topology.settled();
      return topology;
    } catch (error) {
      await topology.close();
      throw error;
    }
  }

  /** Seed URLs, as `redis.cluster.nodes` takes them. */
  get seeds(): string[] {
    return [...this.processes.keys()].map((port) => `redis://127.0.0.1:${port}`);
  }

  get ports(): number[] {
    return [...this.processes.keys()];
  }

  /** The nodes as the first live node sees them (CLUSTER NODES). */
  async nodes(): Promise<ClusterNode[]> {
    let lastError: unknown;
    for (const port of this.processes.keys()) {
      try {
        const text = String(await adminCommand(port, ['CLUSTER', 'NODES']));
        return text
          .trim()
          .split('\n')
          .map((line) => {
            const [id = '', address = '', flags = '', , , , , , ...slots] = line.split(' ');
            return {
              id,
              port: Number(address.split('@')[0]!.split(':')[1]),
              master: flags.includes('master'),
              failed: flags.includes('fail'),
              slots: slots.filter((s) => /^\d/.test(s)).map((s) => (s.includes('-') ? (s.split('-').map(Number) as [number, number]) : [Number(s), Number(s)])),
            };
          });
      } catch (error) {
        lastError = error;
      }
    }
    throw lastError;
  }

  /** The port of the master that serves `key`'s slot now. */
  async masterOf(key: string): Promise<number> {
    const live = [...this.processes].find(([, node]) => node.running)![0];
    const slot = Number(await adminCommand(live, ['CLUSTER', 'KEYSLOT', key]));
    const owner = (await this.nodes()).find((n) => n.master && !n.failed && n.slots.some(([from, to]) => slot >= from && slot <= to));
    if (!owner) throw new Error(`no live master serves slot ${slot}`);
    return owner.port;
  }

  /** Resolves once every live node says the cluster is ok and all 16384 slots are served by live masters. */
  async settled(timeoutMs = 30_000): Promise<void> {
    await eventually(
      async () => {
        for (const [port, node] of this.processes) {
          if (!node.running) continue;
          const info = String(await adminCommand(port, ['CLUSTER', 'INFO']));
          if (!info.includes('cluster_state:ok')) throw new Error(`node ${port}: cluster not ok yet`);
        }
        const served = (await this.nodes()).filter((n) => n.master && !n.failed).reduce((sum, n) => sum + n.slots.reduce((s, [from, to]) => s + to - from + 1, 0), 0);
        if (served !== 16384) throw new Error(`${served} of 16384 slots served`);
      },
      timeoutMs,
      100,
    );
  }

  /**
   * Kills the master serving `key` hard and resolves once its replica has been promoted and the
   * cluster serves every slot again, with the times of both (performance.now()).
   */
  async killMasterOf(key: string, timeoutMs = 30_000): Promise<{ killedPort: number; killedAt: number; promotedAt: number }> {
    const killedPort = await this.masterOf(key);
    await this.processes.get(killedPort)!.kill();
    const killedAt = performance.now();
    await eventually(
      async () => {
        if ((await this.masterOf(key)) === killedPort) throw new Error('not promoted yet');
      },
      timeoutMs,
      50,
    );
    await this.settled(timeoutMs);
    return { killedPort, killedAt, promotedAt: performance.now() };
  }

  /**
   * Starts a killed node again, as its supervisor would: with its cluster config file it rejoins
   * and becomes a replica of the master that took its slots. Resolves once it is in sync.
   */
  async restart(port: number, timeoutMs = 30_000): Promise<void> {
    await this.processes.get(port)!.start();
    await eventually(
      async () => {
        const replication = String(await adminCommand(port, ['INFO', 'replication']));
        if (!replication.includes('role:slave') || !replication.includes('master_link_status:up')) throw new Error('not a replica in sync yet');
      },
      timeoutMs,
      100,
    );
  }

  /** Deletes every key under `prefix` on every live master. */
  async deleteKeys(prefix: string): Promise<void> {
    for (const node of await this.nodes()) {
      if (!node.master || node.failed) continue;
      let cursor = '0';
      do {
        const [next, keys] = (await adminCommand(node.port, ['SCAN', cursor, 'MATCH', `${prefix.replace(/[*?[\]\\]/g, (c) => `\\${c}`)}*`, 'COUNT', '500'])) as [string, string[]];
        for (const key of keys) await adminCommand(node.port, ['DEL', key]);
        cursor = next;
      } while (cursor !== '0');
    }
  }

  async close(): Promise<void> {
    await Promise.all([...this.processes.values()].map((p) => p.kill()));
    rmSync(this.dir, { recursive: true, force: true });
  }
}
