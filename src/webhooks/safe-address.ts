import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { isPrivateAddress } from '../net/private-address.js';
import { RefusedAddressError } from './delivery-errors.js';

// Where a webhook must never go unless the operator allows it: a URL from configuration that
// resolves to the host itself, the private network or the cloud metadata service (169.254.169.254)
// would turn the hub into a proxy into its own network (SSRF). The ranges: net/private-address.ts.
export { isPrivateAddress };

/** Every address of a name (the system resolver by default: /etc/hosts, then DNS). */
export type Resolve = (hostname: string) => Promise<Array<{ address: string; family: number }>>;

const resolveAll: Resolve = (hostname) => lookup(hostname, { all: true, verbatim: true });

export interface CheckedAddress {
  address: string;
  family: 4 | 6;
}

/**
 * Resolves `hostname` and checks every address it has (a name with one public and one private
 * address is refused: the connection could land on either). The caller connects to the address
 * returned, never resolving again, so a DNS answer that changes between check and connect
 * (DNS rebinding) cannot slip past.
 */
export async function resolveSafely(hostname: string, allowPrivate: boolean, resolve: Resolve = resolveAll): Promise<CheckedAddress> {
  const bare = hostname.replace(/^\[(.*)\]$/, '$1');
  const found = isIP(bare) ? [{ address: bare, family: isIP(bare) }] : await resolve(bare);
  if (found.length === 0) throw new Error(`${hostname} has no address`);
  if (!allowPrivate) {
    const refused = found.find((a) => isPrivateAddress(a.address));
    if (refused) throw new RefusedAddressError(`${hostname} resolves to ${refused.address}, a loopback, private or reserved address (webhooks.allowPrivateAddresses is off)`);
  }
  const first = found[0]!;
  return { address: first.address, family: first.family === 6 ? 6 : 4 };
}
