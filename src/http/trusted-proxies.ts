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

/**
 * One spelling per address, so one client has one rate-limit budget: uWS reports IPv6 peers in
 * full form ("0000:…:ffff:7f00:0001" when listening on "::"), X-Forwarded-For may say "::1" or
 * "::ffff:10.0.0.1". IPv6 is canonicalised (RFC 5952, via the URL parser) and IPv4-mapped
 * addresses become plain IPv4.
 */
export function normalizeIp(address: string): string {
  if (!address.includes(':')) return address;
  let canonical: string;
  try {
    canonical = new URL(`http://[${address}]`).hostname.slice(1, -1);
  } catch {
    return address.toLowerCase();
  }
  const mapped = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(canonical);
  if (mapped) {
    const high = parseInt(mapped[1]!, 16);
    const low = parseInt(mapped[2]!, 16);
    return `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;
  }
  return canonical;
}
