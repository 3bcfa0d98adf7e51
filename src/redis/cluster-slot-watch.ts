import calculateSlot from 'cluster-key-slot';
import { WatchedMaster } from './master-watch.js';
import type { RedisClusterClient } from './redis-topology.js';

/** How often the cluster client's slot map is read for a change of the slot's master. */
const READ_EVERY_MS = 250;

/**
 * Where the master of one hash slot of a Cluster is now, read from a cluster client's slot map
 * (which that client keeps current through a failover: redis-connection.ts). For a library that
 * speaks to one server (BullMQ): with every key it touches in that slot (the station's hash tag),
 * a plain client of the slot's master is all it needs, and `followMaster` moves it on a failover.
 */
export class ClusterSlotWatch extends WatchedMaster {
  private readonly timer: NodeJS.Timeout;
  private readonly slot: number;

  constructor(
    private readonly cluster: RedisClusterClient,
    routingKey: string,
  ) {
    super();
    this.slot = calculateSlot(routingKey);
    this.read();
    this.timer = setInterval(() => this.read(), READ_EVERY_MS);
    this.timer.unref();
  }

  private read(): void {
    const master = this.cluster.slots[this.slot]?.master;
    if (master) this.seen(master);
  }

  close(): void {
    clearInterval(this.timer);
    this.forgetListeners();
  }
}
