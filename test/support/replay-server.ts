import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';

export interface ReplayServer {
  url: string;
  /** Each request received: when, its path, user agent and credentials. */
  requests: Array<{ at: number; path: string; userAgent: string; authorization: string }>;
  /** What the next requests get. */
  respond(handler: (req: IncomingMessage, res: ServerResponse) => void): void;
  close(): Promise<void>;
}

/** A local HTTP server answering with whatever a test sets: documented stream-server pages. */
export async function startReplayServer(host = '127.0.0.1'): Promise<ReplayServer> {
  let handler: (req: IncomingMessage, res: ServerResponse) => void = (_, res) => res.end();
  const requests: ReplayServer['requests'] = [];
  const server: Server = createServer((req, res) => {
    requests.push({ at: Date.now(), path: req.url ?? '', userAgent: req.headers['user-agent'] ?? '', authorization: req.headers.authorization ?? '' });
    handler(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://${host}:${port}`,
    requests,
    respond: (next) => (handler = next),
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

export const sendText =
  (body: string, type = 'application/json') =>
  (_: IncomingMessage, res: ServerResponse) => {
    res.writeHead(200, { 'content-type': type });
    res.end(body);
  };

/** Answers by path (the query included, e.g. "/7.html?sid=2"): the exact bytes given; 404 otherwise. */
export const sendByPath = (pages: Record<string, { body: string | Buffer; type: string; status?: number }>) => (req: IncomingMessage, res: ServerResponse) => {
  const page = pages[req.url ?? ''];
  res.writeHead(page ? (page.status ?? 200) : 404, { 'content-type': page?.type ?? 'text/plain' });
  res.end(page ? page.body : 'not found');
};
