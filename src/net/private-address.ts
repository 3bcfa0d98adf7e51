import { BlockList, isIP } from 'node:net';

// Addresses that are not one public host on the internet: loopback, private networks, link-local
// (the cloud metadata service, 169.254.169.254), documentation, multicast and the IPv6 ranges that
// lead back into IPv4 networks. Webhooks never go to them (SSRF, net/safe-address.ts); the
// listener reports give them no country (the offline database has wrong entries for some).
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
