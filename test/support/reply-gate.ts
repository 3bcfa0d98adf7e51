import { connect, createServer, type Server, type Socket } from 'node:net';

/**
 * A loopback proxy in front of Redis that can hold Redis's replies back while the commands still
 * reach it: Redis runs what it is sent, but the hub hears nothing until `release` (a reply slower
 * than the command timeout, without a frozen Redis). Held bytes are delivered in order.
 */
export class ReplyGate {
  private held = false;
  private readonly waiting: Array<() => void> = [];
  private readonly sockets = new Set<Socket>();

  private constructor(
    private readonly server: Server,
    readonly port: number,
  ) {}

  static async start(target: URL): Promise<ReplyGate> {
    // eslint-disable-next-line prefer-const -- assigned once below, read by a callback made before it
    let gate: ReplyGate | undefined;
    const server = createServer((client) => gate!.pipe(client, Number(target.port || 6379), target.hostname));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    gate = new ReplyGate(server, (server.address() as { port: number }).port);
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

  private pipe(client: Socket, port: number, host: string): void {
    const upstream = connect(port, host);
    for (const socket of [client, upstream]) {
      this.sockets.add(socket);
      socket.on('error', () => undefined);
      socket.once('close', () => {
        this.sockets.delete(socket);
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream);
    upstream.on('data', (chunk: Buffer) => {
      if (this.held || this.waiting.length > 0) this.waiting.push(() => client.write(chunk));
      else client.write(chunk);
    });
  }

  close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}
