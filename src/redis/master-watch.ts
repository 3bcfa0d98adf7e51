export interface MasterAddress {
  host: string;
  port: number;
}

/** Something that knows where a master is now and says when it moves (a Sentinel set, a Cluster slot). */
export interface MasterWatch {
  readonly master: MasterAddress | null;
  onChange(listener: (address: MasterAddress) => void): () => void;
}

/**
 * The part every watch shares: the master's address as last seen, and the listeners told when
 * it moves. How the address is found (asking the sentinels, reading a slot map) is the subclass's.
 */
export abstract class WatchedMaster implements MasterWatch {
  private address: MasterAddress | null = null;
  private readonly listeners = new Set<(address: MasterAddress) => void>();

  get master(): MasterAddress | null {
    return this.address;
  }

  onChange(listener: (address: MasterAddress) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Records where the master is now; tells the listeners when that is a move. Returns whether it was. */
  protected seen(address: MasterAddress): boolean {
    if (address.host === this.address?.host && address.port === this.address.port) return false;
    this.address = { host: address.host, port: address.port };
    for (const listener of this.listeners) listener(this.address);
    return true;
  }

  /** Nobody is told anything after this. */
  protected forgetListeners(): void {
    this.listeners.clear();
  }
}
