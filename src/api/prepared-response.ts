/**
 * The serialised answer for one station state and one second. Status, stats and now playing
 * depend only on the polled state (new every few seconds) and the current second (uptime,
 * timestamp, elapsed), so thousands of polling apps cost one serialisation a second, not one each.
 */
export class PreparedResponse {
  private state: object | null = null;
  private second = -1;
  private body: Buffer = Buffer.alloc(0);

  get(state: object, second: number, build: () => Buffer): Buffer {
    if (state !== this.state || second !== this.second) {
      this.body = build();
      this.state = state;
      this.second = second;
    }
    return this.body;
  }
}
