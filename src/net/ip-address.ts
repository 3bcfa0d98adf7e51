import { BlockList, isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * A list of addresses and CIDR ranges (IPv4 and IPv6), as configuration writes them, for
 * `listHas` (node's BlockList: matching in C++, IPv4-mapped spellings included). Throws a
 * RangeError naming the entry (`<key>.<index>`) that is not an address or has a bad prefix.
 */
export function parseAddressList(entries: readonly string[], key: string): BlockList {
  const list = new BlockList();
  entries.forEach((entry, index) => {
    const text = entry.trim();
    const slash = text.indexOf('/');
    const address = slash === -1 ? text : text.slice(0, slash);
    // isIP is the strict reading (ipaddr.js also takes "10.1" or "0x0a.0.0.1", which a list should not).
    const family = isIP(address);
    if (!family) throw new RangeError(`${key}.${index}: "${entry}" is not an IP address or CIDR range`);
    const type = family === 6 ? 'ipv6' : 'ipv4';
    if (slash === -1) {
      list.addAddress(address, type);
      return;
    }
    const bits = text.slice(slash + 1);
    if (!/^\d+$/.test(bits) || !ipaddr.isValidCIDR(text)) throw new RangeError(`${key}.${index}: "${entry}" has an invalid prefix length`);
    list.addSubnet(address, ipaddr.parseCIDR(text)[1], type);
  });
  return list;
}

/** Whether `address` (any spelling) is in `list`. */
export function listHas(list: BlockList, address: string): boolean {
  const family = isIP(address);
  return family !== 0 && list.check(address, family === 6 ? 'ipv6' : 'ipv4');
}

/**
 * One spelling per address, so one client has one rate-limit budget: uWS reports IPv6 peers in
 * full form ("0000:…:ffff:7f00:0001" when listening on "::"), X-Forwarded-For may say "::1" or
 * "::ffff:10.0.0.1". IPv6 is canonicalised (RFC 5952) and IPv4-mapped addresses become plain
 * IPv4; a zone id stays. Text that is no address comes back as it was (lower-cased when it has a
 * colon), for the caller to refuse.
 */
export function normalizeIp(address: string): string {
  // The hot path: every request's peer, and IPv4 needs nothing.
  if (!address.includes(':')) return address;
  const ip = parseIpv6(address);
  if (!ip) return address.toLowerCase();
  return ip.isIPv4MappedAddress() ? ip.toIPv4Address().toString() : ip.toRFC5952String();
}

/**
 * The network of `prefixLength` bits that holds the IPv6 `address` (any spelling; an embedded IPv4
 * tail is read, a zone id dropped), canonical, with its prefix: "2001:db8:1:2::/64".
 */
export function ipv6Network(address: string, prefixLength: number): string {
  const ip = parseIpv6(address);
  if (!ip) throw new RangeError(`"${address}" is not an IPv6 address`);
  const mask = subnetMask(prefixLength);
  const parts = new Array<number>(8);
  for (let i = 0; i < 8; i++) parts[i] = ip.parts[i]! & mask[i]!;
  return `${new ipaddr.IPv6(parts).toRFC5952String()}/${prefixLength}`;
}

// One mask per prefix length (a process uses one or two): ipaddr.js builds it, we keep it.
const MASKS: number[][] = [];
function subnetMask(prefixLength: number): readonly number[] {
  return (MASKS[prefixLength] ??= ipaddr.IPv6.subnetMaskFromPrefixLength(prefixLength).parts);
}

function parseIpv6(address: string): ipaddr.IPv6 | null {
  if (isIP(address) !== 6) return null;
  try {
    return ipaddr.IPv6.parse(address);
  } catch {
    return null;
  }
}
