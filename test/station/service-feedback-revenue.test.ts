import { describe, expect, it } from 'vitest';
import { unreachable } from '../../src/station/stream-snapshot.js';
import { onAir, serviceWorld } from '../support/service-world.js';

describe('FeedbackService with a fake clock', () => {
  it('attaches a song rating to the song on air, and the ranking moves after the next poll', async () => {
    const world = serviceWorld();
    await world.station.applySnapshot(onAir('Choir', 'Amazing Grace'));
    world.advance(200);
    await world.station.applySnapshot(onAir('Choir', 'Zion Song'));
    const before = (await world.station.state()).mostPopular.map((p) => p.song.title);
    // One play each: ties go by "Artist - Title".
    expect(before).toEqual(['Amazing Grace', 'Zion Song']);

    world.advance(30);
    const rating = await world.feedback.submit({ type: 'song_rating', rating: 5 });
    expect(rating).toMatchObject({ rating: 5, content: null, song: { text: 'Choir - Zion Song' }, created_at: world.now / 1000 });
    expect((await world.station.state()).mostPopular.map((p) => p.song.title)).toEqual(before);

    world.advance(10);
    const state = await world.station.applySnapshot(onAir('Choir', 'Zion Song'));
    expect(state.mostPopular[0]).toMatchObject({ song: { title: 'Zion Song' }, plays: 1, average_rating: 5 });
  });

  it('keeps a rating with nothing on air, attached to no song', async () => {
    const world = serviceWorld();
    const rating = await world.feedback.submit({ type: 'song_rating', rating: 1 });
    expect(rating.song).toBeNull();
    expect(await world.feedback.recent(10)).toEqual([rating]);
  });

  it('attaches no song to a rating sent while the station is off air (the last song is stale)', async () => {
    const world = serviceWorld();
    await world.station.applySnapshot(onAir('Choir', 'Amazing Grace'));
    world.advance(60);
    await world.station.applySnapshot(unreachable('timeout'));
    await world.station.applySnapshot(unreachable('timeout'));
    world.advance(5 * 3600);
    const rating = await world.feedback.submit({ type: 'song_rating', rating: 1 });
    expect(rating.song).toBeNull();
    // back on air: the ranking counts no rating for the song that played five hours ago
    const state = await world.station.applySnapshot(onAir('Choir', 'Zion Song'));
    expect(state.mostPopular.find((p) => p.song.title === 'Amazing Grace')).toMatchObject({ average_rating: null });
  });

  it('attaches no song to other feedback and lists the newest first', async () => {
    const world = serviceWorld();
    await world.station.applySnapshot(onAir('Choir', 'Amazing Grace'));
    const bug = await world.feedback.submit({ type: 'bug_report', content: 'The app froze' });
    world.advance(1);
    const idea = await world.feedback.submit({ type: 'feature_request', content: '' });
    expect(bug.song).toBeNull();
    expect(idea.content).toBeNull();
    expect(await world.feedback.recent(10)).toEqual([idea, bug]);
  });
});

describe('RevenueService with a fake clock', () => {
  const donation = { event_id: 'evt-1', type: 'donation' as const, amount: 25, currency: 'USD' };

  it('records an event once by event_id and answers a repeat with the first', async () => {
    const world = serviceWorld();
    const first = await world.revenue.record(donation, undefined);
    expect(first).toMatchObject({ created: true, event: { id: 'evt-1', amount: 25, occurred_at: world.now / 1000, recorded_at: world.now / 1000 } });
    world.advance(60);
    expect(await world.revenue.record(donation, undefined)).toEqual({ created: false, event: first.event });
    await expect(world.revenue.record({ ...donation, amount: 30 }, undefined)).rejects.toMatchObject({ code: 'IDEMPOTENCY_CONFLICT' });
    const { totals } = await world.revenue.summary(undefined, undefined);
    expect(totals).toEqual([{ currency: 'USD', amount: 25, count: 1 }]);
  });

  it('uses the Idempotency-Key when there is no event_id', async () => {
    const world = serviceWorld();
    const body = { type: 'donation' as const, amount: 10, currency: 'EUR' };
    const first = await world.revenue.record(body, 'key-1');
    expect(await world.revenue.record(body, 'key-1')).toEqual({ created: false, event: first.event });
    expect((await world.revenue.record(body, 'key-2')).created).toBe(true);
    expect((await world.revenue.summary(undefined, undefined)).totals).toEqual([{ currency: 'EUR', amount: 20, count: 2 }]);
  });

  it('sums by day in the station zone: 03:00 UTC on 2 June is still 1 June in Chicago', async () => {
    const world = serviceWorld();
    world.now = Date.parse('2026-06-03T12:00:00Z');
    await world.revenue.record({ ...donation, event_id: 'late', occurred_at: '2026-06-02T03:00:00Z' }, undefined);
    await world.revenue.record({ ...donation, event_id: 'next', amount: 5, occurred_at: '2026-06-02T06:00:00Z' }, undefined);
    await world.revenue.record({ ...donation, event_id: 'euro', currency: 'EUR', amount: 7, occurred_at: '2026-06-02T06:00:00Z' }, undefined);
    const summary = await world.revenue.summary('2026-06-01', '2026-06-02');
    expect(summary.days).toEqual([
      { date: '2026-06-01', currency: 'USD', amount: 25, count: 1, types: [{ type: 'donation', amount: 25, count: 1 }] },
      { date: '2026-06-02', currency: 'EUR', amount: 7, count: 1, types: [{ type: 'donation', amount: 7, count: 1 }] },
      { date: '2026-06-02', currency: 'USD', amount: 5, count: 1, types: [{ type: 'donation', amount: 5, count: 1 }] },
    ]);
    expect(summary.totals).toEqual([
      { currency: 'EUR', amount: 7, count: 1 },
      { currency: 'USD', amount: 30, count: 2 },
    ]);
    expect((await world.revenue.summary('2026-06-02', '2026-06-02')).totals).toEqual([
      { currency: 'EUR', amount: 7, count: 1 },
      { currency: 'USD', amount: 5, count: 1 },
    ]);
  });

  it('defaults to the 30 days ending today in the station zone', async () => {
    const world = serviceWorld();
    world.now = Date.parse('2026-06-02T03:00:00Z'); // 22:00 on 1 June in Chicago
    expect(await world.revenue.summary(undefined, undefined)).toMatchObject({ from: '2026-05-03', to: '2026-06-01', timezone: 'America/Chicago' });
  });

  it('refuses a range that is backwards or longer than 366 days', async () => {
    const world = serviceWorld();
    await expect(world.revenue.summary('2026-06-02', '2026-06-01')).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    await expect(world.revenue.summary('2025-01-01', '2026-06-01')).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    await expect(world.revenue.summary('yesterday', undefined)).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
  });
});
