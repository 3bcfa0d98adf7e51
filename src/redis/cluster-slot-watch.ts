import calculateSlot from 'cluster-key-slot';
import type { MasterAddress, MasterWatch } from './sentinel-watch.js';
import type { RedisClusterClient } from './redis-topology.js';

/** How often the cluster client's slot map is read for a change of the slot's master. */
const READ_EVERY_MS = 250;

/**
 * Where the master of one hash slot of a Cluster is now, read from a cluster client's slot map
 * (which that client keeps current through a failover: redis-connection.ts). For a library that
 * speaks to one server (BullMQ): with every key it touches in that slot (the station's hash tag),
 * a plain client of the slot's master is all it needs, and `followMaster` moves it on a failover.
 */
export class ClusterSlotWatch implements MasterWatch {
  private address: MasterAddress | null = null;
  private readonly timer: NodeJS.Timeout;
  private readonly listeners = new Set<(address: MasterAddress) => void>();
  private readonly slot: number;

  constructor(
    private readonly cluster: RedisClusterClient,
    routingKey: string,
  ) {
    this.slot = calculateSlot(routingKey);
    this.read();
    this.timer = setInterval(() => this.read(), READ_EVERY_MS);
    this.timer.unref();
  }

  get master(): MasterAddress | null {
    return this.address;
  }

  onChange(listener: (address: MasterAddress) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private read(): void {
    const master = this.cluster.slots[this.slot]?.master;
    if (!master) return;
    const { host, port } = master;
    if (host === this.address?.host && port === this.address.port) return;
    this.address = { host, port };
    for (const listener of this.listeners) listener(this.address);
  }

  close(): void {
    clearInterval(this.timer);
    this.listeners.clear();
  }
}
