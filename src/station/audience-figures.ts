// The public stats' listening figures (/api/mobile/stats) from the reports' own aggregates, so
// the public figures and the reports tell one story where listener lists are read.

import { DateTime } from 'luxon';
import type { DayAggregate } from './audience-model.js';
import { FIELD, hourField } from './audience-fields.js';

/** What stats shows of listening when the audience data has it (see StationState.audience). */
export interface AudienceFigures {
  /** Listener-seconds heard over the days kept. */
  listenerSeconds: number;
  /** Seconds per ended session over the days kept; null before any session ended. */
  averageSeconds: number | null;
  /** One point per hour (its peak), the last `hoursKept` hours, oldest first. */
  history: Array<{ timestamp: number; listeners: number }>;
}

/**
 * The figures from the kept days' aggregates; null when no session was ever followed (no listener
 * lists read: the polled counts stay the public figures).
 */
export function figuresFrom(days: DayAggregate[], nowSeconds: number, timezone: string, hoursKept: number): AudienceFigures | null {
  const sum = (field: string) => days.reduce((total, day) => total + (day.fields[field] ?? 0), 0);
  if (sum(FIELD.sessions) === 0) return null;
  const ended = sum(FIELD.ended);
  const since = DateTime.fromSeconds(nowSeconds, { zone: timezone }).startOf('hour').toSeconds() - hoursKept * 3600;
  const history: AudienceFigures['history'] = [];
  for (const day of days) {
    const start = DateTime.fromISO(day.day, { zone: timezone });
    for (let hour = 0; hour < 24; hour += 1) {
      const peak = day.fields[hourField(hour, 'peak')];
      if (peak === undefined) continue;
      const timestamp = start.set({ hour }).toSeconds();
      if (timestamp > since && timestamp <= nowSeconds) history.push({ timestamp, listeners: peak });
    }
  }
  return {
    listenerSeconds: sum(FIELD.listenerSeconds),
    averageSeconds: ended > 0 ? Math.round(sum(FIELD.endedSeconds) / ended) : null,
    history: history.sort((a, b) => a.timestamp - b.timestamp),
  };
}
