/** Live connections per client IP on this node, to cap how many one address may hold. */
export class ConnectionsPerIp {
  private readonly counts = new Map<string, number>();

  constructor(private readonly max: number) {}

  /** Counts a new connection; false (and nothing counted) when the address is at its cap. */
  tryAdd(ip: string): boolean {
    const count = this.counts.get(ip) ?? 0;
    if (count >= this.max) return false;
    this.counts.set(ip, count + 1);
    return true;
  }

  remove(ip: string): void {
    const count = (this.counts.get(ip) ?? 0) - 1;
    if (count > 0) this.counts.set(ip, count);
    else this.counts.delete(ip);
  }
}
