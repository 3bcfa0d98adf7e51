/**
 * Refusals a budget has given, each kept until its window resets, so a client past a budget is
 * refused again without asking the store. Certain, not a guess: a fixed window's count only grows
 * until the window ends (window-counter.ts; a `release`, the song request delay's or a request
 * charged twice given one back, forgets the key's refusal). Bounded: at `capacity` the oldest refusal goes first (with one window length
 * per budget, the oldest is also the first to reset), and a reset one is dropped when read.
 */
export class RefusalMemory {
  /** Client key → clock ms at which its window resets. */
  private readonly resetAt = new Map<string, number>();

  constructor(
    private readonly capacity: number,
    private readonly clock: () => number,
  ) {}

  /** Remembers that `key` is refused for `resetMs` more milliseconds. */
  remember(key: string, resetMs: number): void {
    if (resetMs <= 0 || this.capacity <= 0) return;
    this.resetAt.delete(key);
    if (this.resetAt.size >= this.capacity) this.resetAt.delete(this.resetAt.keys().next().value!);
    this.resetAt.set(key, this.clock() + resetMs);
  }

  /** Forgets `key`'s refusal (its count was given one back: it may be under the limit again). */
  forget(key: string): void {
    this.resetAt.delete(key);
  }

  /** Milliseconds until `key`'s remembered refusal ends; undefined when none is remembered (or it ended). */
  refusedFor(key: string): number | undefined {
    const until = this.resetAt.get(key);
    if (until === undefined) return undefined;
    const left = until - this.clock();
    if (left > 0) return left;
    this.resetAt.delete(key);
    return undefined;
  }

  get size(): number {
    return this.resetAt.size;
  }
}
