import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Logger } from 'pino';
import type { Metrics } from './metrics.js';

/**
 * GET /metrics on its own port (`metrics.port`), apart from the public API: Prometheus scrapes it
 * on the private network, and nothing about it passes the public edge, its rate limit or nginx.
 */
export class MetricsServer {
  private readonly server: Server;

  constructor(
    metrics: Pick<Metrics, 'scrape'>,
    private readonly log: Logger,
  ) {
    this.server = createServer((req, res) => {
      const path = (req.url ?? '').split('?')[0];
      if (path !== '/metrics' || (req.method !== 'GET' && req.method !== 'HEAD')) {
        res.writeHead(404, { 'Content-Type': 'text/plain' }).end('only GET /metrics here\n');
        return;
      }
      metrics.scrape().then(
        ({ contentType, body }) => res.writeHead(200, { 'Content-Type': contentType }).end(req.method === 'HEAD' ? undefined : body),
        (error: unknown) => {
          this.log.error({ err: error }, 'metrics scrape failed');
          res.writeHead(500, { 'Content-Type': 'text/plain' }).end('scrape failed\n');
        },
      );
    });
  }

  listen(host: string, port: number): Promise<number> {
    return new Promise((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(port, host, () => {
        this.server.off('error', reject);
        resolve((this.server.address() as AddressInfo).port);
      });
    });
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}
