import type { ProgrammeItems } from '../config/programme-rules.js';
import { occurrenceOf } from './schedule-service.js';

// The programme's byte bounds (issue 26, finding 5): the counts and text lengths of the config
// file's schemas bound each item, these bound the whole, so the store's value, GET
// /api/mobile/schedule and every `schedule:updated` (kept in the live event history) stay small
// whatever staff type.

/** The stored programme, as JSON (UTF-8 bytes). */
export const PROGRAMME_MAX_BYTES = 128 * 1024;
/** A `schedule:updated` payload, and so the schedule answer (a part of it), at most (UTF-8 bytes). */
export const SCHEDULE_UPDATED_MAX_BYTES = 256 * 1024;

/** The widest Unix seconds a date gives (11 digits), so the estimate never falls short. */
const WIDEST_SECONDS = 99_999_999_999;
/** The widest IANA zone name the schedule names. */
const WIDEST_ZONE = 'x'.repeat(64);
const bytesOf = (value: unknown) => Buffer.byteLength(JSON.stringify(value));

/**
 * The most bytes a `schedule:updated` of this programme can take at any time: the shows and
 * playlists whole, each weekly show's occurrences in the 7 days ahead (its days, plus the one on
 * air), each event once, and `current` as large as the largest occurrence.
 */
export function scheduleUpdatedBytesAtMost(programme: ProgrammeItems): number {
  let occurrences = 0;
  let largest = 0;
  for (const [item, type, count] of [...programme.shows.map((s) => [s, 'show', s.days.length + 1] as const), ...programme.events.map((e) => [e, 'event', 1] as const)]) {
    const one = bytesOf(occurrenceOf(item, type, WIDEST_SECONDS, WIDEST_SECONDS)) + 1; // and its comma
    occurrences += one * count;
    largest = Math.max(largest, one);
  }
  const frame = bytesOf({
    revision: WIDEST_SECONDS,
    updated_at: WIDEST_SECONDS,
    schedule: { timezone: WIDEST_ZONE, current: null, shows: programme.shows, upcoming: [] },
    playlists: programme.playlists,
  });
  return frame + occurrences + largest;
}

/** The first byte bound this programme breaks, as `[field, message]`, or null. */
export function programmeSizeProblem(programme: ProgrammeItems): [string, string] | null {
  const stored = bytesOf({ shows: programme.shows, events: programme.events, playlists: programme.playlists });
  if (stored > PROGRAMME_MAX_BYTES) return ['programme', `would take ${stored} bytes; at most ${PROGRAMME_MAX_BYTES} (shorter descriptions, or fewer items)`];
  const update = scheduleUpdatedBytesAtMost(programme);
  if (update > SCHEDULE_UPDATED_MAX_BYTES)
    return ['programme', `its schedule would take up to ${update} bytes; at most ${SCHEDULE_UPDATED_MAX_BYTES} (shorter titles and hosts, or fewer weekly airings)`];
  return null;
}
