import { toUnixSeconds, type Clock } from './clock.js';
import type { LiveHub } from './live-hub.js';
import type { StoreAvailability } from './ports.js';
import type { StoreAway } from './shapes.js';

/** The `store:away` payload for the outage this node found at `awaySinceMs`. */
export function storeAwayNotice(availability: StoreAvailability, awaySinceMs: number): StoreAway {
  return { since: toUnixSeconds(awaySinceMs), retry_after: availability.retryAfterSeconds };
}

/**
 * Tells this node's live clients when its store goes away and when it is back (`store:away`,
 * `store:back`; node-only events of the catalog): each node finds the outage itself, so each
 * tells its own clients, and nothing about it needs the store that is away.
 */
export function announceStoreAvailability(availability: StoreAvailability, live: LiveHub, clock: Clock): void {
  let awaySince: number | null = null;
  availability.onChange((since) => {
    if (since !== null) {
      awaySince = since;
      live.publish('store:away', storeAwayNotice(availability, since));
      return;
    }
    const awaySeconds = awaySince === null ? 0 : Math.max(0, Math.round((clock() - awaySince) / 1000));
    awaySince = null;
    live.publish('store:back', { away_seconds: awaySeconds });
  });
}
