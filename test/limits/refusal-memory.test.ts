import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/load-config.js';
import { declaredBudgets } from '../../src/limits/budget-declarations.js';
import { Limits } from '../../src/limits/limits.js';
import { RefusalMemory } from '../../src/limits/refusal-memory.js';
import { MemoryWindowCounter } from '../../src/store/memory/memory-window-counter.js';

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

describe('the refusals a budget keeps', () => {
  // Only the edge reads refusals (`refusedNow`, on the routes whose handler spends the budget): a
  // memory of up to 10,000 refusals for every other budget would be kept for nothing.
  const limitsOf = () => {
    const config = loadConfig({}, { logLevel: 'silent', rateLimit: { mobile: { limit: 1, windowSeconds: 60 }, chat: { limit: 1, windowSeconds: 60 } } });
    const counters = (_name: string, windowSeconds: number) => new MemoryWindowCounter(windowSeconds, 1000, Date.now);
    return new Limits({ trustProxy: [], ipv6PrefixLength: 64, budgets: declaredBudgets(config) }, { shared: counters, local: counters });
  };

  it('are none for a budget whose refusals nothing reads', async () => {
    const chat = limitsOf().budget('chat');
    for (let i = 0; i < 3; i++) await chat.spend('198.51.100.7');
    expect((await chat.spend('198.51.100.7')).allowed).toBe(false);
    expect(chat.keptRefusals).toBe(0);
  });

  it('are kept from the first read on, for the budget that is read', async () => {
    const budget = limitsOf().budget('public');
    expect(budget.refusedNow('198.51.100.8')).toBeUndefined();
    await budget.spend('198.51.100.8');
    expect((await budget.spend('198.51.100.8')).allowed).toBe(false);
    expect(budget.keptRefusals).toBe(1);
    expect(budget.refusedNow('198.51.100.8')).toMatchObject({ allowed: false, remaining: 0 });
  });
});
