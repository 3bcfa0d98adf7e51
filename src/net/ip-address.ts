import { BlockList, isIP } from 'node:net';

/**
 * A list of addresses and CIDR ranges (IPv4 and IPv6), as configuration writes them. Throws a
 * RangeError naming the entry (`<key>.<index>`) that is not an address or has a bad prefix.
 */
export function parseAddressList(entries: readonly string[], key: string): BlockList {
  const list = new BlockList();
  entries.forEach((entry, index) => {
    const [address = '', bits] = entry.trim().split('/');
    const family = isIP(address);
    const type = family === 6 ? 'ipv6' : 'ipv4';
    if (!family) throw new RangeError(`${key}.${index}: "${entry}" is not an IP address or CIDR range`);
    if (bits === undefined) {
      list.addAddress(address, type);
      return;
    }
    const prefix = Number(bits);
    if (!/^\d+$/.test(bits) || prefix > (family === 6 ? 128 : 32)) {
      throw new RangeError(`${key}.${index}: "${entry}" has an invalid prefix length`);
    }
    list.addSubnet(address, prefix, type);
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
