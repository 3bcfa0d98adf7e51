import { connect, createServer, type AddressInfo, type Socket } from 'node:net';

/**
 * A stand-in for a load balancer: a fixed loopback port forwarding each connection to the
 * current `target` port (changed when a node comes back elsewhere). A restarted node cannot
 * always take its old port at once: the connections it closed sit in TIME_WAIT.
 */
export class TcpForwarder {
  target = 0;
  host = '127.0.0.1';
  private readonly sockets = new Set<Socket>();
  private readonly server = createServer((client) => this.pipe(client));

  static async start(target: number): Promise<TcpForwarder> {
    const forwarder = new TcpForwarder();
    forwarder.target = target;
    await forwarder.listen();
    return forwarder;
  }

  get port(): number {
    return (this.server.address() as AddressInfo).port;
  }

  protected listen(): Promise<void> {
    return new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
  }

  /** How the target's bytes reach the client: as they come. */
  protected relay(upstream: Socket, client: Socket): void {
    upstream.pipe(client);
  }

  private pipe(client: Socket): void {
    const upstream = connect(this.target, this.host);
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
    this.relay(upstream, client);
  }

  close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}
