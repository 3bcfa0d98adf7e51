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
  /**
   * The same, synchronously, where the count lives in this process (lets the HTTP edge skip a
   * promise); undefined when it must be asked with `hit` (a shared counter while its store answers).
   */
  hitNow?(key: string): WindowCount | undefined;
  /**
   * The counter a hit would count in now, when this one hands its hits on (a shared counter that
   * counts in memory while its store is away: the shared one while the store answers). A store
   * step that counts a budget inside a larger script of its own asks this. Absent: itself.
   */
  countingIn?(): WindowCounter;
  /** The key's count now without adding to it (0, and resetMs 0, when its window has not started). */
  peek(key: string): Promise<WindowCount>;
  /** Gives back one hit of the key's current window (never below 0): for a claim that came to nothing. */
  release(key: string): Promise<void>;
}

/** Makes the counters a policy needs: `name` keeps their keys apart, `windowSeconds` is their window. */
export type WindowCounterFactory = (name: string, windowSeconds: number) => WindowCounter;
