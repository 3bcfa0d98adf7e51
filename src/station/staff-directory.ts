import { staffNameKey } from '../config/staff-keys.js';
import type { StaffRole } from '../config/staff-identity.js';
import { AppError } from '../errors.js';
import { quoted, type Actor, type AuditTrail } from './audit-trail.js';
import { toUnixSeconds, type Clock } from './clock.js';
import { MAX_STORED_STAFF_KEYS, type StaffKeyStore } from './ports.js';

/** A staff member as the console lists them: where their key comes from, never the key or its hash. */
export interface StaffListing {
  name: string;
  role: StaffRole;
  source: 'config' | 'console';
  created_at: number | null;
  created_by: string | null;
}

/**
 * The staff members: those of the configuration (and `ADMIN_API_KEY`'s first admin), which only a
 * config change alters, and keys an admin makes in the console. A console key is shown once, when
 * made, and kept only as its hash; revoking it works at once on every node (each sign-in asks the store).
 */
export class StaffDirectory {
  constructor(
    private readonly store: StaffKeyStore,
    private readonly configured: readonly Actor[],
    private readonly audit: AuditTrail,
    private readonly clock: Clock,
  ) {}

  /** The console-made member whose key hashes to `keyHash` (the sign-in's directory). */
  async memberOf(keyHash: string): Promise<Actor | null> {
    const key = await this.store.byHash(keyHash);
    return key ? { name: key.name, role: key.role } : null;
  }

  async list(): Promise<StaffListing[]> {
    const stored = await this.store.list();
    return [
      ...this.configured.map(({ name, role }) => ({ name, role, source: 'config' as const, created_at: null, created_by: null })),
      ...stored.map(({ name, role, createdAt, createdBy }) => ({ name, role, source: 'console' as const, created_at: createdAt, created_by: createdBy })),
    ];
  }

  /** Keeps a new member's key, as its hash (the door makes the key, shows it once and forgets it). */
  async create(name: string, role: StaffRole, keyHash: string, actor: Actor): Promise<void> {
    // Taken as it looks: "Ghost" beside "ghost", or "Nаomi" (Cyrillic а) beside "Naomi", is refused.
    if (this.configured.some((member) => staffNameKey(member.name) === staffNameKey(name))) throw taken();
    const outcome = await this.store.add({ name, role, keyHash, createdAt: toUnixSeconds(this.clock()), createdBy: actor.name });
    if (outcome === 'taken') throw taken();
    if (outcome === 'full') throw new AppError('VALIDATION_FAILED', { details: [{ field: 'name', message: `at most ${MAX_STORED_STAFF_KEYS} console keys; revoke one first` }] });
    await this.audit.record(actor, 'staff.create', `${role} ${quoted(name)}`);
  }

  /** Revokes a console-made key; false when there is none of that name (config keys change only in the config). */
  async revoke(name: string, actor: Actor): Promise<boolean> {
    if (!(await this.store.remove(name))) return false;
    await this.audit.record(actor, 'staff.revoke', quoted(name));
    return true;
  }
}

const taken = () => new AppError('VALIDATION_FAILED', { details: [{ field: 'name', message: 'is taken by another staff member' }] });
