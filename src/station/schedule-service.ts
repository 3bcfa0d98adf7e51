import { DateTime } from 'luxon';
import type { OneOffEvent, WeeklyShow } from '../config/schema.js';
import type { Clock } from './clock.js';
import type { Occurrence } from './shapes.js';

export interface ScheduleSettings {
  timezone: string;
  /** The shows and events now (the live programme: they change while the process runs). */
  programme: () => { readonly shows: readonly WeeklyShow[]; readonly events: readonly OneOffEvent[] };
}

const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
const UPCOMING_DAYS = 7;

/** The widest gap a zone's clock change has opened (hours): bounds the search for where a gap ends. */
const WIDEST_GAP_MINUTES = 24 * 60;

/**
 * The instant a spring-forward gap ends (03:00 local in New York), given luxon's reading of a wall
 * time inside it (the time as if the clock had not moved yet: 03:30 for 02:30). Found by halving
 * the minutes between the clock's old offset and its new one.
 */
function gapEnd(shifted: DateTime): DateTime {
  let before = shifted.minus({ minutes: WIDEST_GAP_MINUTES });
  let after = shifted;
  while (after.diff(before, 'minutes').minutes > 1) {
    const middle = before.plus({ minutes: Math.floor(after.diff(before, 'minutes').minutes / 2) });
    if (middle.offset === shifted.offset) after = middle;
    else before = middle;
  }
  return after.startOf('minute');
}

const at = (date: DateTime, hhmm: string) => {
  const [hour, minute] = hhmm.split(':').map(Number);
  // Wall-clock time in the station's zone: across a DST change "06:00" stays 06:00 local.
  const local = DateTime.fromObject({ year: date.year, month: date.month, day: date.day, hour, minute }, { zone: date.zone });
  // A time the spring-forward night skips (02:30 in New York) is the instant the clock jumps (03:00),
  // as cron-driven playout starts it, so a show 02:30–03:15 airs 03:00–03:15 that night.
  return local.hour === hour && local.minute === minute ? local : gapEnd(local);
};

/**
 * One dated occurrence. A weekly show's carries no description: the show in `shows` has it, and
 * repeating it on each of the week's occurrences made the schedule (and every `schedule:updated`)
 * grow with shows × days × description (issue 26). An event occurs once and keeps its own.
 */
export function occurrenceOf(item: WeeklyShow | OneOffEvent, type: Occurrence['type'], startsAt: number, endsAt: number): Occurrence {
  return {
    id: item.id,
    title: item.title,
    ...(item.host !== undefined ? { host: item.host } : {}),
    ...(type === 'event' && item.description !== undefined ? { description: item.description } : {}),
    starts_at: startsAt,
    ends_at: endsAt,
    type,
  };
}

/** Turns weekly shows (local times in the station's zone) and one-off events into dated occurrences. */
export class ScheduleService {
  constructor(
    private readonly settings: ScheduleSettings,
    private readonly clock: Clock,
  ) {}

  schedule() {
    const nowMs = this.clock();
    const { shows, events } = this.settings.programme();
    const horizonMs = nowMs + UPCOMING_DAYS * 86_400_000;
    const occurrences = [...this.weeklyOccurrences(nowMs, shows), ...this.eventOccurrences(events)]
      .filter((o) => o.ends_at * 1000 > nowMs && o.starts_at * 1000 < horizonMs)
      .sort((a, b) => a.starts_at - b.starts_at || a.title.localeCompare(b.title));
    // A one-off event overrides the regular show it overlaps.
    const onAir = occurrences.filter((o) => o.starts_at * 1000 <= nowMs);
    const current = onAir.find((o) => o.type === 'event') ?? onAir[0] ?? null;
    return {
      timezone: this.settings.timezone,
      current,
      shows: [...shows],
      upcoming: occurrences.filter((o) => o.starts_at * 1000 > nowMs),
    };
  }

  private *weeklyOccurrences(nowMs: number, shows: readonly WeeklyShow[]): Generator<Occurrence> {
    const today = DateTime.fromMillis(nowMs, { zone: this.settings.timezone }).startOf('day');
    // From yesterday (a show running past midnight may still be on) to a week ahead.
    for (let offset = -1; offset <= UPCOMING_DAYS; offset++) {
      const day = today.plus({ days: offset });
      const weekday = WEEKDAYS[day.weekday - 1]!;
      for (const show of shows) {
        if (!show.days.includes(weekday)) continue;
        const start = at(day, show.start);
        const end = show.end > show.start ? at(day, show.end) : at(day.plus({ days: 1 }), show.end);
        // Wholly inside a skipped hour (02:10–02:50 on the spring-forward night): it does not air.
        if (end <= start) continue;
        yield occurrenceOf(show, 'show', Math.floor(start.toSeconds()), Math.floor(end.toSeconds()));
      }
    }
  }

  private *eventOccurrences(events: readonly OneOffEvent[]): Generator<Occurrence> {
    for (const event of events) {
      const start = DateTime.fromISO(event.start, { zone: this.settings.timezone });
      const end = DateTime.fromISO(event.end, { zone: this.settings.timezone });
      yield occurrenceOf(event, 'event', Math.floor(start.toSeconds()), Math.floor(end.toSeconds()));
    }
  }
}
