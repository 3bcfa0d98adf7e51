import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';

export interface StripeCall {
  method: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
  /** The form-encoded body the SDK sent, decoded. */
  params: Record<string, string>;
}

/**
 * A local stand-in for the two Stripe endpoints plans need (POST /v1/products, /v1/prices),
 * answering as Stripe does (objects, error bodies, idempotent replays). The official SDK still
 * does all the talking; this only records what it sent.
 */
export class FakeStripe {
  readonly calls: StripeCall[] = [];
  /** When set, the next calls fail with this Stripe error body and status. */
  failWith: { status: number; error: Record<string, unknown> } | null = null;
  /** When set, connections are cut without an answer (a network failure). */
  cutConnections = false;
  private readonly replies = new Map<string, string>();
  private server!: Server;
  port = 0;

  async start(): Promise<void> {
    this.server = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        if (this.cutConnections) {
          req.socket.destroy();
          return;
        }
        const params = Object.fromEntries(new URLSearchParams(body));
        this.calls.push({ method: req.method ?? '', path: req.url ?? '', headers: req.headers, params });
        const key = req.headers['idempotency-key'];
        const replayKey = typeof key === 'string' ? `${req.url}|${key}` : null;
        if (this.failWith) {
          res.writeHead(this.failWith.status, { 'content-type': 'application/json', 'request-id': 'req_test' });
          res.end(JSON.stringify({ error: this.failWith.error }));
          return;
        }
        const reply = (replayKey && this.replies.get(replayKey)) || this.create(req.url ?? '', params);
        if (replayKey) this.replies.set(replayKey, reply);
        res.writeHead(200, { 'content-type': 'application/json', 'request-id': 'req_test' });
        res.end(reply);
      });
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as { port: number }).port;
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  private create(path: string, params: Record<string, string>): string {
    const id = (prefix: string) => `${prefix}_${randomBytes(8).toString('hex')}`;
    if (path === '/v1/products') {
      return JSON.stringify({ id: id('prod'), object: 'product', name: params.name, description: params.description ?? null, active: true, created: 1_780_000_000 });
    }
    if (path === '/v1/prices') {
      return JSON.stringify({
        id: id('price'),
        object: 'price',
        product: params.product,
        unit_amount: Number(params.unit_amount),
        currency: params.currency,
        recurring: { interval: params['recurring[interval]'], interval_count: Number(params['recurring[interval_count]']) },
        type: 'recurring',
        active: true,
      });
    }
    return JSON.stringify({ error: { type: 'invalid_request_error', message: `Unrecognized request URL (POST: ${path})` } });
  }
}
