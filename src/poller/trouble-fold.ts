/** What a fold reports when an episode ends. */
export interface Episode {
  /** How many times the trouble happened in the episode. */
  count: number;
  startedAt: number;
  /** The last time it happened. */
  lastAt: number;
}

/**
 * One kind of trouble that can repeat at every tick (a missed tick, a skipped one, a failed
 * poll), as log lines: one when an episode starts, then nothing while it repeats, then one with
 * the count once it has stayed away for `quietMs` (seen at the next `fine()`). So a stall, a
 * storm or a flap is two lines, not one or two per tick; `quietMs` is the hysteresis that keeps a
 * trouble recurring every other tick inside one episode.
 */
export class TroubleFold {
  private episode: Episode | null = null;

  constructor(
    private readonly quietMs: number,
    private readonly clock: () => number,
    private readonly started: (episode: Episode) => void,
    private readonly ended: (episode: Episode) => void,
  ) {}

  get active(): boolean {
    return this.episode !== null;
  }

  /** The trouble happened `times` more. */
  happened(times = 1): void {
    const now = this.clock();
    if (this.episode) {
      this.episode.count += times;
      this.episode.lastAt = now;
      return;
    }
    this.episode = { count: times, startedAt: now, lastAt: now };
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
