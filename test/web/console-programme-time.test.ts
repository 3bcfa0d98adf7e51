import { describe, expect, it } from 'vitest';
import { eventOverlaps, showOverlaps } from '../../web/src/console/programme-overlaps.js';
import { zonedFields, zonedIso } from '../../web/src/console/station-zone.js';

// The editor's own arithmetic (issue 32): date and time fields in the station's zone ⇄ the ISO
// instants the API stores, across DST changes; and which shows or events a new one overlaps.

describe("the console's date and time fields in the station's zone", () => {
  it('writes a wall time with the offset it has that day, and reads it back the same', () => {
    expect(zonedIso('2026-12-24', '22:00', 'Europe/Madrid')).toBe('2026-12-24T22:00:00+01:00');
    expect(zonedIso('2026-07-01', '22:00', 'Europe/Madrid')).toBe('2026-07-01T22:00:00+02:00');
    expect(zonedIso('2026-07-01', '09:30', 'America/New_York')).toBe('2026-07-01T09:30:00-04:00');
    expect(zonedIso('2026-07-01', '09:30', 'Asia/Kolkata')).toBe('2026-07-01T09:30:00+05:30');
    expect(zonedFields('2026-12-24T21:00:00Z', 'Europe/Madrid')).toEqual({ date: '2026-12-24', time: '22:00' });
    expect(zonedFields(zonedIso('2026-03-29', '01:30', 'Europe/Madrid'), 'Europe/Madrid')).toEqual({ date: '2026-03-29', time: '01:30' });
  });

  it('moves a time the spring-forward night skips to after the jump, and keeps one of the repeated hour', () => {
    // Madrid, 29 March 2026: 02:00 → 03:00.
    expect(zonedIso('2026-03-29', '02:30', 'Europe/Madrid')).toBe('2026-03-29T03:30:00+02:00');
    // 25 October 2026: 02:00–03:00 happens twice; either reading is that wall time.
    expect(['2026-10-25T02:30:00+02:00', '2026-10-25T02:30:00+01:00']).toContain(zonedIso('2026-10-25', '02:30', 'Europe/Madrid'));
  });
});

describe('overlap warnings', () => {
  const shows = [
    { id: 'praise', title: 'Morning Praise', days: ['mon', 'wed'], start: '06:00', end: '09:00' },
    { id: 'late', title: 'Late Night', days: ['sun'], start: '23:00', end: '01:00' },
  ];
  it('names the shows a weekly show shares air time with, overnight and round the week included', () => {
    expect(showOverlaps({ id: 'new', days: ['mon'], start: '08:30', end: '10:00' }, shows).map((s) => s.title)).toEqual(['Morning Praise']);
    expect(showOverlaps({ id: 'new', days: ['mon'], start: '00:30', end: '02:00' }, shows).map((s) => s.title)).toEqual(['Late Night']);
    expect(showOverlaps({ id: 'new', days: ['tue'], start: '06:00', end: '09:00' }, shows)).toEqual([]);
    expect(showOverlaps({ id: 'new', days: ['mon'], start: '09:00', end: '10:00' }, shows)).toEqual([]);
    // A show is never its own overlap.
    expect(showOverlaps({ id: 'praise', days: ['mon'], start: '06:00', end: '09:00' }, shows)).toEqual([]);
  });
  it('names the one-off events whose time an event shares', () => {
    const events = [{ id: 'vigil', title: 'Vigil', start: '2026-12-24T22:00:00+01:00', end: '2026-12-25T01:00:00+01:00' }];
    expect(eventOverlaps({ id: 'mass', start: '2026-12-25T00:00:00+01:00', end: '2026-12-25T02:00:00+01:00' }, events).map((e) => e.title)).toEqual(['Vigil']);
    expect(eventOverlaps({ id: 'mass', start: '2026-12-25T01:00:00+01:00', end: '2026-12-25T02:00:00+01:00' }, events)).toEqual([]);
  });
});
