import type { HttpRequest, HttpResponse, TemplatedApp, us_listen_socket } from 'uWebSockets.js';
import uWS from './uws.js';
import type { Logger } from 'pino';
import { AppError } from '../errors.js';
import type { AdminAuth } from './admin-auth.js';
import { compileBodyValidator, compileQueryValidator, validated, type Validator } from '../validation/schema-validator.js';
import { readBody, ClientAbortedError, type BodyRead } from './body-reader.js';
import type { CorsPolicy } from './cors.js';
import { toErrorAnswer } from '../error-answer.js';
import { isJsonContentType, parseJsonObject } from './json-body.js';
import type { RateLimitRule } from '../limits/rate-limit.js';
import { rateLimitHeaders } from './rate-limit-headers.js';
import { requestIdFrom } from './request-id.js';
import type { HttpMethod, RequestContext, RouteDefinition } from './route.js';
import { sendJson, sendPrepared, type HeaderList, type ResponseTarget } from './send-json.js';
import { normalizeIp } from '../net/ip-address.js';
import { observeRequest } from '../metrics/metrics.js';
import type { TrustedProxies } from '../limits/trusted-proxies.js';

export interface HttpServerOptions {
  routes: readonly RouteDefinition[];
  bodyLimitBytes: number;
  cors: CorsPolicy;
  trustedProxies: TrustedProxies;
  rateLimits: readonly RateLimitRule[];
  adminAuth: AdminAuth;
  log: Logger;
}

interface CompiledRoute {
  definition: RouteDefinition;
  paramNames: string[];
  validateQuery: Validator<unknown> | undefined;
  validateBody: Validator<unknown> | undefined;
}

interface PathEntry {
  byMethod: Map<string, CompiledRoute>;
  /** Value of the Allow header for this path. */
  allow: string;
}

/** What the synchronous part of a uWS callback captured before the first await. */
interface Incoming {
  target: ResponseTarget;
  method: string;
  path: string;
  rawQuery: string;
  headers: Record<string, string>;
  params: Record<string, string>;
  ip: string;
  requestId: string;
  baseHeaders: HeaderList;
  started: number;
}

const METHOD_ORDER = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

// Present at runtime in uWS.js v20.30 but missing from its typings: closes every socket of the app.
type ClosableApp = TemplatedApp & { close?: () => void };

/**
 * The uWS edge: route table, 404/405, CORS preflight, rate limit, body cap, content type, schema
 * validation, one error mapping and one writer. Nothing here knows about radio.
 */
export class HttpServer {
  readonly app: TemplatedApp = uWS.App();
  private readonly paths = new Map<string, PathEntry>();
  /** Every route served, in declaration order (the OpenAPI document lists them). */
  get routes(): readonly RouteDefinition[] {
    return this.options.routes;
  }

  private listenSocket: us_listen_socket | null = null;
  private inFlight = 0;
  private drained: (() => void) | null = null;

  constructor(private readonly options: HttpServerOptions) {
    for (const definition of options.routes) this.addRoute(definition);
    for (const [path, entry] of this.paths) this.app.any(path, (res, req) => this.handle(res, req, entry));
    this.app.any('/*', (res, req) => this.handle(res, req, null));
  }

  private addRoute(definition: RouteDefinition): void {
    let entry = this.paths.get(definition.path);
    if (!entry) {
      entry = { byMethod: new Map(), allow: '' };
      this.paths.set(definition.path, entry);
    }
    if (entry.byMethod.has(definition.method)) throw new Error(`route declared twice: ${definition.method} ${definition.path}`);
    entry.byMethod.set(definition.method, {
      definition,
      paramNames: definition.path.split('/').filter((part) => part.startsWith(':')).map((part) => part.slice(1)),
      validateQuery: definition.query ? compileQueryValidator(definition.query) : undefined,
      validateBody: definition.body ? compileBodyValidator(definition.body) : undefined,
    });
    const served = (m: string) => entry.byMethod.has(m === 'HEAD' ? 'GET' : m) || m === 'OPTIONS';
    entry.allow = METHOD_ORDER.filter(served).join(', ');
  }

  listen(host: string, port: number): Promise<number> {
    return new Promise((resolve, reject) => {
      this.app.listen(host, port, (socket) => {
        if (!socket) {
          reject(new Error(`cannot listen on ${host}:${port}`));
          return;
        }
        this.listenSocket = socket;
        resolve(uWS.us_socket_local_port(socket));
      });
    });
  }

  /** Stops accepting, lets in-flight requests finish (up to graceMs), then closes every connection. */
  /** Closes the listening socket; connections already open keep being served. */
  stopAccepting(): void {
    if (this.listenSocket) uWS.us_listen_socket_close(this.listenSocket);
    this.listenSocket = null;
  }

  async close(graceMs: number): Promise<void> {
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
    (this.app as ClosableApp).close?.();
  }

