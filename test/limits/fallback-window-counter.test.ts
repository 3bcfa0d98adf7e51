import { describe, expect, it } from 'vitest';
import { withLocalFallback } from '../../src/limits/fallback-window-counter.js';
import { Budget } from '../../src/limits/rate-limit.js';
import { MemoryWindowCounter } from '../../src/store/memory/memory-window-counter.js';

describe('budgets while the store is away', () => {
  const now = () => 1_000_000;
  const setup = () => {
    const shared = new MemoryWindowCounter(60, 1000, now);
    const locals: MemoryWindowCounter[] = [];
    let away = false;
    const factory = withLocalFallback(
      () => shared,
      (_name, windowSeconds) => {
        const local = new MemoryWindowCounter(windowSeconds, 1000, now);
        locals.push(local);
        return local;
      },
      () => away,
    );
    const budget = new Budget({ limit: 3, windowSeconds: 60 }, factory('http', 60));
    return { shared, locals, budget, setAway: (value: boolean) => (away = value) };
  };

  it('counts in the node memory while away (the limit still holds), in the store again once it is back, the memory count dropped', async () => {
    const { shared, locals, budget, setAway } = setup();
    expect((await budget.spend('client')).remaining).toBe(2);
    setAway(true);
    const away = [];
    for (let i = 0; i < 4; i++) away.push(budget.spendNow('client'));
    // Synchronous while away (the edge answers in the uWS callback), counted from 0 on this node.
    expect(away.map((d) => [d?.allowed, d?.remaining])).toEqual([
      [true, 2],
      [true, 1],
      [true, 0],
      [false, 0],
    ]);
    expect((await shared.peek('client')).count).toBe(1);
    setAway(false);
    expect((await budget.spend('client')).remaining).toBe(1);
    setAway(true);
    expect(budget.spendNow('client')?.remaining).toBe(2);
    expect(locals).toHaveLength(2);
  });

  it('leaves a counter in this process synchronous while the store answers', () => {
    const { budget } = setup();
    expect(budget.spendNow('client')).toMatchObject({ allowed: true, remaining: 2 });
  });
});
