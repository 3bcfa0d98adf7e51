import { DateTime } from 'luxon';
import { AppError } from '../errors.js';
import type { Clock } from './clock.js';
import { dayRangeOf, type DayRange } from './day-range.js';
import { FIELD, hourField, LENGTH_BUCKETS, lengthField } from './audience-fields.js';
import type { DayAggregate, PlayAudience } from './audience-model.js';
import type { AudienceLog } from './ports.js';

/** The longest range a report covers: a year and a month, so a CSV stays bounded (reports are built from daily aggregates). */
export const MAX_REPORT_DAYS = 400;
const DEFAULT_REPORT_DAYS = 7;
/** `by=hour` only for short ranges: the console's 24-hour chart, a week at most. */
export const MAX_HOURLY_DAYS = 7;

export interface ReportSettings {
  timezone: string;
  /** `none`: nothing is recorded, and the reports say so. */
  level: 'full' | 'no_ip' | 'none';
  /** The station's name: NAME_OF_SERVICE of a SoundExchange report. */
  serviceName: string;
  /** SoundExchange's transmission category of the service (e.g. `A`). */
  transmissionCategory: string;
}

export interface DayFigures {
  date: string;
  sessions: number;
  unique_listeners: number;
  listener_hours: number;
  average_session_seconds: number | null;
  median_session_seconds: number | null;
  peak_listeners: number;
  /** Seconds on air when no listener list could be read: these figures miss them. */
  unknown_seconds: number;
}

export interface HourFigures {
  hour: string;
  sessions: number;
  listener_hours: number;
  peak_listeners: number;
}

interface Share {
  name: string;
  sessions: number;
}

const hours = (seconds: number) => Math.round((seconds / 3600) * 100) / 100;

/** The median of a length histogram (counts per LENGTH_BUCKETS bucket), interpolated within its bucket; null with no sessions. */
export function medianOf(counts: readonly number[]): number | null {
  const total = counts.reduce((sum, n) => sum + n, 0);
  if (total === 0) return null;
  let before = 0;
  for (const [i, count] of counts.entries()) {
    if (before + count >= total / 2 && count > 0) {
      const low = i === 0 ? 0 : LENGTH_BUCKETS[i - 1]!;
      const high = LENGTH_BUCKETS[i]!;
      if (!Number.isFinite(high)) return low;
      return Math.round(low + ((high - low) * (total / 2 - before)) / count);
    }
    before += count;
  }
  return null;
}

const histogramOf = (fields: Record<string, number>) => LENGTH_BUCKETS.map((_, i) => fields[lengthField(i)] ?? 0);

/**
 * The reports a station files and reads (admin): listeners per day or hour, players, countries
 * and sources, session lengths, and each play with its audience (the royalty reports). A range
 * is read from daily aggregates and the day's plays, never from single sessions, so its work is
 * bounded by its days (MAX_REPORT_DAYS).
 */
export class ListenerReports {
  constructor(
    private readonly log: AudienceLog,
    private readonly settings: ReportSettings,
    private readonly clock: Clock,
  ) {}

  range(from: string | undefined, to: string | undefined): DayRange {
    return dayRangeOf(from, to, { timezone: this.settings.timezone, clock: this.clock, maxDays: MAX_REPORT_DAYS, defaultDays: DEFAULT_REPORT_DAYS });
  }

  async listeners(from: string | undefined, to: string | undefined, by: 'day' | 'hour' = 'day') {
    const range = this.range(from, to);
    if (by === 'hour' && range.days > MAX_HOURLY_DAYS) {
      throw new AppError('VALIDATION_FAILED', { details: [{ field: 'by', message: `hours only for a range of at most ${MAX_HOURLY_DAYS} days` }] });
    }
    const aggregates = await this.aggregates(range);
    const sum = (field: string) => aggregates.reduce((total, { fields }) => total + (fields[field] ?? 0), 0);
    const histogram = LENGTH_BUCKETS.map((_, i) => sum(lengthField(i)));
    const ended = sum(FIELD.ended);
    return {
      from: range.start.toISODate()!,
      to: range.end.toISODate()!,
      timezone: this.settings.timezone,
      analytics_level: this.settings.level,
      days: aggregates.map((aggregate) => dayFigures(aggregate)),
      ...(by === 'hour' ? { hours: aggregates.flatMap((aggregate) => hourFigures(aggregate)) } : {}),
      range: {
        sessions: sum(FIELD.sessions),
        listener_hours: hours(sum(FIELD.listenerSeconds)),
        average_session_seconds: ended > 0 ? Math.round(sum(FIELD.endedSeconds) / ended) : null,
        median_session_seconds: medianOf(histogram),
        peak_listeners: Math.max(0, ...aggregates.map(({ fields }) => fields[FIELD.peak] ?? 0)),
        unknown_seconds: sum(FIELD.blindSeconds),
        players: sharesOf(aggregates, 'player:'),
        countries: sharesOf(aggregates, 'country:'),
        mounts: sharesOf(aggregates, 'mount:'),
        session_lengths: LENGTH_BUCKETS.map((upper, i) => ({ up_to_seconds: Number.isFinite(upper) ? upper : null, sessions: histogram[i]! })),
      },
    };
  }

