import { describe, expect, it } from 'vitest';
import { RefusalMemory } from '../../src/limits/refusal-memory.js';

describe('RefusalMemory', () => {
  it('keeps a refusal until its window resets, then forgets it', () => {
    let now = 1_000;
    const memory = new RefusalMemory(10, () => now);
    memory.remember('198.51.100.1', 2_500);
    expect(memory.refusedFor('198.51.100.1')).toBe(2_500);
    now += 2_000;
    expect(memory.refusedFor('198.51.100.1')).toBe(500);
    expect(memory.refusedFor('198.51.100.2')).toBeUndefined();
    now += 500;
    expect(memory.refusedFor('198.51.100.1')).toBeUndefined();
    expect(memory.size).toBe(0);
  });

  it('holds at most its capacity, dropping the oldest refusal first', () => {
    const memory = new RefusalMemory(3, () => 0);
    for (let i = 1; i <= 5; i++) memory.remember(`client-${i}`, 60_000);
    expect(memory.size).toBe(3);
    expect(memory.refusedFor('client-1')).toBeUndefined();
    expect(memory.refusedFor('client-2')).toBeUndefined();
    expect(memory.refusedFor('client-5')).toBe(60_000);
  });
});
