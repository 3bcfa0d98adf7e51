import type { Logger } from 'pino';

/** What a fold reports when an episode starts and when it ends. */
export interface Episode {
  /** How many times the trouble happened in the episode. */
  count: number;
  startedAt: number;
  /** The last time it happened. */
  lastAt: number;
  /** What the first trouble of the episode was (an error, when the caller gave one). */
  first: unknown;
}

/**
 * The one way a trouble that can repeat (a missed poll tick, a store that does not answer, an SSE
 * stream that cannot start, a queue library's error per retry) is logged: one line when an
 * episode starts, then nothing while it repeats, then one with the count once it has stayed away
 * for `quietMs` (seen at the next `fine()`). So a stall, a storm or a flap is two lines, not one
 * or two per occurrence; `quietMs` is the hysteresis that keeps a trouble recurring every other
 * time inside one episode (0: the first success ends it).
 */
export class TroubleFold {
  private episode: Episode | null = null;

  constructor(
    private readonly quietMs: number,
    private readonly clock: () => number,
    private readonly started: (episode: Episode) => void,
    private readonly ended: (episode: Episode) => void,
  ) {}

  /**
   * A backing service's failures (`happened(error)`) and its recovery (`fine()`): the first
   * failure is logged as `lines.failing` with its reason, the first success after them as
   * `lines.recovered` with how many failed meanwhile.
   */
  static failures(log: Logger, lines: { failing: string; recovered: string }): TroubleFold {
    return new TroubleFold(
      0,
      Date.now,
      (episode) => log.warn({ reason: reasonOf(episode.first) }, lines.failing),
      (episode) => log.info({ failed: episode.count }, lines.recovered),
    );
  }

  get active(): boolean {
    return this.episode !== null;
  }

  /** The trouble happened (`times` more, `first` what it was when it starts an episode). */
  happened(first?: unknown, times = 1): void {
    const now = this.clock();
    if (this.episode) {
      this.episode.count += times;
      this.episode.lastAt = now;
      return;
    }
    this.episode = { count: times, startedAt: now, lastAt: now, first };
    this.started(this.episode);
  }

  /** Things went right this time: ends the episode once the trouble has stayed away long enough. */
  fine(): void {
    const episode = this.episode;
    if (!episode || this.clock() - episode.lastAt < this.quietMs) return;
    this.episode = null;
    this.ended(episode);
  }
}

/** A trouble as one log field: an error's name and message, anything else as text. */
export const reasonOf = (error: unknown): string => (error instanceof Error ? `${error.name}: ${error.message}` : String(error));
