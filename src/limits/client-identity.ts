import { isIPv6 } from 'node:net';
import { ipv6Network, normalizeIp } from '../net/ip-address.js';
import { TrustedProxies } from './trusted-proxies.js';

/** Who is asking: the address (logged) and the client key every limit and ban counts against. */
export interface Client {
  /** The client's address, after the trustProxy rule. */
  ip: string;
  /** The IPv4 address, or the IPv6 network of `ipv6PrefixLength` bits ("2001:db8:1:2::/64"). */
  key: string;
}

/** Spellings (peer and X-Forwarded-For) whose client is remembered; past it the memory starts over. */
const RECENT_CLIENTS = 10_000;

/**
 * One client identity for every limit and ban (API.md "Rate limiting"). One person holds a whole
 * IPv6 /64 (routers hand out a /64 per home, privacy addresses rotate inside it), so IPv6 clients
 * are counted per network: 150 addresses of one /64 share one budget, and a ban on `…::1` holds
 * for `…::2`. IPv4 addresses stand alone.
 */
export class ClientIdentity {
  private readonly proxies: TrustedProxies;
  private readonly recent = new Map<string, Readonly<Client>>();

  constructor(
    trustProxy: readonly string[],
    private readonly ipv6PrefixLength: number,
  ) {
    this.proxies = new TrustedProxies(trustProxy);
  }

  /** Whether X-Forwarded-For can change anything (some proxy is trusted); else it need not be read. */
  get readsForwardedFor(): boolean {
    return this.proxies.size > 0;
  }

  /** The client behind a connection from `peer` that sent `forwardedFor` (X-Forwarded-For, or ''). */
  of(peer: string, forwardedFor: string): Readonly<Client> {
    // The hot path: an IPv4 peer speaking for itself needs no parsing at all.
    if (forwardedFor === '' && !peer.includes(':')) return { ip: peer, key: peer };
    // Reading IPv6 (and walking X-Forwarded-For) costs microseconds; a client's next request comes
    // from the same spelling, so the answer is remembered, for a bounded number of spellings.
    const memoKey = forwardedFor === '' ? peer : `${peer} ${forwardedFor}`;
    let client = this.recent.get(memoKey);
    if (!client) {
      const ip = this.proxies.clientIp(normalizeIp(peer), forwardedFor);
      client = { ip, key: this.keyOf(ip) };
      if (this.recent.size >= RECENT_CLIENTS) this.recent.clear();
      this.recent.set(memoKey, client);
    }
    return client;
  }

  /** The key of one address (an admin's ban on an address bans its client). */
  keyOf(ip: string): string {
    return isIPv6(ip) ? ipv6Network(ip, this.ipv6PrefixLength) : ip;
  }
}
