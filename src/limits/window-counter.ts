/** A count in a fixed window: how many hits the key has now, and when its window ends. */
export interface WindowCount {
  count: number;
  /** Milliseconds until the window resets. */
  resetMs: number;
}

/**
 * The counting port of the limits module: fixed windows of one length per counter, one count per
 * key. Stores only count (in this process, or in Redis shared by every node); the policy of what
 * is counted, against which budget, lives in limits/.
 */
export interface WindowCounter {
  hit(key: string): Promise<WindowCount>;
  /** The same, synchronously, where the count lives in this process (lets the HTTP edge skip a promise). */
  hitNow?(key: string): WindowCount;
}

/** Makes the counters a policy needs: `name` keeps their keys apart, `windowSeconds` is their window. */
export type WindowCounterFactory = (name: string, windowSeconds: number) => WindowCounter;
