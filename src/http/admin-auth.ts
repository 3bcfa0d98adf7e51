import { timingSafeEqual } from 'node:crypto';
import { AppError } from '../errors.js';
import { FIRST_ADMIN_NAME, type StaffRole } from '../config/staff-identity.js';
import { digestOfKeyHash, keyDigest, keyHashOfDigest } from '../config/staff-key-hash.js';

/** Who may use a route of each role: an admin every route, every other role only its own. */
const ALLOWED_ON: Record<StaffRole, readonly StaffRole[]> = {
  admin: ['admin'],
  moderator: ['moderator', 'admin'],
  automation: ['automation', 'admin'],
};

/** Who signed in: the name the audit log shows, and the role the routes check. */
export interface StaffMember {
  readonly name: string;
  readonly role: StaffRole;
}

/** A named key from configuration: `keyHash` as config/staff-key-hash.ts writes it. */
export interface StaffKey extends StaffMember {
  readonly keyHash: string;
}

/**
 * The budget of wrong keys around the key check (limits/ implements it: its counting, its log
 * lines). Both answer the seconds the client must wait, 0 when it need not.
 */
export interface SignInGuard {
  /** Before a right key is honoured: a client over its budget waits like a guesser would. */
  lockedFor(client: string): Promise<number>;
  /** After a wrong key: counts it; over the budget the answer is 429 instead of 401. */
  failed(client: string, ip: string): Promise<number>;
}

/** Keys kept outside the configuration (made by an admin in the console, in the store), found by their hash. */
export interface KeyDirectory {
  /** The member whose key hashes to `keyHash` (config/staff-key-hash.ts), or null. */
  memberOf(keyHash: string): Promise<StaffMember | null>;
}

/**
 * Bearer-key check for staff routes. The key is hashed (SHA-256) and compared with every known
 * key's hash in constant time, all of them whatever matched, so neither the answer's time nor
 * its content tells how close a guess was. Keys are long random strings (scripts/staff-key.mjs
 * makes 256 bits), so a fast hash is enough: nobody can search that space, and a slow hash would
 * make every staff request pay for it. `ADMIN_API_KEY` is the first admin; named keys come from
 * `staff`, and from the directory (keys an admin made in the console; a lookup by the hash, which
 * tells a guesser nothing either). No configured key means the staff routes are switched off
 * (503), never open.
 *
 * With a guard, wrong keys spend a per-client budget: past it every sign-in of that client is
 * 429, the right key included (or a guesser would learn a key from the one answer that is not
 * 429). A request without a Bearer key tried nothing and costs nothing. A right key with too
 * small a role is 403: it is no failed sign-in.
 */
export class AdminAuth {
  private readonly keys: Array<{ hash: Buffer; member: StaffMember }>;

  constructor(
    adminKey: string | null,
    staff: readonly StaffKey[],
    private readonly guard: SignInGuard | null = null,
    private readonly directory: KeyDirectory | null = null,
  ) {
    this.keys = [
      ...(adminKey ? [{ hash: keyDigest(adminKey), member: { name: FIRST_ADMIN_NAME, role: 'admin' as const } }] : []),
      ...staff.map(({ name, role, keyHash }) => ({ hash: digestOfKeyHash(keyHash), member: { name, role } })),
    ];
  }

  /**
   * Throws 503, 401, 429 or 403, or gives the staff member (in a promise only with a guard).
   * `needs` is the route's role: `admin` routes refuse every other role, `moderator` and
   * `automation` routes take their own role and an admin's.
   */
  check(authorization: string, client: string, ip: string, needs: StaffRole): Promise<StaffMember> | StaffMember {
    if (this.keys.length === 0) {
      throw new AppError('UNAVAILABLE', { message: 'Administration is switched off: no ADMIN_API_KEY or staff key is configured.', retryAfterSeconds: 3600 });
    }
    const match = /^Bearer +(\S+) *$/i.exec(authorization);
    if (!match) throw unauthorized();
    const hash = keyDigest(match[1]!);
    const member = this.configuredMemberOf(hash);
    if (member || !this.directory) return this.signIn(member, client, ip, needs);
    return this.directory.memberOf(keyHashOfDigest(hash)).then((stored) => this.signIn(stored, client, ip, needs));
  }

  /** The verdict on a key: its member (or null: a wrong key), through the sign-in budget when there is one. */
  private signIn(member: StaffMember | null, client: string, ip: string, needs: StaffRole): Promise<StaffMember> | StaffMember {
    if (!this.guard) {
      if (!member) throw unauthorized();
      return allowed(member, needs);
    }
    if (member) {
      return this.guard.lockedFor(client).then((seconds) => {
        if (seconds > 0) throw tooManyFailures(seconds);
        return allowed(member, needs);
      });
    }
    return this.guard.failed(client, ip).then((seconds) => {
      throw seconds > 0 ? tooManyFailures(seconds) : unauthorized();
    });
  }

  private configuredMemberOf(hash: Buffer): StaffMember | null {
    let found: StaffMember | null = null;
    // Every key is compared, the match or not: the time does not depend on which one matched.
    for (const known of this.keys) if (timingSafeEqual(hash, known.hash) && !found) found = known.member;
    return found;
  }
}

function allowed(member: StaffMember, needs: StaffRole): StaffMember {
  if (!ALLOWED_ON[needs].includes(member.role)) {
    throw new AppError('FORBIDDEN', { message: `This needs the ${needs} role; ${member.name}'s role is ${member.role}.` });
  }
  return member;
}

const unauthorized = () => new AppError('UNAUTHORIZED', { headers: { 'WWW-Authenticate': 'Bearer realm="radio-hub admin"' } });
const tooManyFailures = (retryAfterSeconds: number) => new AppError('RATE_LIMITED', { reason: 'admin_keys', retryAfterSeconds });
