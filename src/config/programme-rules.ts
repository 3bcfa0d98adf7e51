import { DateTime } from 'luxon';
import type { OneOffEvent, Playlist, WeeklyShow } from './schema.js';

// What JSON Schema cannot say about the programme, in one home: the config file's check at start
// and the live edits (station/programme-service.ts) both apply it.

/** Items of each kind a programme may hold (the byte bounds are station/programme-size.ts's). */
export const PROGRAMME_MAX_ITEMS = 200;

export interface ProgrammeItems {
  shows: readonly WeeklyShow[];
  events: readonly OneOffEvent[];
  playlists: readonly Playlist[];
}

/** The first broken rule as `[field, message]` (field relative to the programme, e.g. `shows.2.end`), or null. */
export function programmeProblem(programme: ProgrammeItems): [string, string] | null {
  for (const [kind, items] of [
    ['shows', programme.shows],
    ['events', programme.events],
    ['playlists', programme.playlists],
  ] as const) {
    if (items.length > PROGRAMME_MAX_ITEMS) return [kind, `at most ${PROGRAMME_MAX_ITEMS} ${kind}`];
    const ids = new Set<string>();
    for (const [i, item] of items.entries()) {
      if (ids.has(item.id)) return [`${kind}.${i}.id`, `"${item.id}" is used twice`];
      ids.add(item.id);
    }
  }
  for (const [i, show] of programme.shows.entries()) if (show.start === show.end) return [`shows.${i}.end`, 'must differ from start'];
  for (const [i, event] of programme.events.entries()) {
    if (!(DateTime.fromISO(event.end) > DateTime.fromISO(event.start))) return [`events.${i}.end`, 'must be after start'];
  }
  return null;
}
