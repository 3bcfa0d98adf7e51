import type { RequestPriority } from '../../src/station/model.js';
import { positionAfterId, positionAfterTime } from '../../src/station/chat-cursor.js';
import { afterAll, describe, expect, it } from 'vitest';
import { makeSong, songId } from '../../src/station/song.js';
import { emptyStationState, type BanNote, type RevenueEvent, type SongRequest } from '../../src/station/model.js';
import type { Store, StoreLimits } from '../../src/station/ports.js';
import { backends } from '../support/backends.js';

const limits: StoreLimits = { chatHistory: 50, requestHistory: 20, feedbackHistory: 5, maxTrackedClients: 1000, auditHistory: 5 };
const note = (label: string, extra: Partial<BanNote> = {}): BanNote => ({ label, by: null, reason: null, since: null, ref: null, ...extra });

const request = (title: string, priority: SongRequest['priority'], createdMs: number): SongRequest => ({
  id: `${title}-${createdMs}`,
  song_title: title,
  artist: 'Band',
  requester_name: 'Anonymous',
  message: null,
  priority,
  status: 'pending',
  created_at: Math.floor(createdMs / 1000),
});
const rules = (title: string, createdMs: number, rank: RequestPriority = 'normal') => ({ songId: songId('Band', title), createdMs, rank });

