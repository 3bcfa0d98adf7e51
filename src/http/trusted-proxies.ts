import { BlockList, isIP } from 'node:net';

/**
 * The proxies whose X-Forwarded-For we believe. Anything else could forge the header and
 * pick its own rate-limit bucket, so an empty list (the default) believes no one.
 */
export class TrustedProxies {
  private readonly list = new BlockList();
  readonly size: number;

  constructor(entries: readonly string[]) {
    entries.forEach((entry, index) => {
      const [address = '', bits] = entry.trim().split('/');
      const family = isIP(address);
      const type = family === 6 ? 'ipv6' : 'ipv4';
      if (!family) throw new RangeError(`trustProxy.${index}: "${entry}" is not an IP address or CIDR range`);
      if (bits === undefined) {
        this.list.addAddress(address, type);
        return;
      }
      const prefix = Number(bits);
      if (!/^\d+$/.test(bits) || prefix > (family === 6 ? 128 : 32)) {
        throw new RangeError(`trustProxy.${index}: "${entry}" has an invalid prefix length`);
      }
      this.list.addSubnet(address, prefix, type);
    });
    this.size = entries.length;
  }

  has(address: string): boolean {
    const family = isIP(address);
    return family !== 0 && this.list.check(address, family === 6 ? 'ipv6' : 'ipv4');
  }

  /**
   * The client address: the socket peer, unless that peer is a trusted proxy; then X-Forwarded-For
   * is walked from the right (the entry our proxy appended) past further trusted hops, and the
   * first untrusted address is the client.
   */
  clientIp(peer: string, forwardedFor: string): string {
    if (this.size === 0 || !forwardedFor || !this.has(peer)) return peer;
    const hops = forwardedFor.split(',').map((hop) => normalizeIp(hop.trim()));
    for (let i = hops.length - 1; i >= 0; i--) {
      const hop = hops[i]!;
      if (!isIP(hop)) return peer; // a garbled header is not evidence of anything
      if (!this.has(hop)) return hop;
    }
    return hops[0] ?? peer;
  }
}

/** "::ffff:10.0.0.1" and "10.0.0.1" are one client; keep one spelling so they share one budget. */
export function normalizeIp(address: string): string {
  const lower = address.toLowerCase();
  return lower.startsWith('::ffff:') && isIP(lower.slice(7)) === 4 ? lower.slice(7) : lower;
}
