import { lookup } from 'node:dns/promises';
import { isIP, type LookupFunction } from 'node:net';
import { isPrivateAddress } from './private-address.js';

// Where an outgoing request (a webhook delivery, an artwork lookup and every redirect it follows)
// must never go unless the operator allows it: a URL that resolves to the host itself, the private
// network or the cloud metadata service (169.254.169.254) would turn the hub into a proxy into its
// own network (SSRF). The ranges: private-address.ts.
export { isPrivateAddress };

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
