import type { OneOffEvent, Playlist, WeeklyShow } from '../config/schema.js';

/** The programme as stored: what staff edit, with the revision every edit raises. */
export interface Programme {
  shows: WeeklyShow[];
  events: OneOffEvent[];
  playlists: Playlist[];
  /** 1 when seeded from the config file; each edit adds one. */
  revision: number;
  /** Unix seconds of the last change (the seed included). */
  updated_at: number;
}
