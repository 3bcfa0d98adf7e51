/**
 * A line of tasks that run one after another, never two at once: for a connection whose commands
 * must not queue behind each other on its socket (a durable write and its WAIT, which blocks the
 * connection until the replicas answer). Each task learns whether it had to wait for another and
 * for how long, so a caller can refuse one that waited rather than send it late.
 */
export class OneAtATime {
  private tail: Promise<unknown> = Promise.resolve();
  private running = 0;

  /** Whether nothing runs or waits now. */
  get idle(): boolean {
    return this.running === 0;
  }

  run<T>(task: (turn: { waited: boolean; waitedMs: number }) => Promise<T>): Promise<T> {
    const waited = !this.idle;
    const joinedAt = performance.now();
    this.running += 1;
    const result = this.tail.then(() => task({ waited, waitedMs: performance.now() - joinedAt }));
    this.tail = result.then(
      () => (this.running -= 1),
      () => (this.running -= 1),
    );
    return result;
  }
}
