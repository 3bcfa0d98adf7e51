import type { Logger } from 'pino';

/** A warning repeated within this long is counted, not written. */
const FOLD_MS = 60_000;

/**
 * Warnings that may repeat (an error event a library fires per job or per retry): the first of
 * each message is written, repeats within a minute are counted and told with the next one written.
 */
export class FoldedWarnings {
  private readonly seen = new Map<string, { at: number; repeated: number }>();

  constructor(
    private readonly log: Logger,
    private readonly now: () => number = () => performance.now(),
  ) {}

  warn(error: Error, msg: string): void {
    const key = `${msg}: ${error.message}`;
    const last = this.seen.get(key);
    const now = this.now();
    if (last && now - last.at < FOLD_MS) {
      last.repeated += 1;
      return;
    }
    if (this.seen.size > 100) this.seen.clear();
    this.seen.set(key, { at: now, repeated: 0 });
    this.log.warn({ reason: error.message, repeatedBefore: last?.repeated ?? 0 }, msg);
  }
}
