import type { OneOffEvent, Playlist, WeeklyShow } from '../config/schema.js';

/** The programme as stored: what staff edit, with the lineage and revision every edit moves on. */
export interface Programme {
  shows: WeeklyShow[];
  events: OneOffEvent[];
  playlists: Playlist[];
  /**
   * The lineage: a random id written when a store is first seeded. Revisions compare only within
   * one generation (a store that lost its data and was seeded again starts a new one at 1).
   */
  generation: string;
  /** 1 when seeded; each edit adds one. */
  revision: number;
  /** Unix seconds of the last change (the seed included). */
  updated_at: number;
  /**
   * The staff member (their name) whose edit made this revision; absent for a revision no one
   * edited (the config file's seed, or a node writing its copy back). Stored with the revision, in
   * the same write, so a refused stale save can name who saved over it.
   */
  updated_by?: string;
  /**
   * Generations this programme was written back over (newest last, at most PROGRAMME_SUPERSEDED_KEPT):
   * a node holding one of them adopts this programme instead of writing its own back.
   */
  supersedes: string[];
}

/** Where a stored programme stands: its lineage and revision (null: the store holds none). */
export interface ProgrammeVersion {
  generation: string;
  revision: number;
}

/** How many superseded generations a programme remembers (each written back once; a handful at most in practice). */
export const PROGRAMME_SUPERSEDED_KEPT = 16;

export const versionOf = (programme: Programme | null): ProgrammeVersion | null => programme && { generation: programme.generation, revision: programme.revision };

/**
 * The programme's validator: its generation and revision, as an HTTP entity tag (ETag). The
 * generation is base64url, so the tag needs no escaping.
 */
export const programmeTag = (version: ProgrammeVersion): string => `"${version.generation}.${version.revision}"`;
