import type { ArtworkFinder } from '../../src/station/track-details.js';
import { pino } from 'pino';
import { Limits } from '../../src/limits/limits.js';
import { declaredBudgets } from '../../src/limits/budget-declarations.js';
import { AuditTrail } from '../../src/station/audit-trail.js';
import { ChatModeration } from '../../src/station/chat-moderation.js';
import { ChatService } from '../../src/station/chat-service.js';
import { ContentFilter } from '../../src/station/content-filter.js';
import { FeedbackService } from '../../src/station/feedback-service.js';
import type { LiveEvents, LiveHub } from '../../src/station/live-hub.js';
import { ReservedNicknames } from '../../src/station/nickname-skeleton.js';
import { RequestService } from '../../src/station/request-service.js';
import { RevenueService } from '../../src/station/revenue-service.js';
import { ProgrammeService } from '../../src/station/programme-service.js';
import { StationService } from '../../src/station/station-service.js';
import type { StreamSnapshot } from '../../src/station/stream-snapshot.js';
import { createMemoryStore } from '../../src/store/memory/memory-store.js';
import { MemoryWindowCounter } from '../../src/store/memory/memory-window-counter.js';

export const STATION_ZONE = 'America/Chicago';
/** The logo a song without artwork shows (`song.art` is never empty). */
export const STATION_LOGO = '/assets/logo-test.svg';

export interface WorldSettings {
  chatPerClient: { limit: number; windowSeconds: number };
  chatPerConnection: { limit: number; windowSeconds: number };
  repeatWindowSeconds: number;
  reservedNicknames: string[];
  requests: { thresholdSeconds: number; delaySeconds: number; listenerPriority?: 'shown' | 'ordered' };
  staleSongSeconds: number;
  /** Finds artwork for a song that came without (none: such a song shows the logo). */
  artwork?: ArtworkFinder;
}

/** The shipped defaults (config/default.json) where a test does not say otherwise. */
const DEFAULTS: WorldSettings = {
  chatPerClient: { limit: 5, windowSeconds: 10 },
  chatPerConnection: { limit: 5, windowSeconds: 10 },
  repeatWindowSeconds: 60,
  reservedNicknames: ['admin', 'moderator'],
  requests: { thresholdSeconds: 900, delaySeconds: 300, listenerPriority: 'shown' },
  staleSongSeconds: 1200,
};

/**
 * The domain services wired as src/app.ts wires them, on the in-memory store, with a clock the
 * test moves by assignment (`world.now = ...`) and a live hub that records what every service published.
 * No HTTP, no sockets, no timers: time passes only when a test says so.
 */
export function serviceWorld(overrides: Partial<WorldSettings> = {}) {
  const settings = { ...DEFAULTS, ...overrides };
  const world = {
    now: Date.parse('2026-06-01T12:00:00Z'),
    published: [] as Array<{ event: keyof LiveEvents; payload: unknown }>,
    /** Moves the clock forward. */
    advance(seconds: number) {
      world.now += seconds * 1000;
    },
    /** The names of the events published so far, in order. */
    eventNames() {
      return world.published.map((p) => p.event);
    },
    /** The events published since the last call (or the start), in order; forgets them. */
    takePublished() {
      return world.published.splice(0);
    },
  };
  const clock = () => world.now;
  const live: LiveHub = {
    publish: (event, payload) => {
      world.published.push({ event, payload });
    },
    publishRecorded: (event, payload) => {
      world.published.push({ event, payload });
    },
  };
  const store = createMemoryStore(
    { chatHistory: 50, requestHistory: 50, feedbackHistory: 50, maxTrackedClients: 1000, liveEventHistory: 500, artworkLookups: 10_000, artworkImages: 500 },
    clock,
  );
  const limits = new Limits(
    {
      trustProxy: [],
      ipv6PrefixLength: 64,
      budgets: declaredBudgets({
        rateLimit: {
          mobile: { limit: 100, windowSeconds: 3600 },
          chat: settings.chatPerClient,
          sseOpens: { limit: 1000, windowSeconds: 60 },
          adminSignIn: { limit: 10, windowSeconds: 900 },
          paymentWebhook: { limit: 600, windowSeconds: 60 },
          staffActions: { limit: 300, windowSeconds: 3600 },
          reports: { limit: 60, windowSeconds: 60 },
          artwork: { limit: 600, windowSeconds: 3600 },
          nowPlayingPush: { limit: 60, windowSeconds: 60 },
        },
        chat: { socketFlood: { messages: settings.chatPerConnection.limit, windowSeconds: settings.chatPerConnection.windowSeconds } },
        live: { maxConnectionsPerClient: 20 },
        requests: { delaySeconds: settings.requests.delaySeconds },
        budgets: {},
      }),
    },
    { shared: store.counter, local: (_name, windowSeconds) => new MemoryWindowCounter(windowSeconds, 1000, clock) },
  );
  const chat = new ChatService({
    log: store.chat,
    moderation: store.moderation,
    filter: new ContentFilter({ links: 'block', blockedWords: [], allowedWords: [] }),
    budget: limits,
    live,
    clock,
    repeatWindowSeconds: settings.repeatWindowSeconds,
    reserved: new ReservedNicknames(settings.reservedNicknames),
  });
  const station = new StationService(
    store,
    { genre: 'Gospel', websiteUrl: 'https://radio.example', streamUrl: 'https://radio.example/live', timezone: STATION_ZONE, logoUrl: STATION_LOGO },
    { pollSeconds: 10, recentlyPlayedSeconds: settings.requests.thresholdSeconds, staleSongSeconds: settings.staleSongSeconds, pushGraceSeconds: 30 },
    clock,
    live,
    pino({ level: 'silent' }),
    null,
    settings.artwork ?? null,
  );
  const requests = new RequestService(store, live, { listenerPriority: 'shown', ...settings.requests }, clock, limits);
  const feedback = new FeedbackService(store, clock);
  const revenue = new RevenueService(store.revenue, STATION_ZONE, clock);
  const audit = new AuditTrail(store.audit, clock, pino({ level: 'silent' }), 30);
  const moderation = new ChatModeration({ log: store.chat, moderation: store.moderation, live, audit, clock });
  const programme = new ProgrammeService({ store: store.programme, seedItems: { shows: [], events: [], playlists: [] }, timezone: STATION_ZONE, live, clock });
  return Object.assign(world, { store, limits, chat, moderation, audit, station, requests, feedback, revenue, live, programme });
}

/** A poll of a station on air playing `artist - title` to `listeners`. */
export function onAir(artist: string, title: string, listeners = 10): StreamSnapshot {
  return {
    reachable: true,
    online: true,
    listeners,
    song: { artist, title },
    bitrateKbps: 128,
    codec: 'MP3',
    streamStartedAt: null,
    averageListeningSeconds: null,
  };
}
