import { describe, expect, it } from 'vitest';
import type { LiveEventLog, StoreLimits } from '../../src/station/ports.js';
import { backends } from '../support/backends.js';

const limits: StoreLimits = { chatHistory: 10, requestHistory: 10, feedbackHistory: 10, maxTrackedClients: 1000, liveEventHistory: 5 };

// One contract for both histories: what an SSE client resuming with Last-Event-ID relies on.
describe.each(backends)('live event history: $name', ({ available, create }) => {
  const withLog = async (work: (log: LiveEventLog) => Promise<void>) => {
    const { store, dispose } = await create(limits);
    try {
      await work(store.liveEvents);
    } finally {
      await dispose();
    }
  };

  it.skipIf(!available)('gives the events after an id, oldest first, with their payloads', () =>
    withLog(async (log) => {
      expect(await log.lastId()).toBeNull();
      const first = await log.append('nowplaying', { now_playing: null });
      const second = await log.append('chat:message', { id: '1-0', message: 'Amen' });
      const third = await log.append('listeners', { current: 3, peak_today: 4 });
      expect(await log.lastId()).toBe(third);
      expect(await log.since(first)).toEqual([
        { id: second, event: 'chat:message', payload: { id: '1-0', message: 'Amen' } },
        { id: third, event: 'listeners', payload: { current: 3, peak_today: 4 } },
      ]);
      expect(await log.since(third)).toEqual([]);
    }),
  );

  it.skipIf(!available)('says null (not "nothing missed") for an id that is unknown, malformed or rolled off', () =>
    withLog(async (log) => {
      const first = await log.append('status', { online: true });
      expect(await log.since('0-1')).toBeNull();
      expect(await log.since('not an id')).toBeNull();
      expect(await log.since('')).toBeNull();
      // Redis trims approximately (whole blocks of 100): push the first event well past the bound.
      for (let i = 0; i < 250; i++) await log.append('listeners', { current: i, peak_today: i });
      expect(await log.since(first)).toBeNull();
    }),
  );

  it.skipIf(!available)('keeps ids increasing', () =>
    withLog(async (log) => {
      const ids: string[] = [];
      for (let i = 0; i < 20; i++) ids.push(await log.append('listeners', { current: i, peak_today: i }));
      const asPair = (id: string) => id.split('-').map(Number) as [number, number];
      for (let i = 1; i < ids.length; i++) {
        const [[ms0, seq0], [ms1, seq1]] = [asPair(ids[i - 1]!), asPair(ids[i]!)];
        expect(ms1 > ms0 || (ms1 === ms0 && seq1 > seq0)).toBe(true);
      }
    }),
  );
});
