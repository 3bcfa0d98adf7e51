import { staffNameKey } from '../../config/staff-keys.js';
import { MAX_STORED_STAFF_KEYS, type StaffKeyStore, type StoredStaffKey } from '../../station/ports.js';

/** Console-made staff keys of this one process, by name and by hash. */
export class MemoryStaffKeys implements StaffKeyStore {
  private readonly byName = new Map<string, StoredStaffKey>();
  private readonly hashes = new Map<string, StoredStaffKey>();

  async add(key: StoredStaffKey): Promise<'added' | 'taken' | 'full'> {
    const nameKey = staffNameKey(key.name);
    if ([...this.byName.keys()].some((name) => staffNameKey(name) === nameKey)) return 'taken';
    if (this.byName.size >= MAX_STORED_STAFF_KEYS) return 'full';
    this.byName.set(key.name, { ...key });
    this.hashes.set(key.keyHash, { ...key });
    return 'added';
  }

  async byHash(keyHash: string): Promise<StoredStaffKey | null> {
    const key = this.hashes.get(keyHash);
    return key ? { ...key } : null;
  }

  async list(): Promise<StoredStaffKey[]> {
    return [...this.byName.values()].map((key) => ({ ...key }));
  }

  async remove(name: string): Promise<boolean> {
    const key = this.byName.get(name);
    if (!key) return false;
    this.byName.delete(name);
    this.hashes.delete(key.keyHash);
    return true;
  }
}
