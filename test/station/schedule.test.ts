import { describe, expect, it } from 'vitest';
import type { OneOffEvent, WeeklyShow } from '../../src/config/schema.js';
import { ScheduleService } from '../../src/station/schedule-service.js';

const show = (id: string, days: WeeklyShow['days'], start: string, end: string): WeeklyShow => ({ id, title: id, days, start, end });
const utc = (iso: string) => Date.parse(iso) / 1000;
const scheduleAt = (iso: string, shows: WeeklyShow[], events: OneOffEvent[] = []) =>
  new ScheduleService({ timezone: 'America/Chicago', programme: () => ({ shows, events }) }, () => Date.parse(iso)).schedule();

describe('weekly shows in the station time zone', () => {
  it('keeps local wall-clock times across the autumn DST change', () => {
    // Chicago leaves daylight time on Sunday 2026-11-01 at 02:00 (UTC-5 → UTC-6)
    const { upcoming } = scheduleAt('2026-10-29T12:00:00Z', [show('morning', ['fri', 'mon'], '06:00', '09:00')]);
    expect(upcoming.map((o) => [o.starts_at, o.ends_at])).toEqual([
      [utc('2026-10-30T11:00:00Z'), utc('2026-10-30T14:00:00Z')], // Friday 06:00 CDT
      [utc('2026-11-02T12:00:00Z'), utc('2026-11-02T15:00:00Z')], // Monday 06:00 CST
    ]);
  });

  it('gives a show across midnight on the DST night its real length (5 h, not 4)', () => {
    const { upcoming } = scheduleAt('2026-10-31T12:00:00Z', [show('night', ['sat'], '22:00', '02:00')]);
    expect(upcoming[0]).toMatchObject({ starts_at: utc('2026-11-01T03:00:00Z'), ends_at: utc('2026-11-01T08:00:00Z') });
  });

  it('moves a start that spring-forward skips to the instant the clock jumps', () => {
    // 2026-03-08 02:00 CST jumps to 03:00 CDT: 02:30 does not exist that night, 03:00 CDT is the first instant after it
    const { upcoming } = scheduleAt('2026-03-07T12:00:00Z', [show('early', ['sun'], '02:30', '04:00')]);
    expect(upcoming[0]).toMatchObject({ starts_at: utc('2026-03-08T08:00:00Z'), ends_at: utc('2026-03-08T09:00:00Z') });
  });

  it('gives a show 02:30–03:15 on the spring-forward night 15 minutes (03:00–03:15), not −15 (issue 26)', () => {
    const { upcoming } = scheduleAt('2026-03-07T12:00:00Z', [show('vigil', ['sun'], '02:30', '03:15')]);
    expect(upcoming[0]).toMatchObject({ starts_at: utc('2026-03-08T08:00:00Z'), ends_at: utc('2026-03-08T08:15:00Z') });
    // The next Sunday it is 45 minutes again.
    expect(upcoming).toHaveLength(1);
    const later = scheduleAt('2026-03-10T12:00:00Z', [show('vigil', ['sun'], '02:30', '03:15')]).upcoming[0]!;
    expect(later.ends_at - later.starts_at).toBe(45 * 60);
  });

  it('leaves out a show wholly inside the skipped hour that night', () => {
    const { upcoming } = scheduleAt('2026-03-07T12:00:00Z', [show('gap', ['sun', 'mon'], '02:10', '02:50')]);
    expect(upcoming.map((o) => o.starts_at)).toEqual([utc('2026-03-09T07:10:00Z')]); // Monday 02:10 CDT only
  });

  it('never yields an occurrence that ends before it starts, in any zone, on any spring-forward night', () => {
    // Zones whose clocks jump at different hours and by 30 minutes (Lord Howe) or backwards-in-the-south.
    const nights = [
      ['America/Chicago', '2026-03-07T12:00:00Z'],
      ['Europe/Madrid', '2026-03-28T12:00:00Z'],
      ['Australia/Lord_Howe', '2026-10-03T00:00:00Z'],
      ['America/Santiago', '2026-09-05T12:00:00Z'],
    ] as const;
    const times = Array.from({ length: 24 * 4 }, (_, i) => `${String(Math.floor(i / 4)).padStart(2, '0')}:${String((i % 4) * 15).padStart(2, '0')}`);
    for (const [timezone, iso] of nights) {
      const shows = times.flatMap((start, i) => [show(`s${i}`, ['sat', 'sun'], start, times[(i + 3) % times.length]!)]);
      const { upcoming } = new ScheduleService({ timezone, programme: () => ({ shows, events: [] }) }, () => Date.parse(iso)).schedule();
      const broken = upcoming.filter((o) => o.ends_at <= o.starts_at);
      expect(broken, timezone).toEqual([]);
    }
  });

  it('reports the show on air as current, even one that began yesterday', () => {
    // Saturday 01:00 in Chicago: the Friday night show (22:00-02:00) is still on
    const result = scheduleAt('2026-06-06T06:00:00Z', [show('night', ['fri'], '22:00', '02:00'), show('noon', ['sat'], '12:00', '13:00')]);
    expect(result.current).toMatchObject({ id: 'night', starts_at: utc('2026-06-06T03:00:00Z'), ends_at: utc('2026-06-06T07:00:00Z') });
    expect(result.upcoming[0]).toMatchObject({ id: 'noon' });
  });

  it('covers exactly the next 7 days', () => {
    const { upcoming } = scheduleAt('2026-06-01T00:00:00Z', [show('daily', ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'], '08:00', '09:00')]);
    expect(upcoming).toHaveLength(7);
    expect(upcoming.every((o) => o.starts_at < utc('2026-06-08T00:00:00Z'))).toBe(true);
  });
});

describe('one-off events', () => {
  const event: OneOffEvent = { id: 'easter', title: 'Easter Sunrise Service', start: '2026-04-05T06:00:00-05:00', end: '2026-04-05T08:00:00-05:00' };

  it('are listed among the upcoming, marked as events', () => {
    const { upcoming } = scheduleAt('2026-04-01T12:00:00Z', [], [event]);
    expect(upcoming).toEqual([{ id: 'easter', title: 'Easter Sunrise Service', starts_at: utc('2026-04-05T11:00:00Z'), ends_at: utc('2026-04-05T13:00:00Z'), type: 'event' }]);
  });

  it('take precedence over the regular show they overlap', () => {
    const result = scheduleAt('2026-04-05T11:30:00Z', [show('sunday', ['sun'], '06:00', '09:00')], [event]);
    expect(result.current).toMatchObject({ id: 'easter', type: 'event' });
  });
});
