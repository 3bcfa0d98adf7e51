import { lookup } from 'node:dns/promises';
import { BlockList, isIP, type LookupFunction } from 'node:net';

// Where an outgoing request (a webhook delivery, an artwork lookup and every redirect it follows)
// must never go unless the operator allows it: a URL that resolves to the host itself, the private
// network or the cloud metadata service (169.254.169.254) would turn the hub into a proxy into its
// own network (SSRF).
const privateRanges = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  privateRanges.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [
  // ::/96 holds the unspecified address, loopback and the IPv4-compatible ::a.b.c.d, which some
  // stacks still route to the IPv4 address inside.
  ['::', 96],
  // NAT64 (64:ff9b::a.b.c.d reaches a.b.c.d through a translator), its local-use range, and 6to4
  // (2002:AABB:CCDD:: reaches AA.BB.CC.DD): each may lead back into an IPv4 network we cannot check.
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['2002::', 16],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const)
  privateRanges.addSubnet(net, bits, 'ipv6');
// IPv4-mapped IPv6 addresses (::ffff:127.0.0.1) are matched by the IPv4 ranges: BlockList maps them.

export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return true;
  return privateRanges.check(address, family === 6 ? 'ipv6' : 'ipv4');
}

/** Every address of a name (the system resolver by default: /etc/hosts, then DNS). */
export type Resolve = (hostname: string) => Promise<Array<{ address: string; family: number }>>;

const resolveAll: Resolve = (hostname) => lookup(hostname, { all: true, verbatim: true });

export interface CheckedAddress {
  address: string;
  family: 4 | 6;
}

/** A host that resolves to an address the SSRF rule refuses; `setting` names the switch that would allow it. */
export class PrivateAddressError extends Error {
  override readonly name: string = 'PrivateAddressError';
}

/**
 * Resolves `hostname` and checks every address it has (a name with one public and one private
 * address is refused: the connection could land on either). The caller connects to the address
 * returned, never resolving again, so a DNS answer that changes between check and connect
 * (DNS rebinding) cannot slip past.
 */
export async function resolveSafely(
  hostname: string,
  allowPrivate: boolean | ((address: string) => boolean),
  resolve: Resolve = resolveAll,
  setting = 'webhooks.allowPrivateAddresses',
): Promise<CheckedAddress> {
  const bare = hostname.replace(/^\[(.*)\]$/, '$1');
  const found = isIP(bare) ? [{ address: bare, family: isIP(bare) }] : await resolve(bare);
  if (found.length === 0) throw new Error(`${hostname} has no address`);
  // A function allows some private addresses only (a test's own stand-ins on loopback).
  if (allowPrivate !== true) {
    const refused = found.find((a) => isPrivateAddress(a.address) && !(typeof allowPrivate === 'function' && allowPrivate(a.address)));
    if (refused) throw new PrivateAddressError(`${hostname} resolves to ${refused.address}, a loopback, private or reserved address (${setting} is off)`);
  }
  const first = found[0]!;
  return { address: first.address, family: first.family === 6 ? 6 : 4 };
}

/**
 * A `lookup` for node:http(s) that answers with the address already checked, so the socket
 * connects exactly where resolveSafely looked and a second DNS answer cannot move it.
 */
export function pinnedLookup(checked: CheckedAddress): LookupFunction {
  return (_host, options, callback) => {
    if ((options as { all?: boolean }).all) (callback as (e: null, a: CheckedAddress[]) => void)(null, [checked]);
    else callback(null, checked.address, checked.family);
  };
}
