import { NOBODY_LIVE } from '../../src/station/station-service.js';
import { readFileSync } from 'node:fs';
import { Value } from '@sinclair/typebox/value';
import { describe, expect, it } from 'vitest';
import { WEBHOOK_EVENT_TYPES } from '../../src/config/schema.js';
import { DEFAULT_SSE_EVENTS, EVENT_CATALOG, SOCKET_EVENTS, SSE_EVENTS, WEBHOOK_TYPES, webhookOccurrenceOf, type EventName } from '../../src/station/event-catalog.js';
import { pino } from 'pino';
import { RedisOutage } from '../../src/redis/redis-outage.js';
import { announceStoreAvailability } from '../../src/station/store-notice.js';
import { unreachable } from '../../src/station/stream-snapshot.js';
import { onAir, serviceWorld } from '../support/service-world.js';

/** The rows of docs/live.md's "Which event goes where" table, as event -> what the catalog says. */
function documentedEvents(markdown: string): Record<string, { socket: boolean; sse: string; webhooks: string[] }> {
  const section = markdown.split('## Which event goes where')[1]?.split('\n## ')[0];
  if (!section) throw new Error('docs/live.md has no "## Which event goes where" section');
  const rows = section.split('\n').filter((line) => /^\| `[a-z:]+` \|/.test(line));
  const sse: Record<string, string> = { 'by default': 'default', 'when asked': 'asked', no: 'never' };
  return Object.fromEntries(
    rows.map((line) => {
      const [event, , socket, policy, webhook] = line
        .split('|')
        .slice(1, -1)
        .map((cell) => cell.trim());
      const webhooks = [...(webhook ?? '').matchAll(/`([a-z.]+)`/g)].map((m) => m[1]!);
      return [event!.replaceAll('`', ''), { socket: socket!.startsWith('yes'), sse: sse[policy!] ?? policy!, webhooks }];
    }),
  );
}

describe('the event catalog', () => {
  it('matches the table of docs/live.md: every event, who hears it and the webhook it becomes', () => {
    const documented = documentedEvents(readFileSync(new URL('../../docs/live.md', import.meta.url), 'utf8'));
    const catalog = Object.fromEntries(Object.entries(EVENT_CATALOG).map(([event, rule]) => [event, { socket: rule.live, sse: rule.sse, webhooks: Object.keys(rule.webhook?.types ?? {}) }]));
    expect(documented).toEqual(catalog);
  });

  it('produces every webhook type a configuration may subscribe to, each from one event', () => {
    const types = WEBHOOK_TYPES.map((webhook) => webhook.type);
    expect(new Set(types).size).toBe(types.length);
    expect([...types].sort()).toEqual([...WEBHOOK_EVENT_TYPES].sort());
    expect(WEBHOOK_TYPES.find((webhook) => webhook.type === 'song.changed')?.event).toBe('song:started');
  });

  it('offers SSE readers the events live clients get, now playing and the station by default, chat on request', () => {
    expect(DEFAULT_SSE_EVENTS).toEqual(['nowplaying', 'listeners', 'status', 'schedule:updated', 'request:new', 'store:away', 'store:back']);
    expect(SSE_EVENTS).toEqual([...DEFAULT_SSE_EVENTS, 'request:updated', 'chat:message', 'chat:deleted']);
    for (const event of SSE_EVENTS) expect(SOCKET_EVENTS).toContain(event);
    expect(SOCKET_EVENTS).not.toContain('song:started');
  });

  it('describes every payload the services publish, through a day of polls, requests and chat', async () => {
    const world = serviceWorld({ requests: { thresholdSeconds: 0, delaySeconds: 0 } });
    await world.station.applySnapshot(onAir('Choir', 'Amazing Grace', 3));
    const { request } = await world.requests.submit({ artist: 'Choir', song_title: 'It Is Well', message: 'for Mum' }, 'listener-1');
    world.advance(240);
    await world.station.applySnapshot(onAir('Choir', 'It Is Well', 5));
    await world.requests.submit({ artist: 'Choir', song_title: 'Zion Song' }, 'listener-2');
    await world.requests.resolve((await world.requests.list('pending', 1))[0]!.id, 'rejected');
    const posted = await world.chat.post({ nickname: 'Ruth', message: 'Amen' }, { client: '203.0.113.7' });
    await world.moderation.remove(posted.id, { name: 'Naomi', role: 'moderator' });
    await world.programme.start();
    await world.programme.change({ action: 'put', kind: 'shows', item: { id: 'praise', title: 'Morning Praise', days: ['mon'], start: '06:00', end: '09:00' } }, { name: 'Ruth' });
    world.advance(10);
    await world.station.applySnapshot(unreachable('timeout'));
    await world.station.applySnapshot(unreachable('timeout'));
    // The node's own notices, when its store (the real outage state of a Redis connection set) goes away and comes back.
    const outage = new RedisOutage(pino({ enabled: false }), () => world.now);
    announceStoreAvailability(outage, world.live, () => world.now);
    outage.wentDown(new Error('connection refused'));
    world.advance(30);
    outage.cameBack();

    const seen = new Set<EventName>();
    for (const { event, payload } of world.published) {
      seen.add(event);
      const errors = [...Value.Errors(EVENT_CATALOG[event].payload, payload)].map((e) => `${e.path} ${e.message}`);
      expect(errors, event).toEqual([]);
    }
    expect([...seen].sort()).toEqual(Object.keys(EVENT_CATALOG).sort());
    expect(world.published.find((p) => p.event === 'request:played')?.payload).toEqual({ ...request, status: 'played' });
    expect(world.published.filter((p) => p.event.startsWith('store:'))).toEqual([
      { event: 'store:away', payload: { since: Math.floor(world.now / 1000) - 30, retry_after: 5 } },
      { event: 'store:back', payload: { away_seconds: 30 } },
    ]);
  });

  it('names each webhook message as receivers de-duplicate it: one song start is one message', () => {
    const song = { id: 'a1b2', title: 'It Is Well', artist: 'Choir', text: 'Choir - It Is Well' };
    const nowPlaying = {
      now_playing: { song, played_at: 1_780_000_000, elapsed: 0 },
      song_history: [],
      listeners: { current: 1, peak_today: 1 },
      online: true,
      playing_next: null,
      live: NOBODY_LIVE,
    };
    expect(webhookOccurrenceOf('song:started', nowPlaying)).toEqual({ type: 'song.changed', id: 'msg_song_1780000000_a1b2' });
    // now playing is re-sent on every status change: it is no song change
    expect(webhookOccurrenceOf('nowplaying', nowPlaying)).toBeNull();
    const status = {
      online: false,
      listeners: 0,
      server_status: 'offline' as const,
      stream_url: '',
      website_url: '',
      uptime: { seconds: 0, human: '0d 0h 0m' },
      quality: 'unknown',
      genre: '',
    };
    expect(webhookOccurrenceOf('status', status)).toEqual({ type: 'station.offline' });
    expect(webhookOccurrenceOf('listeners', { current: 2, peak_today: 2 })).toBeNull();
  });
});
