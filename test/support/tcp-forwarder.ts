import { connect, createServer, type Server, type Socket } from 'node:net';

/**
 * A stand-in for a load balancer: a fixed loopback port forwarding each connection to the
 * current `target` port (changed when a node comes back elsewhere). A restarted node cannot
 * always take its old port at once: the connections it closed sit in TIME_WAIT.
 */
export class TcpForwarder {
  target = 0;
  private readonly sockets = new Set<Socket>();

  private constructor(
    private readonly server: Server,
    readonly port: number,
  ) {}

  static async start(target: number): Promise<TcpForwarder> {
    // eslint-disable-next-line prefer-const -- assigned once below, read by a callback made before it
    let forwarder: TcpForwarder | undefined;
    const server = createServer((client) => forwarder!.pipe(client));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    forwarder = new TcpForwarder(server, (server.address() as { port: number }).port);
    forwarder.target = target;
    return forwarder;
  }

  private pipe(client: Socket): void {
    const upstream = connect(this.target, '127.0.0.1');
    for (const socket of [client, upstream]) {
      this.sockets.add(socket);
      socket.on('error', () => undefined);
      socket.once('close', () => {
        this.sockets.delete(socket);
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream).pipe(client);
  }

  close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}
