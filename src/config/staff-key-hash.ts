import { createHash, randomBytes } from 'node:crypto';
import { KEY_HASH_PREFIX } from './staff-identity.js';

// Staff keys made and hashed (the format is config/staff-identity.ts's): the configuration's
// check, the edge's sign-in and the console's new keys write and read a kept key hash only here.

/** The SHA-256 digest of a key, as bytes (what the sign-in compares in constant time). */
export const keyDigest = (key: string): Buffer => createHash('sha256').update(key).digest();

/** A digest written as a kept key hash. */
export const keyHashOfDigest = (digest: Buffer): string => `${KEY_HASH_PREFIX}${digest.toString('hex')}`;

/** A key's kept hash. */
export const keyHashOf = (key: string): string => keyHashOfDigest(keyDigest(key));

/** The digest a kept key hash (`KEY_HASH_PATTERN`) holds. */
export const digestOfKeyHash = (keyHash: string): Buffer => Buffer.from(keyHash.slice(KEY_HASH_PREFIX.length), 'hex');

/** A new staff key: 256 random bits, URL-safe (as scripts/staff-key.mjs makes them). */
export const newStaffKey = (): string => randomBytes(32).toString('base64url');
