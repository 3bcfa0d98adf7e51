import { describe, expect, it } from 'vitest';
import { RedisClock } from '../../src/redis/redis-clock.js';

describe('RedisClock', () => {
  it('sets no deadline before it has learned anything', () => {
    expect(new RedisClock().deadlineFor(1_000, 500, 100)).toBe('');
  });

  it('keeps the highest lower bound of the skew, so a deadline never falls later on Redis than the hub gives up', () => {
    const clock = new RedisClock();
    // Redis is 5 s ahead; its replies arrive 40 ms, then 2 ms after it read TIME.
    clock.observe(105_000, 100_040);
    expect(clock.deadlineFor(200_000, 500, 100)).toBe(String(200_000 + 400 + 4_960));
    clock.observe(106_000, 101_002);
    expect(clock.deadlineFor(200_000, 500, 100)).toBe(String(200_000 + 400 + 4_998));
    // A slower reply (a busy loop) says less: the better bound stays.
    clock.observe(107_000, 102_300);
    expect(clock.deadlineFor(200_000, 500, 100)).toBe(String(200_000 + 400 + 4_998));
  });

  it('takes a newer sample once the best is a minute old (clocks drift)', () => {
    const clock = new RedisClock();
    clock.observe(105_000, 100_000);
    clock.observe(164_990, 160_001);
    expect(clock.deadlineFor(200_000, 500, 100)).toBe(String(200_000 + 400 + 4_989));
  });
});
