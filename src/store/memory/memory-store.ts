import { MemoryAudienceLog } from './memory-audience-log.js';
import { systemClock, type Clock } from '../../station/clock.js';
import { ALWAYS_AVAILABLE, type Store, type StoreLimits } from '../../station/ports.js';
import { MemoryArtworkStore } from './memory-artwork-store.js';
import { MemoryAuditLog } from './memory-audit-log.js';
import { MemoryStaffKeys } from './memory-staff-keys.js';
import { MemoryChatLog } from './memory-chat-log.js';
import { MemoryFeedbackLog } from './memory-feedback-log.js';
import { MemoryLiveEventLog } from './memory-live-event-log.js';
import { MemoryModerationStore } from './memory-moderation-store.js';
import { MemoryWindowCounter } from './memory-window-counter.js';
import { MemoryRequestQueue } from './memory-request-queue.js';
import { MemoryRevenueLedger } from './memory-revenue-ledger.js';
import { MemoryProgrammeStore } from './memory-programme-store.js';
import { MemoryStationStore } from './memory-station-store.js';

/** The default store: one process, nothing to install, bounded so it cannot grow without end. */
export function createMemoryStore(limits: StoreLimits, clock: Clock = systemClock): Store {
  const claims = new Map<string, number>();
  return {
    kind: 'memory',
    availability: ALWAYS_AVAILABLE,
    chat: new MemoryChatLog(limits.chatHistory, clock),
    requests: new MemoryRequestQueue(limits.requestHistory),
    feedback: new MemoryFeedbackLog(limits.feedbackHistory),
    station: new MemoryStationStore(),
    moderation: new MemoryModerationStore(clock),
    audit: new MemoryAuditLog(),
    staffKeys: new MemoryStaffKeys(),
    revenue: new MemoryRevenueLedger(),
    programme: new MemoryProgrammeStore(),
    audience: new MemoryAudienceLog(),
    artwork: new MemoryArtworkStore(limits.artworkLookups, limits.artworkImages, clock),
    counter: (_name: string, windowSeconds: number) => new MemoryWindowCounter(windowSeconds, limits.maxTrackedClients, clock),
    liveEvents: new MemoryLiveEventLog(limits.liveEventHistory, clock),
    claim: async (key: string, ttlMs: number) => {
      const now = clock();
      for (const [held, until] of claims) if (until <= now) claims.delete(held);
      if (claims.has(key)) return false;
      claims.set(key, now + ttlMs);
      return true;
    },
    ping: async () => undefined,
  };
}
