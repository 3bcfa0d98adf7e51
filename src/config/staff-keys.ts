import { createHash } from 'node:crypto';
import type { Config } from './schema.js';

/**
 * What the schema cannot say about `staff`: each name and each key once (the audit log names
 * people, and one key must mean one person), and no entry that is `ADMIN_API_KEY`'s first admin
 * (named `admin`) or its key. Null when the list is sound.
 */
export function staffProblem(staff: Config['staff'], adminApiKey: string | null): string | null {
  const names = new Set<string>(adminApiKey ? ['admin'] : []);
  const hashes = new Set<string>(adminApiKey ? [`sha256:${createHash('sha256').update(adminApiKey).digest('hex')}`] : []);
  for (const [i, member] of staff.entries()) {
    const name = member.name.toLowerCase();
    if (names.has(name)) return `staff.${i}.name: "${member.name}" is used twice${name === 'admin' && adminApiKey ? ' (ADMIN_API_KEY signs in as admin)' : ''}`;
    if (hashes.has(member.keyHash)) return `staff.${i}.keyHash: the same key is given twice (ADMIN_API_KEY included)`;
    names.add(name);
    hashes.add(member.keyHash);
  }
  return null;
}
