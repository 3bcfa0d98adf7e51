/** A call waiting on Redis, in the order it started. */
interface Waiting {
  readonly deadline: number;
  settled: boolean;
  readonly expire: () => void;
}

/** Entries already passed at the head are dropped from the array once they are this many and half of it. */
const COMPACT_AFTER = 1024;

/**
 * Command timeouts on one timer for calls that all wait the same time: their deadlines come in
 * the order they started, so only the oldest pending call needs a timer. A timer (and its clear),
 * a second promise and a race per call cost more CPU than the rest of a budget check's JavaScript.
 *
 * The rule is the one a timer per call had: a call is refused once it has waited `timeoutMs`
 * and then one more turn of the loop (setImmediate runs after the loop's poll for I/O), so an
 * answer that arrived while this process was busy (a long fan-out, a GC, a starved CPU) still wins
 * and only a silent Redis times out.
 */
export class DeadlineLine {
  private readonly waiting: Waiting[] = [];
  private head = 0;
  private timer: NodeJS.Timeout | undefined = undefined;

  constructor(
    private readonly timeoutMs: number,
    /** The refusal of a call that timed out. */
    private readonly timedOut: () => Error,
  ) {}

  /**
   * `pending`'s outcome, or `timedOut()` once it has been silent past the timeout. `onValue` and
   * `onError`, when given, see whichever comes first (the answer, its failure, or the timeout's
   * error), exactly once, and the promise settles with what they return or throw: the caller's own
   * step on the outcome rides on this line's callback instead of one more promise of its own
   * (a budget check on Redis runs this on every request).
   */
  bound<T, R = T>(pending: Promise<T>, onValue?: (value: T) => R, onError?: (error: unknown) => R): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      const fail = (error: unknown): void => {
        if (!onError) {
          // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- the call's own rejection, passed on as it came
          reject(error);
          return;
        }
        try {
          resolve(onError(error));
        } catch (refusal) {
          // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- what the caller's step threw, passed on as it came
          reject(refusal);
        }
      };
      const entry: Waiting = {
        deadline: performance.now() + this.timeoutMs,
        settled: false,
        expire: () => fail(this.timedOut()),
      };
      this.waiting.push(entry);
      this.timer ??= this.arm(this.timeoutMs);
      pending.then(
        (value) => {
          if (entry.settled) return;
          entry.settled = true;
          this.dropSettled();
          if (!onValue) {
            resolve(value as unknown as R);
            return;
          }
          try {
            resolve(onValue(value));
          } catch (error) {
            // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- what the caller's step threw, passed on as it came
            reject(error);
          }
        },
        (error: unknown) => {
          if (entry.settled) return;
          entry.settled = true;
          this.dropSettled();
          fail(error);
        },
      );
    });
  }

  /** Answers come mostly in order (one connection): the head is passed as soon as it settles. */
  private dropSettled(): void {
    const { waiting } = this;
    while (this.head < waiting.length && waiting[this.head]!.settled) this.head++;
    if (this.head === waiting.length) {
      waiting.length = 0;
      this.head = 0;
    } else if (this.head >= COMPACT_AFTER && this.head * 2 >= waiting.length) {
      waiting.splice(0, this.head);
      this.head = 0;
    }
  }

  // Unref'd: a pending call's own socket keeps the process alive; the timer must not hold a
  // process that is shutting down.
  private arm(ms: number): NodeJS.Timeout {
    const timer = setTimeout(() => this.check(), ms);
    timer.unref();
    return timer;
  }

  /** The head's deadline came: every call past its own gets one more turn of the loop, then is refused. */
  private check(): void {
    this.timer = undefined;
    this.dropSettled();
    const now = performance.now();
    const { waiting } = this;
    const expired: Waiting[] = [];
    while (this.head < waiting.length && waiting[this.head]!.deadline <= now) {
      const entry = waiting[this.head++]!;
      if (!entry.settled) expired.push(entry);
    }
    if (expired.length > 0) {
      setImmediate(() => {
        for (const entry of expired) {
          if (entry.settled) continue;
          entry.settled = true;
          entry.expire();
        }
      });
    }
    this.dropSettled();
    if (this.head < waiting.length) this.timer = this.arm(Math.max(1, Math.ceil(waiting[this.head]!.deadline - now)));
  }
}
