import { describe, expect, it } from 'vitest';
import { withLocalFallback } from '../../src/limits/fallback-window-counter.js';
import { Budget } from '../../src/limits/rate-limit.js';
import { MemoryWindowCounter } from '../../src/store/memory/memory-window-counter.js';

describe('budgets while the store is away', () => {
  let clock = 1_000_000;
  const now = () => clock;
  const setup = () => {
    clock = 1_000_000;
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
      now,
    );
    const budget = new Budget({ limit: 3, windowSeconds: 60 }, factory('http', 60));
    return { shared, locals, budget, setAway: (value: boolean) => (away = value) };
  };

  it('counts in the node memory while away (the limit still holds), in the store again once it is back', async () => {
    const { shared, budget, setAway } = setup();
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
    expect((await shared.peek('client')).count).toBe(2);
  });

  it('a second outage in the same window goes on counting where the first stopped: at most twice the budget in that window, not three times', async () => {
    const { budget, locals, setAway } = setup();
    const spendAll = async () => {
      let allowed = 0;
      for (let i = 0; i < 10; i++) if ((await budget.spend('client')).allowed) allowed += 1;
      return allowed;
    };
    setAway(true);
    const firstOutage = await spendAll();
    setAway(false);
    const between = await spendAll();
    clock += 30_000;
    setAway(true);
    const secondOutage = await spendAll();
    expect([firstOutage, between, secondOutage]).toEqual([3, 3, 0]);
    expect(locals).toHaveLength(1);
  });

  it('drops the memory count one window after it last counted, once the store is back (bounded memory; the next outage starts afresh)', async () => {
    const { budget, locals, setAway } = setup();
    setAway(true);
    expect((await budget.spend('client')).remaining).toBe(2);
    setAway(false);
    clock += 60_000;
    await budget.spend('client');
    setAway(true);
    expect((await budget.spend('client')).remaining).toBe(2);
    expect(locals).toHaveLength(2);
  });

  it('leaves a counter in this process synchronous while the store answers', () => {
    const { budget } = setup();
    expect(budget.spendNow('client')).toMatchObject({ allowed: true, remaining: 2 });
  });
});
