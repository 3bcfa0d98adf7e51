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

  /** `pending`'s outcome, or `timedOut()` once it has been silent past the timeout. */
  bound<T>(pending: Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const entry: Waiting = {
        deadline: performance.now() + this.timeoutMs,
        settled: false,
        expire: () => reject(this.timedOut()),
      };
      this.waiting.push(entry);
      this.timer ??= this.arm(this.timeoutMs);
      pending.then(
        (value) => {
          if (entry.settled) return;
          entry.settled = true;
          resolve(value);
          this.dropSettled();
        },
        (error: unknown) => {
          if (entry.settled) return;
          entry.settled = true;
          // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- the call's own rejection, passed on as it came
          reject(error);
          this.dropSettled();
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
