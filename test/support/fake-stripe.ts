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
 * answering as Stripe does (objects, error bodies, idempotent replays: a key is the account's,
 * so one reused on another endpoint or with other parameters is a 400 `idempotency_error`). The
 * official SDK still does all the talking; this only records what it sent.
 */
export class FakeStripe {
  readonly calls: StripeCall[] = [];
  /** When set, the next calls fail with this Stripe error body and status. */
  failWith: { status: number; error: Record<string, unknown> } | null = null;
  /** When set, connections are cut without an answer (a network failure). */
  cutConnections = false;
  private readonly replies = new Map<string, { request: string; reply: string }>();
  /** Every Product and Price made (not the replays): a Product no Price names is an orphan. */
  readonly made: Array<{ id: string; product?: string }> = [];
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
        const request = `${req.url}|${body}`;
        const seen = typeof key === 'string' ? this.replies.get(key) : undefined;
        const failure =
          this.failWith ??
          (seen && seen.request !== request
            ? {
                status: 400,
                error: {
                  type: 'idempotency_error',
                  message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${String(key)}' if you meant to execute a different request.`,
                },
              }
            : null);
        if (failure) {
          res.writeHead(failure.status, { 'content-type': 'application/json', 'request-id': 'req_test' });
          res.end(JSON.stringify({ error: failure.error }));
          return;
        }
        const reply = seen?.reply ?? this.create(req.url ?? '', params);
        if (typeof key === 'string') this.replies.set(key, { request, reply });
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
      const made = { id: id('prod') };
      this.made.push(made);
      return JSON.stringify({ id: made.id, object: 'product', name: params.name, description: params.description ?? null, active: true, created: 1_780_000_000 });
    }
    if (path === '/v1/prices') {
      const made = { id: id('price'), product: params.product };
      this.made.push(made);
      return JSON.stringify({
        id: made.id,
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
