import { isIP, type BlockList } from 'node:net';
import { listHas, normalizeIp, parseAddressList } from '../net/ip-address.js';

/**
 * The proxies whose X-Forwarded-For we believe. Anything else could forge the header and
 * pick its own rate-limit bucket, so an empty list (the default) believes no one.
 */
export class TrustedProxies {
  private readonly list: BlockList;
  readonly size: number;

  constructor(entries: readonly string[]) {
    this.list = parseAddressList(entries, 'trustProxy');
    this.size = entries.length;
  }

  has(address: string): boolean {
    return listHas(this.list, address);
  }

  /**
   * The client address: the socket peer, unless that peer is a trusted proxy; then X-Forwarded-For
   * is walked from the right (the entry our proxy appended) past further trusted hops, and the
   * first untrusted address is the client.
   */
  clientIp(peer: string, forwardedFor: string): string {
    if (this.size === 0 || !forwardedFor || !this.has(peer)) return peer;
    const hops = forwardedFor.split(',');
    let hop = peer;
    for (let i = hops.length - 1; i >= 0; i--) {
      hop = normalizeIp(hops[i]!.trim());
      if (!isIP(hop)) return peer; // a garbled header is not evidence of anything
      if (!this.has(hop)) return hop;
    }
    // Every hop is a proxy we trust: the leftmost is the closest we know to the client.
    return hop;
  }
}