  private handle(res: HttpResponse, req: HttpRequest, entry: PathEntry | null): void {
    // Everything from `req` is read here: it is invalid once this callback returns.
    const headers: Record<string, string> = {};
    req.forEach((name, value) => {
      headers[name] = value;
    });
    const target: ResponseTarget = { res, aborted: false, answered: false };
    const abortListeners: Array<() => void> = [];
    res.onAborted(() => {
      target.aborted = true;
      for (const listener of abortListeners) listener();
    });
    const method = req.getCaseSensitiveMethod().toUpperCase();
    // HEAD is served by the GET route.
    const route = entry?.byMethod.get(method === 'HEAD' ? 'GET' : method);
    const params: Record<string, string> = {};
    route?.paramNames.forEach((name, index) => {
      params[name] = decodeParameter(req.getParameter(index) ?? '');
    });
    const peer = normalizeIp(Buffer.from(res.getRemoteAddressAsText()).toString());
    const requestId = requestIdFrom(headers['x-request-id'] ?? '');
    const incoming: Incoming = {
      target,
      method,
      path: req.getUrl(),
      rawQuery: req.getQuery() ?? '',
      headers,
      params,
      ip: this.options.trustedProxies.clientIp(peer, headers['x-forwarded-for'] ?? ''),
      requestId,
      baseHeaders: [['X-Request-Id', requestId], ...this.options.cors.headers(headers.origin ?? '')],
      started: performance.now(),
    };

    if (entry && incoming.method === 'OPTIONS') {
      sendJson(target, 204, null, [...incoming.baseHeaders, ...this.options.cors.preflightHeaders(entry.allow)]);
      return;
    }

    let early: AppError | undefined;
    let body: BodyRead | undefined;
    if (!entry) early = new AppError('NOT_FOUND');
    else if (!route) early = new AppError('METHOD_NOT_ALLOWED', { headers: { Allow: entry.allow } });
    else if (route.validateBody) {
      const declaredLength = Number(headers['content-length'] ?? 0);
      if (declaredLength > this.options.bodyLimitBytes) {
        early = new AppError('PAYLOAD_TOO_LARGE', { message: `The body may be at most ${this.options.bodyLimitBytes} bytes.` });
      } else if (!isJsonContentType(headers['content-type'] ?? '')) {
        early = new AppError('UNSUPPORTED_MEDIA_TYPE');
      } else {
        body = readBody(res, this.options.bodyLimitBytes, (listener) => abortListeners.push(listener));
      }
    }

    this.inFlight++;
    void this.respond(incoming, route, body, early).finally(() => {
      this.inFlight--;
      if (this.inFlight === 0) this.drained?.();
    });
  }

  private async respond(incoming: Incoming, route: CompiledRoute | undefined, body: BodyRead | undefined, early: AppError | undefined): Promise<void> {
    const { target, headers } = incoming;
    // A child logger costs a serialisation of its bindings: made only when something is logged.
    let requestLog: Logger | undefined;
    const logFor = () => (requestLog ??= this.options.log.child({ reqId: incoming.requestId }));
    const debug = this.options.log.isLevelEnabled('debug');
    if (debug) logFor().debug({ method: incoming.method, path: incoming.path }, 'request received');
    const responseHeaders: HeaderList = [...incoming.baseHeaders];
    const headOnly = incoming.method === 'HEAD';
    // A body we did not read to its end leaves the connection mid-request: close it after answering.
    const mayHaveUnreadBody = () =>
      (Number(headers['content-length'] ?? 0) > 0 || headers['transfer-encoding'] !== undefined) && !(body?.complete() ?? false);
    let status = 500;
    try {
      const rule = this.options.rateLimits.find((r) => r.pathPrefixes.some((prefix) => incoming.path.startsWith(prefix)));
      if (rule) {
        // In-process counters answer synchronously: with a synchronous handler too, the answer is
        // written inside the uWS callback, without a promise hop (see bench/RESULTS.md).
        const decision = rule.limiter.consumeNow?.(incoming.ip) ?? (await rule.limiter.consume(incoming.ip));
        responseHeaders.push(...rateLimitHeaders(rule.name, decision));
        if (!decision.allowed) throw new AppError('RATE_LIMITED', { retryAfterSeconds: decision.resetSeconds });
      }
      if (early || !route) throw early ?? new AppError('NOT_FOUND');
      if (route.definition.auth === 'admin') this.options.adminAuth.check(headers.authorization ?? '');
      const query = route.validateQuery ? validated(route.validateQuery, Object.fromEntries(new URLSearchParams(incoming.rawQuery))) : undefined;
      const bodyValue = body && route.validateBody ? validated(route.validateBody, parseJsonObject(await body.promise)) : undefined;
      const ctx: RequestContext = {
        requestId: incoming.requestId,
        ip: incoming.ip,
        method: route.definition.method as HttpMethod,
        path: incoming.path,
        headers,
        params: incoming.params,
        query,
        body: bodyValue,
        get log() {
          return logFor();
        },
      };
      const outcome = route.definition.handler(ctx as never);
      const result = outcome instanceof Promise ? await outcome : outcome;
      status = result.status;
      for (const [name, value] of Object.entries(result.headers ?? {})) responseHeaders.push([name, value]);
      if (result.prepared) sendPrepared(target, result.status, result.prepared, responseHeaders, headOnly);
      else sendJson(target, result.status, result.bare ? result.data : { success: true, ...result.envelope, data: result.data }, responseHeaders, false, headOnly);
    } catch (error) {
      if (error instanceof ClientAbortedError || target.aborted) {
        if (debug) logFor().debug({ path: incoming.path }, 'client went away before the answer');
        return;
      }
      const answer = toErrorAnswer(error, logFor());
      status = answer.status;
      sendJson(target, answer.status, answer.payload, [...responseHeaders, ...answer.headers], mayHaveUnreadBody(), headOnly);
    } finally {
      observeRequest(route?.definition.path ?? 'unmatched', incoming.method, target.aborted ? 499 : status, (performance.now() - incoming.started) / 1000);
      if (debug) logFor().debug({ method: incoming.method, path: incoming.path, status, ip: incoming.ip, ms: +(performance.now() - incoming.started).toFixed(2) }, 'request');
    }
  }
}

function decodeParameter(raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw; // a malformed %-escape is just an id that matches nothing
  }
}
