import type { RequestPriority } from '../../src/station/model.js';
import { positionAfterId, positionAfterTime } from '../../src/station/chat-cursor.js';
import { positionOfId, type AuditPage, type AuditQuery } from '../../src/station/audit-query.js';
import { afterAll, describe, expect, it } from 'vitest';
import { makeSong, songId } from '../../src/station/song.js';
import { emptyStationState, type BanNote, type RevenueEvent, type StoredSongRequest } from '../../src/station/model.js';
import type { Store, StoreLimits } from '../../src/station/ports.js';
import { backends } from '../support/backends.js';
import type { AudienceStep, PlayAudience } from '../../src/station/audience-model.js';
import { eventually } from '../support/eventually.js';

const limits: StoreLimits = { chatHistory: 50, requestHistory: 20, feedbackHistory: 5, maxTrackedClients: 1000, artworkLookups: 3, artworkImages: 2, liveEventHistory: 500 };
const note = (label: string, extra: Partial<BanNote> = {}): BanNote => ({ label, by: null, reason: null, since: null, ref: null, ...extra });

const request = (title: string, priority: StoredSongRequest['priority'], createdMs: number): StoredSongRequest => ({
  id: `${title}-${createdMs}`,
  song_title: title,
  artist: 'Band',
  requester_name: null,
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
      await store.moderation.ban({ kind: 'sender', value: '2001:db8::7' }, 60, note('Troll99', { ref: 'ref-1' }));
      const bans = await store.moderation.bans();
      expect(bans.map(({ until: _until, ...rest }) => rest)).toEqual([
        { kind: 'sender', value: '2001:db8::7', label: 'Troll99', by: null, reason: null, since: null, ref: 'ref-1' },
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

    it('keeps a sender ban apart from an address ban on the same client: each set, listed and lifted on its own', async () => {
      await fresh();
      const client = '198.51.100.66';
      await store.moderation.ban({ kind: 'sender', value: client }, 600, note('Troll99', { ref: 'ref-2' }));
      expect(await store.moderation.isBanned('grace', client)).toBe(true);
      // The address door finds nothing there, and lifts nothing.
      expect(await store.moderation.unban({ kind: 'ip', value: client })).toBe(false);
      expect(await store.moderation.isBanned('grace', client)).toBe(true);
      // An address ban on the same client is a second ban beside it, not a change to it.
      await store.moderation.ban({ kind: 'ip', value: client }, 60, note(client));
      expect((await store.moderation.bans()).map(({ kind, value, ref }) => ({ kind, value, ref }))).toEqual([
        { kind: 'ip', value: client, ref: null },
        { kind: 'sender', value: client, ref: 'ref-2' },
      ]);
      expect(await store.moderation.unban({ kind: 'ip', value: client })).toBe(true);
      expect(await store.moderation.isBanned('grace', client)).toBe(true);
      expect(await store.moderation.unban({ kind: 'sender', value: client })).toBe(true);
      expect(await store.moderation.isBanned('grace', client)).toBe(false);
    });
  });

  describe('audit log', () => {
    const DAY = 86_400_000;
    const T0 = 1_780_000_000_000;
    const record = (i: number, actor = i % 2 ? 'Naomi' : 'admin', action = 'chat.delete') => ({
      at: Math.floor((T0 + i * 1000) / 1000),
      actor,
      role: actor === 'admin' ? ('admin' as const) : ('moderator' as const),
      action,
      target: `message ${i}`,
      detail: null,
    });
    const query = (over: Partial<AuditQuery> = {}): AuditQuery => ({ limit: 100, scan: 1000, before: null, actor: null, action: null, fromMs: 0, toMs: Number.MAX_SAFE_INTEGER, ...over });
    const targets = (page: AuditPage) => page.entries.map((e) => e.target);

    it('stamps ids in time order (never backwards) and pages newest first by cursor', async () => {
      await fresh();
      const written = [];
      for (let i = 0; i < 7; i++) written.push(await store.audit.append(record(i), T0 + i * 1000, 0));
      // A node whose clock lags still stamps after the newest entry.
      written.push(await store.audit.append(record(7), T0, 0));
      expect(written.map((e) => e.id)).toEqual([...written.map((e) => e.id)].sort((x, y) => positionOfId(x).ms - positionOfId(y).ms || positionOfId(x).seq - positionOfId(y).seq));
      expect(written[0]).toEqual({ id: `${T0}-0`, ...record(0) });
      const first = await store.audit.page(query({ limit: 3 }));
      expect(targets(first)).toEqual(['message 7', 'message 6', 'message 5']);
      const second = await store.audit.page(query({ limit: 3, before: first.next }));
      expect(targets(second)).toEqual(['message 4', 'message 3', 'message 2']);
      const last = await store.audit.page(query({ limit: 3, before: second.next }));
      expect(targets(last)).toEqual(['message 1', 'message 0']);
      expect(last.next).toBeNull();
    });

    it('keeps entries by time, not by count: what is older than the retention is dropped as new ones come', async () => {
      await fresh();
      for (let i = 0; i < 50; i++) await store.audit.append(record(i), T0 + i * 1000, T0 - 30 * DAY);
      expect((await store.audit.page(query())).entries).toHaveLength(50);
      // 31 days later: the 50 are past a 30-day retention; the reader asks from the retention's start.
      const later = T0 + 31 * DAY;
      await store.audit.append(record(99, 'admin', 'staff.create'), later, later - 30 * DAY);
      expect(targets(await store.audit.page(query({ fromMs: later - 30 * DAY })))).toEqual(['message 99']);
    });

    it('filters by actor, action and time range, reading at most `scan` entries a page (a page may be short and still go on)', async () => {
      await fresh();
      for (let i = 0; i < 12; i++) await store.audit.append(record(i, i === 2 ? 'Boaz' : 'Naomi', i === 2 ? 'staff.create' : 'chat.ban'), T0 + i * 1000, 0);
      expect(targets(await store.audit.page(query({ actor: 'Boaz' })))).toEqual(['message 2']);
      expect(targets(await store.audit.page(query({ action: 'staff.create', actor: 'Boaz' })))).toEqual(['message 2']);
      expect(targets(await store.audit.page(query({ action: 'staff.create', actor: 'Naomi' })))).toEqual([]);
      expect(targets(await store.audit.page(query({ fromMs: T0 + 3000, toMs: T0 + 5999 })))).toEqual(['message 5', 'message 4', 'message 3']);
      // Five read per page: Boaz's entry is on the second page, the first one empty but going on.
      const pages: string[][] = [];
      let before: string | null = null;
      do {
        const page: AuditPage = await store.audit.page(query({ actor: 'Boaz', scan: 5, before }));
        pages.push(targets(page));
        before = page.next;
      } while (before !== null);
      expect(pages).toEqual([[], ['message 2'], []]);
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

    it('takes a look-alike of a stored name as that name (case, confusable letters), even racing', async () => {
      await fresh();
      expect(await store.staffKeys.add(key('ghost', 'sha256:g1'))).toBe('added');
      for (const [i, name] of ['Ghost', 'GHOST', 'gh\u043Est'].entries()) expect(await store.staffKeys.add(key(name, `sha256:g${i + 2}`)), name).toBe('taken');
      const racing = await Promise.all(['Naomi', 'NAOMI', 'N\u0430omi', 'naomi', 'Na-omi'].map((name, i) => store.staffKeys.add(key(name, `sha256:n${i}`))));
      expect(racing.filter((outcome) => outcome === 'added')).toHaveLength(1);
      expect(await store.staffKeys.remove('ghost')).toBe(true);
      expect(await store.staffKeys.add(key('Ghost', 'sha256:g9'))).toBe('added');
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

    it('reads a bounded slice older than a position, newest first; a position keeps its entry while newer arrive and older roll off', async () => {
      await fresh();
      const entry = (i: number) => ({ id: `f${i}`, type: 'app_feedback', content: `n${i}`, rating: null, song: null, created_at: 1_780_000_000 + i });
      for (let i = 1; i <= 4; i++) await store.feedback.append(entry(i));
      const newest = await store.feedback.readBefore(null, 2);
      expect(newest.map((r) => [r.position, r.entry.id])).toEqual([
        [4, 'f4'],
        [3, 'f3'],
      ]);
      expect(newest[0]!.entry).toEqual(entry(4));
      // Four more: capacity 5 keeps f4..f8; position 3 (f3) rolled off, the cursor still means "older than f3".
      for (let i = 5; i <= 8; i++) await store.feedback.append(entry(i));
      expect((await store.feedback.readBefore(3, 10)).map((r) => r.entry.id)).toEqual([]);
      expect((await store.feedback.readBefore(6, 10)).map((r) => [r.position, r.entry.id])).toEqual([
        [5, 'f5'],
        [4, 'f4'],
      ]);
      expect((await store.feedback.readBefore(8, 2)).map((r) => r.entry.id)).toEqual(['f7', 'f6']);
      expect((await store.feedback.readBefore(1_000, 3)).map((r) => r.entry.id)).toEqual(['f8', 'f7', 'f6']);
      expect((await store.feedback.readBefore(1, 3)).map((r) => r.entry.id)).toEqual([]);
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

    it('writes nothing at all for an invalid entry, so the same key still records the valid one', async () => {
      const invalid: Array<[RevenueEvent, string]> = [
        [event('bad', 50.5), '2026-08-01'],
        [event('bad', Number.NaN), '2026-08-01'],
        [event('bad', 2 ** 53 + 2, 'JPY'), '2026-08-01'],
        [event('bad', 0), '2026-08-01'],
        [event('bad', 100, 'us|d'), '2026-08-01'],
        [event('bad', 100, 'usd'), '2026-08-01'],
        [event('bad', 100), 'null'],
        [event('bad', 100), '+010000-01-01'],
      ];
      for (const [entry, day] of invalid) {
        await expect(store.revenue.record(entry, 'id:bad', `fp-${entry.amount}-${entry.currency}-${day}`, day), JSON.stringify([entry.amount, entry.currency, day])).rejects.toThrow();
      }
      expect(await store.revenue.record(event('bad', 300), 'id:bad', 'fp-good', '2026-08-01')).toEqual({ kind: 'created', event: event('bad', 300) });
      expect(await store.revenue.dailyTotals('0000-01-01', '9999-12-31')).toEqual(expect.not.arrayContaining([expect.objectContaining({ date: 'null' })]));
      expect((await store.revenue.dailyTotals('2026-08-01', '2026-08-31')).map((t) => [t.date, t.currency, t.amount, t.count])).toEqual([['2026-08-01', 'USD', 300, 1]]);
    });
    it('lists the events of a time range oldest first, in pages that neither skip nor repeat one', async () => {
      await fresh();
      const at = (id: string, occurredAt: number, amount = 100): RevenueEvent => ({ ...event(id, amount), occurred_at: occurredAt });
      // Recorded out of time order; two share a second (ordered by key), one lies outside the range on each side.
      const recorded = [
        at('late', 1_780_000_900),
        at('early', 1_780_000_100),
        at('tie-b', 1_780_000_500),
        at('tie-a', 1_780_000_500),
        at('before', 1_779_999_999),
        at('edge', 1_780_001_000),
      ];
      for (const e of recorded) await store.revenue.record(e, `id:${e.id}`, `fp-${e.id}`, '2026-05-28');
      await store.revenue.record(at('late', 1_780_000_900), 'id:late', 'fp-late', '2026-05-28'); // a replay indexes nothing twice

      const all = await store.revenue.eventsBetween(1_780_000_000, 1_780_001_000, { after: null, limit: 100 });
      expect(all.events.map((e) => e.id)).toEqual(['early', 'tie-a', 'tie-b', 'late']);
      expect(all.next).toBeNull();
      expect(all.events[0]).toEqual(at('early', 1_780_000_100));

      const pages: string[][] = [];
      let after: string | null = null;
      do {
        const page = await store.revenue.eventsBetween(1_780_000_000, 1_780_001_000, { after, limit: 3 });
        pages.push(page.events.map((e) => e.id));
        after = page.next;
      } while (after !== null);
      expect(pages).toEqual([['early', 'tie-a', 'tie-b'], ['late']]);
      const byTwo = await store.revenue.eventsBetween(1_780_000_000, 1_780_001_000, { after: null, limit: 2 });
      expect((await store.revenue.eventsBetween(1_780_000_000, 1_780_001_000, { after: byTwo.next, limit: 2 })).events.map((e) => e.id)).toEqual(['tie-b', 'late']);
      // A cursor it never handed out starts at the range's beginning; an empty range is an empty page.
      expect((await store.revenue.eventsBetween(1_780_000_000, 1_780_001_000, { after: 'nonsense', limit: 1 })).events.map((e) => e.id)).toEqual(['early']);
      expect(await store.revenue.eventsBetween(1_700_000_000, 1_700_000_100, { after: null, limit: 10 })).toEqual({ events: [], next: null });
    });
  });

  describe('programme', () => {
    const programme = (revision: number, title: string, generation = 'g-first') => ({
      shows: [{ id: 'praise', title, days: ['mon'], start: '06:00', end: '09:00' }],
      events: [],
      playlists: [],
      generation,
      revision,
      updated_at: 1_780_000_000 + revision,
      supersedes: [],
    });
    const version = (generation: string, revision: number) => ({ generation, revision });

    it('is seeded once: a later seed answers what is stored, its generation included, and changes nothing', async () => {
      await fresh();
      expect(await store.programme.version()).toBeNull();
      expect(await store.programme.read()).toBeNull();
      expect(await store.programme.seed(programme(1, 'Morning Praise'))).toEqual(programme(1, 'Morning Praise'));
      expect(await store.programme.replace(programme(2, 'Edited'), version('g-first', 1))).toBe(true);
      expect(await store.programme.seed(programme(1, 'From the config file again', 'g-other'))).toEqual(programme(2, 'Edited'));
      expect(await store.programme.version()).toEqual(version('g-first', 2));
    });

    it('replaces only from the generation and revision it was read at: of racing edits one wins', async () => {
      const outcomes = await Promise.all(Array.from({ length: 6 }, (_, i) => store.programme.replace(programme(3, `Edit ${i}`), version('g-first', 2))));
      expect(outcomes.filter(Boolean)).toHaveLength(1);
      expect(await store.programme.replace(programme(4, 'Stale'), version('g-first', 2))).toBe(false);
      // The same revision number in another lineage is not the stored programme.
      expect(await store.programme.replace(programme(4, 'Other lineage'), version('g-other', 3))).toBe(false);
      expect(await store.programme.replace(programme(4, 'Into an empty store'), null)).toBe(false);
      expect(await store.programme.version()).toEqual(version('g-first', 3));
    });

    it('writes a programme back into an empty store only when it expected none', async () => {
      await fresh();
      const back = { ...programme(7, 'Written back', 'g-node'), supersedes: ['g-lost'] };
      expect(await store.programme.replace(back, version('g-first', 3))).toBe(false);
      expect(await store.programme.replace(back, null)).toBe(true);
      expect(await store.programme.read()).toEqual(back);
      expect(await store.programme.version()).toEqual(version('g-node', 7));
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

  describe('audience log (the reports)', () => {
    const play = (title: string, startedAt: number, extra: Partial<PlayAudience> = {}): PlayAudience => ({
      startedAt,
      artist: 'Band',
      title,
      album: '',
      label: '',
      isrc: '',
      durationSeconds: 0,
      listenersAtStart: 2,
      peakListeners: 2,
      sessions: 2,
      listenerSeconds: 0,
      ...extra,
    });
    const step = (polledAt: number, changes: Partial<AudienceStep>): AudienceStep => ({
      polledAt,
      opened: [],
      closed: [],
      add: [],
      max: [],
      visitors: [],
      play: null,
      finished: [],
      keepDays: 400,
      ...changes,
    });

    it('starts empty, then keeps the open sessions, the play on air and the time of the last poll', async () => {
      await fresh();
      expect(await store.audience.now()).toEqual({ sessions: [], play: null, polledAt: null });
      const onAir = play('Oceans', 1_780_000_000, { album: 'Zion', label: 'Hillsong', isrc: 'AUHI11200001' });
      await store.audience.commit(
        step(1_780_000_005, {
          opened: [
            { session: 'main#1', startedAt: 1_779_999_900 },
            { session: 'main#2', startedAt: 1_780_000_000 },
          ],
          play: onAir,
        }),
      );
      await store.audience.commit(step(1_780_000_010, { opened: [{ session: 'main#3', startedAt: 1_780_000_010 }], closed: ['main#1'], play: onAir }));
      const now = await store.audience.now();
      expect(now.sessions.sort((a, b) => a.session.localeCompare(b.session))).toEqual([
        { session: 'main#2', startedAt: 1_780_000_000 },
        { session: 'main#3', startedAt: 1_780_000_010 },
      ]);
      expect(now).toMatchObject({ play: onAir, polledAt: 1_780_000_010 });
    });

    it("adds counters, raises maxima only upward and counts a day's distinct listeners", async () => {
      await fresh();
      await store.audience.commit(
        step(1_780_000_000, {
          add: [
            ['2026-05-28', 'sessions', 2],
            ['2026-05-28', 'player:VLC', 1],
          ],
          max: [['2026-05-28', 'peak', 5]],
          visitors: [
            ['2026-05-28', 'a'],
            ['2026-05-28', 'b'],
          ],
        }),
      );
      await store.audience.commit(
        step(1_780_000_005, {
          add: [
            ['2026-05-28', 'sessions', 1],
            ['2026-05-29', 'ls', 30],
          ],
          max: [
            ['2026-05-28', 'peak', 3],
            ['2026-05-29', 'peak', 1],
          ],
          visitors: [
            ['2026-05-28', 'a'],
            ['2026-05-29', 'a'],
          ],
        }),
      );
      expect(await store.audience.days('2026-05-27', '2026-05-29')).toEqual([
        { day: '2026-05-28', fields: { sessions: 3, 'player:VLC': 1, peak: 5 }, visitors: 2 },
        { day: '2026-05-29', fields: { ls: 30, peak: 1 }, visitors: 1 },
      ]);
      expect(await store.audience.days('2026-05-29', '2026-05-29')).toHaveLength(1);
      expect(await store.audience.days('2026-06-01', '2026-06-30')).toEqual([]);
    });

    it('keeps the plays of each day in the order they ended, read over a range of days', async () => {
      await fresh();
      const first = play('Oceans', 1_780_000_000, { durationSeconds: 240, peakListeners: 4, sessions: 5, listenerSeconds: 900, isrc: 'AUHI11200001' });
      const second = play('Cornerstone', 1_780_000_240, { durationSeconds: 180, artist: 'Hillsong "Live", Worship' });
      await store.audience.commit(step(1_780_000_240, { finished: [['2026-05-28', first]] }));
      await store.audience.commit(step(1_780_000_420, { finished: [['2026-05-29', second]] }));
      expect(await store.audience.plays('2026-05-28', '2026-05-29')).toEqual([first, second]);
      expect(await store.audience.plays('2026-05-29', '2026-05-30')).toEqual([second]);
    });
  });

  describe('artwork cache', () => {
    const png = (n: number) => ({ contentType: 'image/png', bytes: Buffer.from([0x89, 0x50, 0x4e, 0x47, n]) });

    it('keeps found images and misses per song, and images by key', async () => {
      await fresh();
      expect(await store.artwork.lookup('song-a')).toBeNull();
      await store.artwork.saveImage('a'.repeat(32), png(1), 3600);
      await store.artwork.saveLookup('song-a', { imageKey: 'a'.repeat(32) }, 3600);
      await store.artwork.saveLookup('song-b', { imageKey: null }, 3600);
      expect(await store.artwork.lookup('song-a')).toEqual({ imageKey: 'a'.repeat(32) });
      expect(await store.artwork.lookup('song-b')).toEqual({ imageKey: null });
      expect(await store.artwork.image('a'.repeat(32))).toEqual(png(1));
      expect(await store.artwork.hasImage('a'.repeat(32))).toBe(true);
      expect(await store.artwork.hasImage('b'.repeat(32))).toBe(false);
      expect(await store.artwork.image('b'.repeat(32))).toBeNull();
    });

    it('forgets an entry when its time is up', async () => {
      await fresh();
      await store.artwork.saveLookup('brief', { imageKey: null }, 1);
      await store.artwork.saveImage('c'.repeat(32), png(2), 1);
      expect(await store.artwork.lookup('brief')).toEqual({ imageKey: null });
      await eventually(async () => {
        expect(await store.artwork.lookup('brief')).toBeNull();
        expect(await store.artwork.hasImage('c'.repeat(32))).toBe(false);
      }, 5000);
    });

    it('holds at most its cap of lookups and of images: the entry closest to expiring gives way', async () => {
      await fresh();
      // Saved out of order: the one with the least time left goes, not the first saved.
      for (const [song, ttl] of [
        ['s300', 300],
        ['s100', 100],
        ['s400', 400],
        ['s200', 200],
      ] as const)
        await store.artwork.saveLookup(song, { imageKey: null }, ttl);
      expect(await store.artwork.lookup('s100')).toBeNull();
      for (const song of ['s200', 's300', 's400']) expect(await store.artwork.lookup(song)).toEqual({ imageKey: null });
      for (const [n, ttl] of [
        [1, 300],
        [2, 100],
        [3, 200],
      ] as const)
        await store.artwork.saveImage(String(n).repeat(32), png(n), ttl);
      expect(await store.artwork.hasImage('2'.repeat(32))).toBe(false);
      expect(await store.artwork.image('1'.repeat(32))).toEqual(png(1));
      expect(await store.artwork.image('3'.repeat(32))).toEqual(png(3));
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
