import type { TemplatedApp, us_listen_socket } from 'uWebSockets.js';
import uWS, { closeConnections, listenExclusive, listenShared, listeningPort, stopListening } from './uws.js';
import type { Logger } from 'pino';
import type { ServerCatalog } from '../messages/en.js';
import type { AdminAuth } from './admin-auth.js';
import type { CorsPolicy } from './cors.js';
import type { Exchange } from './exchange.js';
import { ReplyWriter } from './reply.js';
import { RequestPipeline, type ClientResolver } from './request-pipeline.js';
import type { RouteDefinition } from './route.js';
import { RouteTable, type RouteBudgets } from './route-table.js';

export interface HttpServerOptions {
  routes: readonly RouteDefinition[];
  bodyLimitBytes: number;
  cors: CorsPolicy;
  clients: ClientResolver;
  /** The budgets routes name (route.ts `budget`), and the defaults; none: no route may name one. */
  budgets: RouteBudgets | null;
  adminAuth: AdminAuth;
  log: Logger;
  /** The station's language, for errors to clients that ask for none we speak (default English). */
  language?: ServerCatalog;
  /** Told when each request is done, with its status (0: the client left first). */
  onRequestFinished?: (ex: Exchange, status: number) => void;
}

/**
 * The uWS edge: owns the app and its listening socket, hands every request to the pipeline, and
 * knows how many are in flight so a shutdown can let them finish. Nothing here knows about radio.
 */
export class HttpServer {
  readonly app: TemplatedApp = uWS.App();
  readonly table: RouteTable;
  private listenSocket: us_listen_socket | null = null;
  private inFlight = 0;
  private drained: (() => void) | null = null;

  constructor(options: HttpServerOptions) {
    const table = new RouteTable(options.routes, options.budgets);
    this.table = table;
    const pipeline = new RequestPipeline({
      bodyLimitBytes: options.bodyLimitBytes,
      clients: options.clients,
      unmatchedBudget: (path) => table.unmatchedBudget(path),
      adminAuth: options.adminAuth,
      reply: new ReplyWriter(options.cors, options.log, options.language),
      log: options.log,
      timesRequests: options.onRequestFinished !== undefined,
      onFinished: (ex, status) => {
        options.onRequestFinished?.(ex, status);
        this.inFlight--;
        if (this.inFlight === 0) this.drained?.();
      },
    });
    for (const entry of this.table.paths.values()) {
      this.app.any(entry.path, (res, req) => {
        this.inFlight++;
        pipeline.handle(res, req, entry);
      });
    }
    this.app.any('/*', (res, req) => {
      this.inFlight++;
      pipeline.handle(res, req, null);
    });
  }

  /** Every route served, in declaration order (the OpenAPI document lists them). */
  get routes(): readonly RouteDefinition[] {
    return this.table.routes;
  }

  /**
   * Exclusive by default: a second instance on a busy port fails instead of silently sharing it.
   * `sharedPort`: the workers of one group (server.workers > 1) share the port on purpose.
   */
  async listen(host: string, port: number, sharedPort = false): Promise<number> {
    const socket = await (sharedPort ? listenShared : listenExclusive)(this.app, host, port);
    if (!socket) throw new Error(`cannot listen on ${host}:${port}: the address is in use or not available`);
    this.listenSocket = socket;
    return listeningPort(socket);
  }

  /** Closes the listening socket; connections already open keep being served. */
  stopAccepting(): void {
    if (this.listenSocket) stopListening(this.listenSocket);
    this.listenSocket = null;
  }

  /**
   * Stops accepting, lets in-flight requests finish (up to graceMs), then closes every connection
   * (`closeConnections: false`: leaves them to the process's exit).
   */
  async close(graceMs: number, { closeConnections: closing = true } = {}): Promise<void> {
    this.stopAccepting();
    if (this.inFlight > 0) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, graceMs);
        this.drained = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
    // The last answers may still sit in uWS's cork buffer until the loop turns; closing now would drop them.
    await new Promise<void>((resolve) => setImmediate(resolve));
    if (closing) closeConnections(this.app);
  }
}
