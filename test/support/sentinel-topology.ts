import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eventually } from './eventually.js';
import { adminCommand, info } from './redis-admin.js';
import { programInstalled, RedisServerProcess } from './redis-server-process.js';

export const MASTER_NAME = 'radio';

/** Whether redis-sentinel can run here; in CI its absence fails the run, elsewhere the skip is printed. */
export function sentinelInstalled(): boolean {
  return programInstalled(['redis-server'], 'the Sentinel suites are') && programInstalled(['redis-sentinel'], 'the Sentinel suites are');
}

/**
 * One master, one replica and three sentinels (quorum 2) on loopback, in a private directory
 * under /tmp, on free ports. Sentinels declare a master down after `downAfterMs`, so a failover
 * takes a few seconds. Startup is bounded: every wait gives up after its timeout.
 */
export class SentinelTopology {
  private constructor(
    private readonly dir: string,
    private readonly nodes: RedisServerProcess[],
    private readonly sentinelProcesses: RedisServerProcess[],
    /** Index in `nodes` of the master as the test last made it. */
    private masterIndex = 0,
  ) {}

  static async start(downAfterMs = 1000): Promise<SentinelTopology> {
    const dir = mkdtempSync(join(tmpdir(), 'radio-sentinel-'));
    const nodes: RedisServerProcess[] = [];
    const sentinels: RedisServerProcess[] = [];
    const topology = new SentinelTopology(dir, nodes, sentinels);
    try {
      const master = await RedisServerProcess.startOnFreePort((port) => ({ args: ['--dir', dir, '--dbfilename', `dump-${port}.rdb`] }));
      nodes.push(master);
      const masterPort = master.port;
      const replica = await RedisServerProcess.startOnFreePort((port) => ({ args: ['--dir', dir, '--dbfilename', `dump-${port}.rdb`, '--replicaof', '127.0.0.1', String(masterPort)] }));
      nodes.push(replica);
      const replicaPort = replica.port;
      await eventually(async () => {
        if ((await info(replicaPort, 'replication')).master_link_status !== 'up') throw new Error('replica not in sync yet');
      }, 15_000);
      for (let i = 0; i < 3; i++) {
        const sentinel = await RedisServerProcess.startOnFreePort((port) => {
          const file = join(dir, `sentinel-${port}.conf`);
          // Sentinel rewrites its own file (known replicas and peers), so each gets a writable one.
          writeFileSync(
            file,
            [
              `port ${port}`,
              'bind 127.0.0.1',
              `dir ${dir}`,
              `sentinel monitor ${MASTER_NAME} 127.0.0.1 ${masterPort} 2`,
              // Told at once rather than found by the next INFO (every 10 s): startup stays short.
              `sentinel known-replica ${MASTER_NAME} 127.0.0.1 ${replicaPort}`,
              `sentinel down-after-milliseconds ${MASTER_NAME} ${downAfterMs}`,
              `sentinel failover-timeout ${MASTER_NAME} 10000`,
              `sentinel parallel-syncs ${MASTER_NAME} 1`,
              '',
            ].join('\n'),
          );
          return { command: ['redis-sentinel', file], readyLine: '+monitor master' };
        });
        sentinels.push(sentinel);
      }
      // Each sentinel must know the replica and its two peers before a failover can be agreed.
      await eventually(
        async () => {
          for (const sentinel of sentinels) {
            const replicas = (await adminCommand(sentinel.port, ['SENTINEL', 'REPLICAS', MASTER_NAME])) as unknown[];
            const peers = (await adminCommand(sentinel.port, ['SENTINEL', 'SENTINELS', MASTER_NAME])) as unknown[];
            if (replicas.length < 1 || peers.length < 2) throw new Error(`sentinel ${sentinel.port} sees ${replicas.length} replicas, ${peers.length} peers`);
          }
        },
        20_000,
        100,
      );
      return topology;
    } catch (error) {
      await topology.close();
      throw error;
    }
  }

  /** The sentinels' addresses, as `redis.sentinel.sentinels` takes them. */
  get sentinels(): string[] {
    return this.sentinelProcesses.map((s) => `127.0.0.1:${s.port}`);
  }

  get masterPort(): number {
    return this.nodes[this.masterIndex]!.port;
  }

  /** Which port the sentinels name as master now. */
  async currentMasterPort(): Promise<number> {
    const [, port] = (await adminCommand(this.sentinelProcesses[0]!.port, ['SENTINEL', 'GET-MASTER-ADDR-BY-NAME', MASTER_NAME])) as [string, string];
    return Number(port);
  }

  /**
   * Kills the master hard and resolves once the sentinels have promoted the replica and it
   * accepts writes; returns when the promotion was seen (performance.now()).
   */
  async killMasterAndAwaitPromotion(timeoutMs = 30_000): Promise<{ killedAt: number; promotedAt: number }> {
    const old = this.nodes[this.masterIndex]!;
    const next = this.nodes[1 - this.masterIndex]!;
    await old.kill();
    const killedAt = performance.now();
    await eventually(
      async () => {
        if ((await this.currentMasterPort()) !== next.port) throw new Error('not promoted yet');
        if ((await info(next.port, 'replication')).role !== 'master') throw new Error('not master yet');
      },
      timeoutMs,
      50,
    );
    this.masterIndex = 1 - this.masterIndex;
    return { killedAt, promotedAt: performance.now() };
  }

  /**
   * Starts the killed node again as a replica of the new master, as its supervisor would after a
   * failover (empty: no persistence here); resolves once it is in sync. (Started as a master, the
   * sentinels would convert it too, but only after their next look at it, up to ten seconds.)
   */
  async restartFormerMaster(timeoutMs = 30_000): Promise<void> {
    const former = this.nodes[1 - this.masterIndex]!;
    await former.start(['--replicaof', '127.0.0.1', String(this.masterPort)]);
    await eventually(
      async () => {
        const replication = await info(former.port, 'replication');
        if (replication.role !== 'slave' || replication.master_link_status !== 'up') throw new Error('not a replica in sync yet');
      },
      timeoutMs,
      100,
    );
  }

  async close(): Promise<void> {
    await Promise.all([...this.sentinelProcesses, ...this.nodes].map((p) => p.kill()));
    rmSync(this.dir, { recursive: true, force: true });
  }
}
