import type { Logger } from 'pino';

/**
 * One log line per state change for something that fails again and again while a backing
 * service is away (SSE streams that cannot start, events the history cannot record): the first
 * failure is logged with its reason, the next ones are only counted, and the first success after
 * them says how many failed meanwhile. Never a line, let alone a stack, per failure.
 */
export class FaultStreak {
  private failures = 0;

  constructor(
    private readonly log: Logger,
    private readonly lines: { failing: string; recovered: string },
  ) {}

  failed(error: unknown): void {
    this.failures += 1;
    if (this.failures === 1) this.log.warn({ reason: error instanceof Error ? `${error.name}: ${error.message}` : String(error) }, this.lines.failing);
  }

  succeeded(): void {
    if (this.failures === 0) return;
    this.log.info({ failed: this.failures }, this.lines.recovered);
    this.failures = 0;
  }
}