describe.each(backends)('store contract: $name', (backend) => {
  if (!backend.available) {
    it.skip(`skipped: ${backend.skipReason}`, () => undefined);
    return;
  }
  afterAll(() => backend.release());
  let store: Store;
  let dispose: (() => Promise<void>) | undefined;
  const fresh = async () => {
    await dispose?.();
    const made = await backend.create(limits);
    store = made.store;
    dispose = made.dispose;
  };
  afterAll(() => dispose?.());

  describe('chat log', () => {
    it('assigns increasing ids and returns messages after a time, oldest first', async () => {
      await fresh();
      const before = Date.now() - 1;
      const posted = [];
      for (let i = 0; i < 5; i++) posted.push(await store.chat.append({ nickname: 'grace', message: `m${i}` }));
      const ids = posted.map((m) => m.id);
      const order = (id: string) => id.split('-').map(Number) as [number, number];
      for (let i = 1; i < ids.length; i++) {
        const [a, b] = [order(ids[i - 1]!), order(ids[i]!)];
        expect(b[0] > a[0] || (b[0] === a[0] && b[1] > a[1])).toBe(true);
      }
      const all = await store.chat.listAfter(before, 50);
      expect(all.map((m) => m.message)).toEqual(['m0', 'm1', 'm2', 'm3', 'm4']);
      expect(all[0]).toEqual(posted[0]);
      expect(all[0]!.timestamp).toBe(Math.floor(Number(ids[0]!.split('-')[0]) / 1000));
    });

    it('answers the newest `limit` when more match', async () => {
      const last = await store.chat.listAfter(0, 2);
      expect(last.map((m) => m.message)).toEqual(['m3', 'm4']);
    });

    it('is strictly after the given millisecond', async () => {
      const all = await store.chat.listAfter(0, 50);
      const cut = Number(all[2]!.id.split('-')[0]);
      const after = await store.chat.listAfter(cut, 50);
      expect(after.every((m) => Number(m.id.split('-')[0]) > cut)).toBe(true);
      expect(after.length).toBeLessThan(all.length);
    });

    it('pages on from a position: the oldest `limit` at or after it, a deleted cursor still good', async () => {
      const all = await store.chat.listAfter(0, 50);
      const from = (id: string) => positionAfterId(id);
      expect((await store.chat.listFrom(from(all[0]!.id), 2)).map((m) => m.message)).toEqual(['m1', 'm2']);
      expect((await store.chat.listFrom(positionAfterTime(0), 1)).map((m) => m.message)).toEqual(['m0']);
      expect(await store.chat.listFrom(from(all[4]!.id), 10)).toEqual([]);
      // The message the client last saw is deleted: its id still says where the client is.
      expect((await store.chat.delete(all[1]!.id))?.message.message).toBe('m1');
      expect((await store.chat.listFrom(from(all[1]!.id), 10)).map((m) => m.message)).toEqual(['m2', 'm3', 'm4']);
    });

    it('rolls old messages off at its capacity', async () => {
      for (let i = 0; i < 300; i++) await store.chat.append({ nickname: 'grace', message: `flood ${i}` });
      const kept = await store.chat.listAfter(0, 1000);
      // Redis trims approximately (MAXLEN ~ drops whole stream nodes of up to 100 entries):
      // never below the capacity, never more than one node above it
      expect(kept.length).toBeGreaterThanOrEqual(limits.chatHistory);
      expect(kept.length).toBeLessThanOrEqual(limits.chatHistory + 100);
      expect(kept.at(-1)!.message).toBe('flood 299');
    });
  });

  describe('request queue', () => {
    it('orders pending by priority, then age', async () => {
      await fresh();
      const t = Date.now();
      await store.requests.submit(request('low', 'low', t), rules('low', t, 'low'));
      await store.requests.submit(request('normal-1', 'normal', t + 1), rules('normal-1', t + 1, 'normal'));
      await store.requests.submit(request('high-1', 'high', t + 2), rules('high-1', t + 2, 'high'));
      await store.requests.submit(request('normal-2', 'normal', t + 3), rules('normal-2', t + 3, 'normal'));
      await store.requests.submit(request('high-2', 'high', t + 4), rules('high-2', t + 4, 'high'));
      const pending = await store.requests.list('pending', 50);
      expect(pending.map((r) => r.song_title)).toEqual(['high-1', 'high-2', 'normal-1', 'normal-2', 'low']);
      expect((await store.requests.list('pending', 2)).map((r) => r.song_title)).toEqual(['high-1', 'high-2']);
      expect((await store.requests.list('all', 50)).map((r) => r.song_title)).toEqual(['high-2', 'normal-2', 'high-1', 'normal-1', 'low']);
    });

    it('answers a duplicate pending song with the existing request', async () => {
      const t = Date.now();
      const outcome = await store.requests.submit(request('low', 'high', t), rules('low', t, 'high'));
      expect(outcome.kind).toBe('duplicate');
      if (outcome.kind === 'duplicate') expect(outcome.request.priority).toBe('low');
    });

    it('tells the pending request for a song, and none for a song not pending', async () => {
      const t = Date.now();
      expect((await store.requests.submit(request('p1', 'normal', t), rules('p1', t, 'normal'))).kind).toBe('created');
      expect(await store.requests.pendingFor(songId('Band', 'p1'))).toMatchObject({ song_title: 'p1', status: 'pending' });
      expect(await store.requests.pendingFor(songId('Band', 'not-asked'))).toBeNull();
    });

    it('marks a played song, which leaves the pending queue and may be requested again', async () => {
      const played = await store.requests.markPlayed(songId('Band', 'high-1'));
      expect(played).toMatchObject({ song_title: 'high-1', status: 'played', message: null });
      expect((await store.requests.list('pending', 50)).map((r) => r.song_title)).not.toContain('high-1');
      expect((await store.requests.list('played', 50)).map((r) => r.song_title)).toEqual(['high-1']);
      expect(await store.requests.markPlayed(songId('Band', 'high-1'))).toBeNull();
      const t = Date.now();
      expect((await store.requests.submit(request('high-1', 'high', t), rules('high-1', t, 'high'))).kind).toBe('created');
    });

    it('resolves a pending request by id as played or rejected, once, freeing its song', async () => {
      await fresh();
      const t = Date.now();
      await store.requests.submit(request('keep', 'normal', t), rules('keep', t, 'normal'));
      await store.requests.submit(request('drop', 'normal', t + 1), rules('drop', t + 1, 'normal'));
      expect(await store.requests.resolve(`drop-${t + 1}`, 'rejected')).toMatchObject({ song_title: 'drop', status: 'rejected' });
      expect(await store.requests.resolve(`keep-${t}`, 'played')).toMatchObject({ song_title: 'keep', status: 'played' });
      expect(await store.requests.list('pending', 50)).toEqual([]);
      expect((await store.requests.list('rejected', 50)).map((r) => r.song_title)).toEqual(['drop']);
      // Already resolved, or never there: nothing changes.
      expect(await store.requests.resolve(`drop-${t + 1}`, 'played')).toBeNull();
      expect(await store.requests.resolve('no-such-id', 'played')).toBeNull();
      // The rejected song may be requested again.
      expect((await store.requests.submit(request('drop', 'normal', t + 2), rules('drop', t + 2, 'normal'))).kind).toBe('created');
    });

    it('keeps at most its capacity of requests, freeing their songs', async () => {
      await fresh();
      const t = Date.now();
      for (let i = 0; i < 30; i++) await store.requests.submit(request(`s${i}`, 'normal', t + i), rules(`s${i}`, t + i));
      const all = await store.requests.list('all', 50);
      expect(all).toHaveLength(limits.requestHistory);
      expect(all.at(-1)!.song_title).toBe('s10');
      // s0 rolled off: it is no longer a pending duplicate
      expect((await store.requests.submit(request('s0', 'normal', t + 99), rules('s0', t + 99))).kind).toBe('created');
    });

    it("ranks by the rank it is given, and staff may set a pending request's priority, which ranks it", async () => {
      await fresh();
      const t = Date.now();
      // A listener said "high", the station ranks it normal: first come, first served.
      await store.requests.submit(request('first', 'normal', t), rules('first', t));
      const loud = await store.requests.submit(request('loud', 'high', t + 1), rules('loud', t + 1, 'normal'));
      expect((await store.requests.list('pending', 50)).map((r) => [r.song_title, r.priority])).toEqual([
        ['first', 'normal'],
        ['loud', 'high'],
      ]);
      const set = await store.requests.setPriority(loud.request.id, 'high');
      expect(set).toMatchObject({ song_title: 'loud', priority: 'high', status: 'pending' });
      expect((await store.requests.list('pending', 50)).map((r) => r.song_title)).toEqual(['loud', 'first']);
      await store.requests.setPriority(loud.request.id, 'low');
      expect((await store.requests.list('pending', 50)).map((r) => [r.song_title, r.priority])).toEqual([
        ['first', 'normal'],
        ['loud', 'low'],
      ]);
      expect(await store.requests.setPriority('no-such-id', 'high')).toBeNull();
      await store.requests.resolve(loud.request.id, 'played');
      expect(await store.requests.setPriority(loud.request.id, 'high')).toBeNull();
    });
  });

  describe('chat moderation', () => {
    it('lists the bans in force, soonest to end first, and lifts one', async () => {
      await fresh();
      const before = Math.floor(Date.now() / 1000);
      await store.moderation.ban({ kind: 'nickname', value: 'Troll' }, 3600, note('Tr0ll (as typed)', { by: 'Naomi', reason: 'spam', since: before }));
      await store.moderation.ban({ kind: 'ip', value: '2001:db8::7' }, 60, note('Troll99', { ref: 'ref-1' }));
      const bans = await store.moderation.bans();
      expect(bans.map(({ until: _until, ...rest }) => rest)).toEqual([
        { kind: 'ip', value: '2001:db8::7', label: 'Troll99', by: null, reason: null, since: null, ref: 'ref-1' },
        { kind: 'nickname', value: 'troll', label: 'Tr0ll (as typed)', by: 'Naomi', reason: 'spam', since: before, ref: null },
      ]);
      expect(bans[0]!.until).toBeGreaterThanOrEqual(before + 59);
      expect(bans[1]!.until).toBeLessThanOrEqual(before + 3602);
      expect(await store.moderation.isBanned('TROLL', '192.0.2.1')).toBe(true);
      expect(await store.moderation.unban({ kind: 'nickname', value: 'TROLL' })).toBe(true);
      expect(await store.moderation.unban({ kind: 'nickname', value: 'troll' })).toBe(false);
      expect(await store.moderation.isBanned('Troll', '192.0.2.1')).toBe(false);
      expect((await store.moderation.bans()).map((b) => b.value)).toEqual(['2001:db8::7']);
    });
  });

  describe('audit log', () => {
    it('keeps the newest staff actions first, bounded', async () => {
      await fresh();
      const entry = (i: number) => ({
        id: `a${i}`,
        at: 1_780_000_000 + i,
        actor: i % 2 ? 'Naomi' : 'admin',
        role: i % 2 ? ('moderator' as const) : ('admin' as const),
        action: 'chat.delete',
        target: `message ${i}`,
        detail: null,
      });
      for (let i = 0; i < 8; i++) await store.audit.append(entry(i));
      expect((await store.audit.recent(3)).map((e) => e.id)).toEqual(['a7', 'a6', 'a5']);
      // limits.auditHistory is 5: the oldest rolled off.
      expect((await store.audit.recent(100)).map((e) => e.id)).toEqual(['a7', 'a6', 'a5', 'a4', 'a3']);
      expect((await store.audit.recent(1))[0]).toEqual(entry(7));
    });
  });

  describe('staff keys made in the console', () => {
    const key = (name: string, keyHash: string, createdAt = 1_780_000_000) => ({ name, role: 'moderator' as const, keyHash, createdAt, createdBy: 'Boaz' });

    it('adds a key once per name, even racing, finds it by its hash, and revokes it', async () => {
      await fresh();
      expect(await store.staffKeys.add(key('Ruth', 'sha256:aa'))).toBe('added');
      expect(await store.staffKeys.add(key('Ruth', 'sha256:bb'))).toBe('taken');
      const racing = await Promise.all(Array.from({ length: 5 }, (_, i) => store.staffKeys.add(key('Orpah', `sha256:c${i}`, 1_780_000_001))));
      expect(racing.filter((outcome) => outcome === 'added')).toHaveLength(1);
      expect(await store.staffKeys.byHash('sha256:aa')).toEqual(key('Ruth', 'sha256:aa'));
      expect(await store.staffKeys.byHash('sha256:bb')).toBeNull();
      expect((await store.staffKeys.list()).map((k) => k.name)).toEqual(['Ruth', 'Orpah']);
      expect(await store.staffKeys.remove('Ruth')).toBe(true);
      expect(await store.staffKeys.byHash('sha256:aa')).toBeNull();
      expect(await store.staffKeys.remove('Ruth')).toBe(false);
      expect((await store.staffKeys.list()).map((k) => k.name)).toEqual(['Orpah']);
    });
  });

  describe('chat log: the sender kept with a message', () => {
    it('finds a message with its client, never lists the client, and gives it back on delete', async () => {
      await fresh();
      const posted = await store.chat.append({ nickname: 'Troll99', message: 'spam', client: '2001:db8:1:2::/64' });
      expect(await store.chat.find(posted.id)).toEqual({ message: posted, client: '2001:db8:1:2::/64' });
      expect(JSON.stringify(await store.chat.listAfter(0, 50))).not.toContain('2001:db8');
      expect(await store.chat.find('1-0')).toBeNull();
      expect(await store.chat.find('not-an-id')).toBeNull();
      const racing = await Promise.all([store.chat.delete(posted.id), store.chat.delete(posted.id)]);
      expect(racing.filter((r) => r !== null)).toEqual([{ message: posted, client: '2001:db8:1:2::/64' }]);
      expect(await store.chat.find(posted.id)).toBeNull();
    });
  });

  describe('feedback log', () => {
    it('keeps the newest entries first, bounded', async () => {
      await fresh();
      const song = makeSong('Band', 'Song');
      for (let i = 0; i < 8; i++) {
        await store.feedback.append({ id: `f${i}`, type: 'song_rating', content: null, rating: 4, song, created_at: 1_780_000_000 + i });
      }
      const recent = await store.feedback.recent(50);
      expect(recent.map((f) => f.id)).toEqual(['f7', 'f6', 'f5', 'f4', 'f3']);
      expect(recent[0]!.song).toEqual(song);
    });
  });

  describe('station state', () => {
    it('reads an empty state before any write, then what was written', async () => {
      await fresh();
      expect(await store.station.read()).toEqual(emptyStationState());
      const state = { ...emptyStationState(), serverStatus: 'online' as const, listeners: 12, nowPlaying: { song: makeSong('A', 'B'), played_at: 1_780_000_000 } };
      await store.station.write(state);
      expect(await store.station.read()).toEqual(state);
    });

    it('keeps a pushed track (details, next up, live, its hold) with the song, for every node', async () => {
      await fresh();
      const song = makeSong('Lauren Daigle', 'Rescue', { album: 'Look Up Child', art: 'https://art.example/rescue.jpg' });
      const state = {
        ...emptyStationState(),
        nowPlaying: { song, played_at: 1_780_000_000 },
        track: {
          songId: song.id,
          details: { album: 'Look Up Child', label: 'Centricity', duration: 200, artworkUrl: 'https://art.example/rescue.jpg', isrc: 'USCEN1800001' },
          next: [{ artist: 'CeCe Winans', title: 'Goodness of God', duration: null, artworkUrl: null }],
          live: { isLive: true, streamerName: 'Naomi', since: null },
          holdUntil: 1_780_000_230,
        },
      };
      await store.station.write(state);
      expect(await store.station.readFresh()).toEqual(state);
    });

    it('keeps the state it last read or wrote, and its age, for when the store is away', async () => {
      const state = { ...emptyStationState(), serverStatus: 'online' as const, listeners: 21 };
      await store.station.write(state);
      const read = await store.station.readFresh();
      const known = store.station.lastKnown();
      expect(known?.state).toBe(read);
      expect(known?.state).toEqual(state);
      expect(known!.ageMs).toBeGreaterThanOrEqual(0);
      expect(known!.ageMs).toBeLessThan(5000);
      expect(store.availability.awaySince()).toBeNull();
    });

    it('remembers the last play of each song', async () => {
      const id = songId('A', 'B');
      expect(await store.station.lastPlayedAt(id)).toBeNull();
      await store.station.recordPlay(id, 1_780_000_000, 900);
      await store.station.recordPlay(id, 1_780_000_300, 900);
      expect(await store.station.lastPlayedAt(id)).toBe(1_780_000_300);
    });

    it('keeps plays as long as it is asked to, beyond a day, and forgets them after', async () => {
      const twoDays = 2 * 86_400;
      const old = songId('Old', 'Hymn');
      await store.station.recordPlay(old, 1_780_000_000, twoDays);
      // a day and a half later another song plays: the old play is still inside the two days
      await store.station.recordPlay(songId('C', 'D'), 1_780_000_000 + 36 * 3600, twoDays);
      expect(await store.station.lastPlayedAt(old)).toBe(1_780_000_000);
      // three days later it is gone
      await store.station.recordPlay(songId('E', 'F'), 1_780_000_000 + 3 * 86_400, twoDays);
      expect(await store.station.lastPlayedAt(old)).toBeNull();
    });
  });

  describe('window counters (the limits module counts here)', () => {
    it('counts hits per key in one window, and keys apart', async () => {
      await fresh();
      const counter = store.counter('contract', 60);
      const counts = [];
      for (let i = 0; i < 4; i++) counts.push(await counter.hit('1.2.3.4'));
      expect(counts.map((c) => c.count)).toEqual([1, 2, 3, 4]);
      expect(counts[3]!.resetMs).toBeGreaterThan(0);
      expect(counts[3]!.resetMs).toBeLessThanOrEqual(60_000);
      expect((await counter.hit('5.6.7.8')).count).toBe(1);
      // another policy's counter with the same key counts on its own
      expect((await store.counter('other', 60).hit('1.2.3.4')).count).toBe(1);
    });

    it('peeks without counting, and gives a hit back (never below zero)', async () => {
      const counter = store.counter('contract-peek', 60);
      expect(await counter.peek('9.9.9.9')).toEqual({ count: 0, resetMs: 0 });
      await counter.hit('9.9.9.9');
      await counter.hit('9.9.9.9');
      const peeked = await counter.peek('9.9.9.9');
      expect(peeked.count).toBe(2);
      expect(peeked.resetMs).toBeGreaterThan(0);
      expect((await counter.peek('9.9.9.9')).count).toBe(2);
      await counter.release('9.9.9.9');
      expect((await counter.peek('9.9.9.9')).count).toBe(1);
      await counter.release('9.9.9.9');
      await counter.release('9.9.9.9');
      expect((await counter.peek('9.9.9.9')).count).toBe(0);
      expect((await counter.hit('9.9.9.9')).count).toBe(1);
      await counter.release('never-hit');
      expect((await counter.peek('never-hit')).count).toBe(0);
    });
  });

  describe('moderation', () => {
    it('bans a nickname (any letter case) or a client for a time, and nobody else', async () => {
      await fresh();
      await store.moderation.ban({ kind: 'nickname', value: 'Troll' }, 60, note('Troll'));
      await store.moderation.ban({ kind: 'ip', value: '2001:db8:1:2::/64' }, 60, note('2001:db8:1:2::/64'));
      expect(await store.moderation.isBanned('tROLL', '198.51.100.7')).toBe(true);
      expect(await store.moderation.isBanned('Grace', '2001:db8:1:2::/64')).toBe(true);
      expect(await store.moderation.isBanned('Grace', '198.51.100.7')).toBe(false);
    });

    it('keeps an undo record for its time, and gives it once, even to racing takers', async () => {
      await store.moderation.keepUndo('tok-1', '{"kind":"ban"}', 30);
      const taken = await Promise.all(Array.from({ length: 5 }, () => store.moderation.takeUndo('tok-1')));
      expect(taken.filter((t) => t !== null)).toEqual(['{"kind":"ban"}']);
      expect(await store.moderation.takeUndo('never-kept')).toBeNull();
    });

    it('tells a repeated message from the same sender within the window, atomically', async () => {
      expect(await store.moderation.repeatsLast('grace|1.2.3.4', 'fp-1', 60)).toBe(false);
      expect(await store.moderation.repeatsLast('grace|1.2.3.4', 'fp-1', 60)).toBe(true);
      expect(await store.moderation.repeatsLast('grace|1.2.3.4', 'fp-2', 60)).toBe(false);
      expect(await store.moderation.repeatsLast('ruth|1.2.3.4', 'fp-2', 60)).toBe(false);
      const racing = await Promise.all(Array.from({ length: 8 }, () => store.moderation.repeatsLast('mark|5.6.7.8', 'fp-3', 60)));
      expect(racing.filter((repeat) => !repeat)).toHaveLength(1);
    });
  });

  describe('revenue ledger', () => {
    const event = (id: string, amount: number, currency = 'USD'): RevenueEvent => ({
      id,
      type: 'donation',
      amount,
      currency,
      occurred_at: 1_780_000_000,
      source: null,
      metadata: {},
      recorded_at: 1_780_000_000,
    });

    it('records an event once per key: a replay answers the first, another body conflicts', async () => {
      await fresh();
      expect((await store.revenue.record(event('e1', 500), 'id:e1', 'fp-a', '2026-06-01')).kind).toBe('created');
      const replay = await store.revenue.record(event('e1-again', 500), 'id:e1', 'fp-a', '2026-06-01');
      expect(replay).toEqual({ kind: 'replayed', event: event('e1', 500) });
      expect((await store.revenue.record(event('e1', 900), 'id:e1', 'fp-b', '2026-06-01')).kind).toBe('conflict');
    });

    it('makes one event of racing identical records', async () => {
      const outcomes = await Promise.all(Array.from({ length: 10 }, () => store.revenue.record(event('race', 100), 'id:race', 'fp-r', '2026-06-02')));
      expect(outcomes.filter((o) => o.kind === 'created')).toHaveLength(1);
    });

    it('sums per day and currency over a range of days, integers only', async () => {
      await store.revenue.record(event('e2', 250), 'id:e2', 'fp-2', '2026-06-01');
      await store.revenue.record(event('e3', 1000, 'EUR'), 'id:e3', 'fp-3', '2026-06-01');
      await store.revenue.record(event('e4', 7, 'USD'), 'id:e4', 'fp-4', '2026-07-01');
      const totals = await store.revenue.dailyTotals('2026-06-01', '2026-06-30');
      const byBucket = Object.fromEntries(totals.map((t) => [`${t.date} ${t.currency}`, [t.amount, t.count]]));
      expect(byBucket).toEqual({ '2026-06-01 USD': [750, 2], '2026-06-01 EUR': [1000, 1], '2026-06-02 USD': [100, 1] });
    });
  });

  describe('programme', () => {
    const programme = (revision: number, title: string) => ({
      shows: [{ id: 'praise', title, days: ['mon'], start: '06:00', end: '09:00' }],
      events: [],
      playlists: [],
      revision,
      updated_at: 1_780_000_000 + revision,
    });

    it('is seeded once: a later seed answers what is stored and changes nothing', async () => {
      await fresh();
      expect(await store.programme.revision()).toBe(0);
      expect(await store.programme.read()).toBeNull();
      expect(await store.programme.seed(programme(1, 'Morning Praise'))).toEqual(programme(1, 'Morning Praise'));
      expect(await store.programme.replace(programme(2, 'Edited'), 1)).toBe(true);
      expect(await store.programme.seed(programme(1, 'From the config file again'))).toEqual(programme(2, 'Edited'));
      expect(await store.programme.revision()).toBe(2);
    });

    it('replaces only from the revision it was read at: of racing edits one wins', async () => {
      const outcomes = await Promise.all(Array.from({ length: 6 }, (_, i) => store.programme.replace(programme(3, `Edit ${i}`), 2)));
      expect(outcomes.filter(Boolean)).toHaveLength(1);
      expect(await store.programme.replace(programme(4, 'Stale'), 2)).toBe(false);
      expect(await store.programme.revision()).toBe(3);
    });
  });

  describe('song tallies', () => {
    it('counts plays, requests and ratings per song, from any node', async () => {
      await fresh();
      const song = makeSong('Hillsong United', 'Oceans');
      await Promise.all([store.station.tally(song, 'plays'), store.station.tally(song, 'plays'), store.station.tally(song, 'requests')]);
      await store.station.tallyRating(song, 5);
      await store.station.tallyRating(song, 2);
      expect(await store.station.tallies()).toEqual([{ song, plays: 2, requests: 1, ratingSum: 7, ratingCount: 2 }]);
    });
  });

  describe('poll claims', () => {
    it('gives a key to exactly one of many racing callers until it expires', async () => {
      await fresh();
      const claims = await Promise.all(Array.from({ length: 6 }, () => store.claim('tick-1', 60_000)));
      expect(claims.filter(Boolean)).toHaveLength(1);
      expect(await store.claim('tick-2', 60_000)).toBe(true);
    });
  });
});
