import { lookAlikeSkeleton } from '../validation/look-alike-skeleton.js';
import type { Config } from './schema.js';
import { FIRST_ADMIN_NAME } from './staff-identity.js';
import { keyHashOf } from './staff-key-hash.js';

/**
 * What makes two staff names the same person to a reader: their look-alike skeleton, the one bans
 * use on nicknames (case-folded, confusables mapped, accents and separators dropped), so "Ghost"
 * and "ghost", or "Nаomi" (Cyrillic а) and "Naomi", cannot both be staff. Config and console
 * names are compared by it.
 */
export const staffNameKey = (name: string): string => lookAlikeSkeleton(name);

/**
 * What the schema cannot say about `staff`: each name (by staffNameKey) and each key once (the
 * audit log names people, and one key must mean one person), and no entry that is `ADMIN_API_KEY`'s first admin
 * (named `admin`) or its key. Null when the list is sound.
 */
export function staffProblem(staff: Config['staff'], adminApiKey: string | null): string | null {
  const names = new Set<string>(adminApiKey ? [staffNameKey(FIRST_ADMIN_NAME)] : []);
  const hashes = new Set<string>(adminApiKey ? [keyHashOf(adminApiKey)] : []);
  for (const [i, member] of staff.entries()) {
    const name = staffNameKey(member.name);
    if (names.has(name))
      return `staff.${i}.name: ${JSON.stringify(member.name)} is used twice (names are compared as they look: letter case, look-alike letters, accents and separators aside)${name === staffNameKey(FIRST_ADMIN_NAME) && adminApiKey ? ' (ADMIN_API_KEY signs in as admin)' : ''}`;
    if (hashes.has(member.keyHash)) return `staff.${i}.keyHash: the same key is given twice (ADMIN_API_KEY included)`;
    names.add(name);
    hashes.add(member.keyHash);
  }
  return null;
}