  /** One row per day (the CSV), days without any figure included as zeros so the file has every day. */
  async listenerDays(from: string | undefined, to: string | undefined): Promise<DayFigures[]> {
    const range = this.range(from, to);
    const byDay = new Map((await this.aggregates(range)).map((aggregate) => [aggregate.day, aggregate]));
    const rows: DayFigures[] = [];
    for (let day = range.start; day <= range.end; day = day.plus({ days: 1 })) {
      const date = day.toISODate()!;
      rows.push(dayFigures(byDay.get(date) ?? { day: date, fields: {}, visitors: 0 }));
    }
    return rows;
  }

  /** Every play of the range with its audience, oldest first; `played_at` in the station's zone. */
  async plays(from: string | undefined, to: string | undefined): Promise<Array<PlayAudience & { playedAt: string }>> {
    const range = this.range(from, to);
    const plays = await this.log.plays(range.start.toISODate()!, range.end.toISODate()!);
    return plays.map((play) => ({ ...play, playedAt: DateTime.fromSeconds(play.startedAt, { zone: this.settings.timezone }).toISO({ suppressMilliseconds: true })! }));
  }

  /**
   * A SoundExchange report of use: one row per sound recording over the range, its actual total
   * performances (the distinct sessions that heard each play, summed). A recording is its ISRC;
   * without one, its artist, title, album and label.
   */
  async soundExchange(from: string | undefined, to: string | undefined) {
    const range = this.range(from, to);
    const rows = new Map<string, { artist: string; title: string; isrc: string; album: string; label: string; performances: number }>();
    for (const play of await this.log.plays(range.start.toISODate()!, range.end.toISODate()!)) {
      const key = play.isrc ? `isrc:${play.isrc.toUpperCase()}` : ['', play.artist, play.title, play.album, play.label].map((part) => part.trim().toLowerCase()).join('\u0000');
      const row = rows.get(key) ?? { artist: play.artist, title: play.title, isrc: play.isrc.toUpperCase(), album: play.album, label: play.label, performances: 0 };
      row.performances += play.sessions;
      rows.set(key, row);
    }
    return { serviceName: this.settings.serviceName, category: this.settings.transmissionCategory, recordings: [...rows.values()] };
  }

  private aggregates(range: DayRange): Promise<DayAggregate[]> {
    return this.log.days(range.start.toISODate()!, range.end.toISODate()!);
  }
}

function dayFigures({ day, fields, visitors }: DayAggregate): DayFigures {
  const ended = fields[FIELD.ended] ?? 0;
  return {
    date: day,
    sessions: fields[FIELD.sessions] ?? 0,
    unique_listeners: visitors,
    listener_hours: hours(fields[FIELD.listenerSeconds] ?? 0),
    average_session_seconds: ended > 0 ? Math.round((fields[FIELD.endedSeconds] ?? 0) / ended) : null,
    median_session_seconds: medianOf(histogramOf(fields)),
    peak_listeners: fields[FIELD.peak] ?? 0,
    unknown_seconds: fields[FIELD.blindSeconds] ?? 0,
  };
}

function hourFigures({ day, fields }: DayAggregate): HourFigures[] {
  return Array.from({ length: 24 }, (_, hour) => ({
    hour: `${day}T${String(hour).padStart(2, '0')}:00`,
    sessions: fields[hourField(hour, 'sessions')] ?? 0,
    listener_hours: hours(fields[hourField(hour, 'ls')] ?? 0),
    peak_listeners: fields[hourField(hour, 'peak')] ?? 0,
  }));
}

/** Sessions per player, country or source over the range, most first. */
function sharesOf(aggregates: readonly DayAggregate[], prefix: string): Share[] {
  const shares = new Map<string, number>();
  for (const { fields } of aggregates) {
    for (const [field, count] of Object.entries(fields)) if (field.startsWith(prefix)) shares.set(field.slice(prefix.length), (shares.get(field.slice(prefix.length)) ?? 0) + count);
  }
  return [...shares].map(([name, sessions]) => ({ name, sessions })).sort((a, b) => b.sessions - a.sessions || a.name.localeCompare(b.name));
}
