import type { Socket } from 'node:net';
import { TcpForwarder } from './tcp-forwarder.js';

/**
 * A loopback proxy in front of Redis that can hold Redis's replies back while the commands still
 * reach it: Redis runs what it is sent, but the hub hears nothing until `release` (a reply slower
 * than the command timeout, without a frozen Redis). Held bytes are delivered in order.
 */
export class ReplyGate extends TcpForwarder {
  private held = false;
  private readonly waiting: Array<() => void> = [];

  static async before(redis: URL): Promise<ReplyGate> {
    const gate = new ReplyGate();
    gate.target = Number(redis.port || 6379);
    gate.host = redis.hostname;
    await gate.listen();
    return gate;
  }

  /** From now on Redis's replies wait here. */
  hold(): void {
    this.held = true;
  }

  /** Delivers the replies held so far, and lets the next ones through. */
  release(): void {
    this.held = false;
    for (const deliver of this.waiting.splice(0)) deliver();
  }

  protected override relay(upstream: Socket, client: Socket): void {
    upstream.on('data', (chunk: Buffer) => {
      if (this.held || this.waiting.length > 0) this.waiting.push(() => client.write(chunk));
      else client.write(chunk);
    });
  }
}
