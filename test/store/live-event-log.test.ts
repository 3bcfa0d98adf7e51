import { afterAll, describe, expect, it } from 'vitest';
import { loggedEventBytes, type LiveEventLog, type ResumeBounds, type StoreLimits } from '../../src/station/ports.js';
import { backends } from '../support/backends.js';

const limits: StoreLimits = { chatHistory: 10, requestHistory: 10, feedbackHistory: 10, maxTrackedClients: 1000, liveEventHistory: 5, artworkLookups: 10_000, artworkImages: 500 };
const everything: ResumeBounds = { events: new Set(['nowplaying', 'chat:message', 'listeners', 'status']), maxBytes: 1 << 20 };
const json = (value: unknown) => JSON.stringify(value);

// One contract for both histories: what an SSE client resuming with Last-Event-ID relies on.
describe.each(backends)('live event history: $name', ({ available, create, release }) => {
  afterAll(release);
  const withLog = async (work: (log: LiveEventLog) => Promise<void>, history = limits) => {
    const { store, dispose } = await create(history);
    try {
      await work(store.liveEvents);
    } finally {
      await dispose();
    }
  };

  it.skipIf(!available)('gives the events after an id, oldest first, as the JSON text they were recorded as', () =>
    withLog(async (log) => {
      expect(await log.lastId()).toBeNull();
      const first = await log.append('nowplaying', json({ now_playing: null }));
      const second = await log.append('chat:message', json({ id: '1-0', message: 'Amen 🙏' }));
      const third = await log.append('listeners', json({ current: 3, peak_today: 4 }));
      expect(await log.lastId()).toBe(third);
      expect(await log.since(first, everything)).toEqual([
        { id: second, event: 'chat:message', data: '{"id":"1-0","message":"Amen 🙏"}' },
        { id: third, event: 'listeners', data: '{"current":3,"peak_today":4}' },
      ]);
      expect(await log.since(third, everything)).toEqual([]);
    }),
  );

  it.skipIf(!available)('says null (not "nothing missed") for an id that is unknown, malformed or rolled off', () =>
    withLog(async (log) => {
      const first = await log.append('status', json({ online: true }));
      expect(await log.since('0-1', everything)).toBeNull();
      expect(await log.since('1-0', everything)).toBeNull();
      expect(await log.since('not an id', everything)).toBeNull();
      expect(await log.since('', everything)).toBeNull();
      // Redis trims approximately (whole blocks of 100): push the first event well past the bound.
      for (let i = 0; i < 250; i++) await log.append('listeners', json({ current: i, peak_today: i }));
      expect(await log.since(first, everything)).toBeNull();
    }),
  );

  it.skipIf(!available)('gives only the events asked for, and null when they are more than the byte bound', () =>
    withLog(
      async (log) => {
        const start = await log.append('status', json({ online: true }));
        const chat = [];
        for (let i = 0; i < 10; i++) {
          await log.append('listeners', json({ current: i, peak_today: i }));
          const data = json({ id: `${i}`, message: 'x'.repeat(100) });
          chat.push({ id: await log.append('chat:message', data), event: 'chat:message', data });
        }
        const chatOnly = new Set(['chat:message']);
        expect(await log.since(start, { events: chatOnly, maxBytes: 1 << 20 })).toEqual(chat);
        const chatBytes = chat.reduce((sum, e) => sum + loggedEventBytes(e.id, e.event, Buffer.byteLength(e.data)), 0);
        // Exactly the bound is still sent; one byte less and the client gets a snapshot instead.
        expect(await log.since(start, { events: chatOnly, maxBytes: chatBytes })).toEqual(chat);
        expect(await log.since(start, { events: chatOnly, maxBytes: chatBytes - 1 })).toBeNull();
        // The events the client does not want do not count against its bound.
        expect(await log.since(start, { events: new Set(['nowplaying']), maxBytes: 1 })).toEqual([]);
      },
      { ...limits, liveEventHistory: 100 },
    ),
  );

  it.skipIf(!available)('keeps ids increasing', () =>
    withLog(async (log) => {
      const ids: string[] = [];
      for (let i = 0; i < 20; i++) ids.push(await log.append('listeners', json({ current: i, peak_today: i })));
      const asPair = (id: string) => id.split('-').map(Number) as [number, number];
      for (let i = 1; i < ids.length; i++) {
        const [[ms0, seq0], [ms1, seq1]] = [asPair(ids[i - 1]!), asPair(ids[i]!)];
        expect(ms1 > ms0 || (ms1 === ms0 && seq1 > seq0)).toBe(true);
      }
    }),
  );
});
