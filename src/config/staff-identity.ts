import { Type, type Static } from '@sinclair/typebox';

// Who staff are, in one place below every layer: the roles and how a key is kept. The
// configuration's schema, the edge's key check, the domain's shapes and the console pages all
// read them here. Only TypeBox is imported: the web pages type-check this file.

/**
 * What a staff member may do: a moderator the chat and the request queue, an admin everything,
 * and `automation` (a playout system's key, often kept in a plain config file or a URL) only push
 * the track it starts: nothing else, so a leaked playout key cannot moderate or read anything.
 */
export const StaffRoleSchema = Type.Union([Type.Literal('moderator'), Type.Literal('admin'), Type.Literal('automation')]);
export type StaffRole = Static<typeof StaffRoleSchema>;

/** The name `ADMIN_API_KEY` signs in under: the station's first admin. */
export const FIRST_ADMIN_NAME = 'admin';

/** How a staff key is kept: `sha256:` and the hex SHA-256 of the key (what `staff[].keyHash` holds and scripts/staff-key.mjs prints). */
export const KEY_HASH_PREFIX = 'sha256:';
export const KEY_HASH_PATTERN = `^${KEY_HASH_PREFIX}[0-9a-f]{64}$`;
