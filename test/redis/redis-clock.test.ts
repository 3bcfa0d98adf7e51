import { describe, expect, it } from 'vitest';
import { RedisClock } from '../../src/redis/redis-clock.js';

/** This process's two clocks, set by hand: `step` moves the wall clock alone (NTP, a hand set). */
function handClocks(start: number) {
  let monotonic = start;
  let stepMs = 0;
  return {
    clocks: { wall: () => monotonic + stepMs, monotonic: () => monotonic },
    /** The wall time now, as a caller reads it (`Date.now()`) just before calling the clock. */
    wall: () => monotonic + stepMs,
    advance(ms: number) {
      monotonic += ms;
    },
    step(ms: number) {
      stepMs += ms;
    },
  };
}

describe('RedisClock', () => {
  it('sets no deadline before it has learned anything', () => {
    expect(new RedisClock().deadlineFor(1_000, 500, 100)).toBe('');
  });

  it('keeps the highest lower bound of the skew, so a deadline never falls later on Redis than the hub gives up', () => {
    const time = handClocks(100_040);
    const clock = new RedisClock(time.clocks);
    // Redis is 5 s ahead; its replies arrive 40 ms, then 2 ms after it read TIME.
    clock.observe(105_000, time.wall());
    time.advance(200_000 - 100_040);
    expect(clock.deadlineFor(time.wall(), 500, 100)).toBe(String(200_000 + 400 + 4_960));
    time.advance(101_002 - 200_000);
    clock.observe(106_000, time.wall());
    time.advance(200_000 - 101_002);
    expect(clock.deadlineFor(time.wall(), 500, 100)).toBe(String(200_000 + 400 + 4_998));
    // A slower reply (a busy loop) says less: the better bound stays.
    time.advance(102_300 - 200_000);
    clock.observe(107_000, time.wall());
    time.advance(200_000 - 102_300);
    expect(clock.deadlineFor(time.wall(), 500, 100)).toBe(String(200_000 + 400 + 4_998));
  });

  it('takes a newer sample once the best is a minute old (clocks drift)', () => {
    const time = handClocks(100_000);
    const clock = new RedisClock(time.clocks);
    clock.observe(105_000, time.wall());
    time.advance(60_001);
    clock.observe(164_990, time.wall());
    time.advance(200_000 - 160_001);
    expect(clock.deadlineFor(time.wall(), 500, 100)).toBe(String(200_000 + 400 + 4_989));
  });

  // A step of the hub's wall clock changes nothing on Redis: the deadline must stay where Redis's
  // clock will be when the hub gives up. Learned against the wall clock, a forward step left the
  // old, higher bound in place for a minute (deadlines that much late: none in effect), and a
  // backward step made deadlines early (posts refused as late that the hub still waited for).
  it.each([
    ['forward', 30_000],
    ['backward', -30_000],
  ])('keeps deadlines where they were across a %s step of the hub’s wall clock', (_direction, stepMs) => {
    const time = handClocks(100_000);
    const clock = new RedisClock(time.clocks);
    // Redis is 5 s ahead; its reply arrives 2 ms after it read TIME.
    clock.observe(104_998 + 2, time.wall());
    time.advance(1_000);
    const before = clock.deadlineFor(time.wall(), 500, 100);
    expect(before).toBe(String(101_000 + 5_000 + 400));
    time.step(stepMs);
    expect(clock.deadlineFor(time.wall(), 500, 100)).toBe(before);
    // Samples after the step still say the same skew (Redis's clock did not move).
    clock.observe(106_000 - 2, time.wall());
    expect(clock.deadlineFor(time.wall(), 500, 100)).toBe(before);
  });
});
