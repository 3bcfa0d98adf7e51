import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';

export interface ReceivedWebhook {
  path: string;
  headers: Record<string, string>;
  body: string;
  /** What the receiver answered; 0 if it had not answered by the end of its handler. */
  status: number;
}

export interface WebhookReceiver {
  url: string;
  received: ReceivedWebhook[];
  /** How the next requests are answered (default: 200); `seen` = earlier attempts of this message at this path. */
  answer(handler: (req: IncomingMessage, res: ServerResponse, seen: ReceivedWebhook[]) => void): void;
  /** TCP connections open now, and the most open at once since the start. */
  connections: { open: number; max: number };
  /** Resolves with the first request (already received or coming) that `match` accepts. */
  next(match: (hook: ReceivedWebhook) => boolean): Promise<ReceivedWebhook>;
  close(): Promise<void>;
}

/** A webhook endpoint on 127.0.0.1, port 0, keeping every request it gets. */
export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const received: ReceivedWebhook[] = [];
  const waiting = new Set<{ match: (hook: ReceivedWebhook) => boolean; resolve: (hook: ReceivedWebhook) => void }>();
  let handler: (req: IncomingMessage, res: ServerResponse, seen: ReceivedWebhook[]) => void = (_req, res) => res.end();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const hook: ReceivedWebhook = { path: req.url ?? '', headers: req.headers as Record<string, string>, body: Buffer.concat(chunks).toString(), status: 0 };
      const seen = received.filter((r) => r.path === hook.path && r.headers['webhook-id'] === hook.headers['webhook-id']);
      handler(req, res, seen);
      hook.status = res.headersSent ? res.statusCode : 0;
      received.push(hook);
      for (const waiter of waiting) {
        if (waiter.match(hook)) {
          waiting.delete(waiter);
          waiter.resolve(hook);
        }
      }
    });
  });
  const connections = { open: 0, max: 0 };
  server.on('connection', (socket) => {
    connections.open += 1;
    connections.max = Math.max(connections.max, connections.open);
    socket.once('close', () => (connections.open -= 1));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    connections,
    answer: (next) => (handler = next),
    next: (match) => {
      const already = received.find(match);
      if (already) return Promise.resolve(already);
      return new Promise((resolve) => waiting.add({ match, resolve }));
    },
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
