import { isAppError } from '../errors.js';
import type { StationState } from './model.js';
import type { Store } from './ports.js';
import type { StoreAway } from './shapes.js';
import { storeAwayNotice } from './store-notice.js';

/** The stores the station's state is read from and written to. */
export type StationStores = Pick<Store, 'station' | 'requests' | 'availability' | 'claim'>;

/**
 * The station's state as this node reads it: fresh from the store, or, while the store is away,
 * the node's last known state (marked stale). The answers and the poll entry build on these reads.
 */
export abstract class StationReads {
  protected readonly store: Store['station'];

  constructor(protected readonly stores: StationStores) {
    this.store = stores.station;
  }

  /**
   * The stored state (shared and frozen), for callers that render it themselves. While the store
   * is away (or when this read finds it away) the node's last known state, without asking the
   * store: `staleSeconds` says so. Rejects only when the node knows no state at all.
   */
  state(): Promise<StationState> {
    const held = this.peek();
    if (held) return Promise.resolve(held);
    return this.store.read().catch((error: unknown) => {
      const known = isAppError(error) && error.code === 'UNAVAILABLE' ? this.store.lastKnown() : undefined;
      if (!known) throw error;
      return known.state;
    });
  }

  /** The state when it is at hand without I/O: fresh, or the last known one while the store is away. */
  peek(): StationState | undefined {
    return this.store.peek() ?? (this.stores.availability.awaySince() === null ? undefined : this.store.lastKnown()?.state);
  }

  /**
   * Seconds since the store last confirmed `state`, when it is answered while the store is away
   * (the HTTP `Age` of a stale answer); null when the store answers.
   */
  staleSeconds(state: StationState): number | null {
    if (this.stores.availability.awaySince() === null) return null;
    const known = this.store.lastKnown();
    return known?.state === state ? Math.floor(known.ageMs / 1000) : null;
  }

  /** The `store:away` notice while this node's store is away (for a live client that connects meanwhile); null while it answers. */
  storeAway(): StoreAway | null {
    const since = this.stores.availability.awaySince();
    return since === null ? null : storeAwayNotice(this.stores.availability, since);
  }
}
