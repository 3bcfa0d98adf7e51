/**
 * Live connections per client on this node (every Socket.IO namespace and transport, and SSE),
 * so one client cannot hold the node's sockets. Counted per node: a connection lives on one node,
 * and a node that dies takes its counts with it, where a shared counter would keep them.
 */
export class ConnectionCap {
  private readonly counts = new Map<string, number>();

  constructor(private readonly max: number) {}

  /** Counts a new connection; false (and nothing counted) when the client is at its cap. */
  tryOpen(clientKey: string): boolean {
    const count = this.counts.get(clientKey) ?? 0;
    if (count >= this.max) return false;
    this.counts.set(clientKey, count + 1);
    return true;
  }

  close(clientKey: string): void {
    const count = (this.counts.get(clientKey) ?? 0) - 1;
    if (count > 0) this.counts.set(clientKey, count);
    else this.counts.delete(clientKey);
  }
}
