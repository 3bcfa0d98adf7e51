import type { HttpRequest, HttpResponse } from 'uWebSockets.js';
import type { Logger } from 'pino';
import { AppError, isAppError } from '../errors.js';
import { validated } from '../validation/schema-validator.js';
import type { AdminAuth } from './admin-auth.js';
import { bodyTooLarge, ClientAbortedError, readBody, type BodyRead } from './body-reader.js';
import { Exchange, type BudgetDecision, type ClientResolver } from './exchange.js';
import { isFormContentType, isJsonContentType, parseFormFields, parseJsonObject } from './json-body.js';
import type { ReplyWriter } from './reply.js';
import { queryFields } from './query-fields.js';
import { requestIdFrom } from './request-id.js';
import { Context } from './request-context.js';
import { CONFLICTING_LENGTH, contentLengthOf, decodeParameter, framingIsAmbiguous } from './request-headers.js';
import type { RouteResult } from './route.js';
import type { CompiledRoute, PathEntry, RouteBudget } from './route-table.js';
import { connectionCloseOf } from './uws.js';
import { brokenRule } from '../messages/broken-rule.js';

const NO_PARAMS: Record<string, string> = Object.freeze({});

export type { ClientResolver };

export interface PipelineOptions {
  bodyLimitBytes: number;
  clients: ClientResolver;
  /** The budget a request matching no route spends (by its path). */
  unmatchedBudget: (path: string) => RouteBudget | undefined;
  adminAuth: AdminAuth;
  reply: ReplyWriter;
  log: Logger;
  /** Told when each request has been answered (or given up), with its status; 0 when nobody is left to answer. */
  onFinished: (ex: Exchange, status: number) => void;
  /** Whether `onFinished` reads how long the request took (`startedAt`): else the clock is not read per request. */
  timesRequests: boolean;
}

/**
 * The request, in named stages: capture (everything from uWS's req, synchronously), preflight,
 * budget, route, auth, body, validation, handler, reply. As long as nothing needs a promise the
 * stages run inside the uWS callback and the answer is written there; the first stage that must
 * wait registers the abort handler and the rest continue asynchronously.
 */
export class RequestPipeline {
  /** Read once: the level is fixed for the process, and the check is on the hot path. */
  private readonly debug: boolean;
  /** Whether anything reads a request's start time (metrics, the debug log's duration). */
  private readonly timed: boolean;
  /** Whether an answer may need the request's Origin after the uWS callback (CORS lists origins). */
  private readonly readsOrigin: boolean;

  constructor(private readonly options: PipelineOptions) {
    this.debug = options.log.isLevelEnabled('debug');
    this.timed = options.timesRequests || this.debug;
    this.readsOrigin = options.reply.readsOrigin;
  }

  handle(res: HttpResponse, req: HttpRequest, entry: PathEntry | null): void {
    const method = req.getCaseSensitiveMethod().toUpperCase();
    const route = entry?.byMethod.get(method === 'HEAD' ? 'GET' : method);
    const ex = this.capture(res, req, entry, method, route);
    if (this.debug) this.options.log.debug({ reqId: ex.requestId, method: ex.method, path: ex.path }, 'request received');
    try {
      this.run(ex, entry, route);
    } finally {
      ex.leaveCallback(route?.readsQuery === true, this.readsOrigin);
    }
  }

  private capture(res: HttpResponse, req: HttpRequest, entry: PathEntry | null, method: string, route: CompiledRoute | undefined): Exchange {
    const { clients } = this.options;
    const headers: Record<string, string> = {};
    if (route) {
      for (const name of route.headerNames) {
        const value = req.getHeader(name);
        if (value !== '') headers[name] = value;
      }
      if (route.readsBody || route.readsForm) {
        headers['content-type'] = req.getHeader('content-type');
        headers['transfer-encoding'] = req.getHeader('transfer-encoding');
        headers['content-length'] = contentLengthOf(req);
      }
    }
    // Most routes have no parameters: they share one empty, frozen record (handlers only read it).
    let params: Record<string, string> = NO_PARAMS;
    if (route && route.paramNames.length > 0) {
      params = {};
      for (let i = 0; i < route.paramNames.length; i++) params[route.paramNames[i]!] = decodeParameter(req.getParameter(i) ?? '');
    }
    return new Exchange({
      res,
      req,
      method,
      route: entry?.path ?? 'unmatched',
      requestId: requestIdFrom(req.getHeader('x-request-id')),
      clients,
      connection: connectionCloseOf(req),
      ambiguousFraming: framingIsAmbiguous(req),
      headers,
      params,
      startedAt: this.timed ? performance.now() : 0,
    });
  }

  private run(ex: Exchange, entry: PathEntry | null, route: CompiledRoute | undefined): void {
    const { reply } = this.options;
    // Where this body ends is read differently by uWS and by proxies: refused with a close, before
    // anything else (nothing is spent). Answered on the next turn of the loop, not in this callback:
    // uWS would go on to serve a request it already read behind this one (it forgets a close asked
    // in its callback); with an answer pending it drops the connection instead, serving nothing more.
    if (ex.ambiguousFraming) {
      const error = new AppError('VALIDATION_FAILED', {
        details: [brokenRule('Transfer-Encoding', (v) => v.transferEncoding)],
      });
      ex.watchAbort();
      setImmediate(() => this.finish(ex, ex.aborted ? 0 : reply.error(ex, error, this.options.log, true)));
      return;
    }
    // A preflight is the browser asking, not the client acting: answered, never counted.
    if (ex.method === 'OPTIONS') {
      if (entry) {
        reply.preflight(ex, entry.allow);
        this.finish(ex, 204);
      } else {
        this.finish(ex, reply.error(ex, new AppError('NOT_FOUND'), this.options.log, false));
      }
      return;
    }
    // A route whose handler spends its budget: a client whose refusal is remembered (certain until
    // its window resets) is refused here, before its body is read or the store asked.
    if (route?.budgetInHandler) {
      const budget = route.budget!;
      const refused = budget.refusedNow(ex.client);
      if (refused) {
        ex.spent(budget, refused);
        this.fail(ex, budget.refusal(refused), undefined);
        return;
      }
      ex.handlerBudget = budget;
    }
    // The body must be claimed inside the uWS callback, or uWS drops what arrives meanwhile.
    let early: AppError | undefined;
    let body: BodyRead | undefined;
    if (!entry) early = new AppError('NOT_FOUND');
    else if (!route) early = new AppError('METHOD_NOT_ALLOWED', { headers: { Allow: entry.allow } });
    else if (route.readsBody || (route.readsForm && isFormContentType(ex.headers['content-type'] ?? ''))) {
      const limit = route.bodyLimitBytes ?? this.options.bodyLimitBytes;
      early = this.bodyProblem(ex, limit, route.readsForm);
      if (!early) {
        ex.watchAbort();
        body = readBody(ex.res, limit, (listener) => ex.watchAbort(listener));
      }
    }
    // A client's budget on a public route comes first: probing unknown paths and sending bad bodies
    // costs like any request. Other budgets are spent once the key is known (afterSignIn).
    const budget = route ? (route.budgetFirst && !route.budgetInHandler ? route.budget : undefined) : entry ? entry.budget : this.options.unmatchedBudget(ex.path);
    if (budget) {
      const decision = budget.spendNow(ex.client);
      if (decision === undefined) {
        ex.watchAbort();
        const spending = budget.spend(ex.client);
        // Started in this same tick, the read leaves with the budget's command (one round trip).
        const ahead = route?.definition.readAhead && !early ? this.readAhead(ex, route) : undefined;
        // The verdict and a failure to get it on one promise step, not a step and a catch.
        spending.then(
          (decision) => {
            let next: Promise<void> | void;
            try {
              next = ahead ? this.afterBudgetAhead(ex, budget, decision, ahead, body) : this.afterBudget(ex, budget, decision, route, body, early);
            } catch (error) {
              this.fail(ex, error, body);
              return;
            }
            this.continueAfter(ex, next, body);
          },
          (error: unknown) => this.fail(ex, error, body),
        );
        return;
      }
      const next = this.afterBudget(ex, budget, decision, route, body, early);
      if (next) this.continueAfter(ex, next, body);
      return;
    }
    const next = this.stagesSafely(ex, route, body, early);
    if (next) this.continueAfter(ex, next, body);
  }

  /** Records the budget's verdict; over it, the answer is its refusal whatever the request was. */
  private afterBudget(
    ex: Exchange,
    budget: RouteBudget,
    decision: BudgetDecision,
    route: CompiledRoute | undefined,
    body: BodyRead | undefined,
    early: AppError | undefined,
  ): Promise<void> | void {
    ex.spent(budget, decision);
    if (!decision.allowed) {
      this.fail(ex, budget.refusal(decision), body);
      return;
    }
    return this.stagesSafely(ex, route, body, early);
  }

  /**
   * A read-ahead route's validation and handler, run before its budget's verdict: what it
   * answers or throws is held (a rejection marked handled) until the verdict picks the answer.
   */
  private readAhead(ex: Exchange, route: CompiledRoute): { outcome: RouteResult | Promise<RouteResult> } | { error: unknown } {
    try {
      const outcome = this.handlerOutcome(ex, route);
      if (outcome instanceof Promise) outcome.catch(() => undefined);
      return { outcome };
    } catch (error) {
      return { error };
    }
  }

  /** As afterBudget, for a route whose handler already ran (readAhead): past the budget its answer is dropped. */
  private afterBudgetAhead(
    ex: Exchange,
    budget: RouteBudget,
    decision: BudgetDecision,
    ahead: { outcome: RouteResult | Promise<RouteResult> } | { error: unknown },
    body: BodyRead | undefined,
  ): Promise<void> | void {
    ex.spent(budget, decision);
    if (!decision.allowed) {
      this.fail(ex, budget.refusal(decision), body);
      return;
    }
    if ('error' in ahead) throw ahead.error;
    return this.answer(ex, ahead.outcome);
  }

  /** Route, auth, validation, handler, reply; a promise only when some stage must wait. */
  private stagesSafely(ex: Exchange, route: CompiledRoute | undefined, body: BodyRead | undefined, early: AppError | undefined): Promise<void> | void {
    try {
      if (early || !route) throw early ?? new AppError('NOT_FOUND');
      const needs = route.definition.auth;
      if (needs) {
        // Staff routes only: the sign-in budget may have to ask the store.
        const signedIn = this.options.adminAuth.check(authorizationOf(ex, route.definition.keyInQuery === true), ex.client, ex.ip, needs);
        if (signedIn instanceof Promise) {
          ex.watchAbort();
          return signedIn.then((member) => {
            ex.staff = member;
            return this.afterSignIn(ex, route, body);
          });
        }
        ex.staff = signedIn;
        return this.afterSignIn(ex, route, body);
      }
      return this.afterAuth(ex, route, body);
    } catch (error) {
      this.fail(ex, error, body);
    }
  }

  /**
   * A staff route's budget is spent once the key is known, before anything else is read: past it,
   * its refusal with its headers, whatever the body. A staff member's budget counts by their name
   * (reconnecting or changing address refills nothing); a client's by the client.
   */
  private afterSignIn(ex: Exchange, route: CompiledRoute, body: BodyRead | undefined): Promise<void> | void {
    const budget = route.budget;
    if (!budget || route.budgetFirst || !ex.staff) return this.afterAuth(ex, route, body);
    ex.watchAbort();
    return budget.spend(budget.per === 'staff' ? ex.staff.name : ex.client).then((decision) => {
      ex.spent(budget, decision);
      if (!decision.allowed) throw budget.refusal(decision);
      return this.afterAuth(ex, route, body);
    });
  }

  /** Validation, handler, reply; throws what it refuses (the caller turns it into the answer). */
  private afterAuth(ex: Exchange, route: CompiledRoute, body: BodyRead | undefined): Promise<void> | void {
    const definition = route.definition;
    if (body && route.readsForm) {
      ex.watchAbort();
      return body.promise.then((bytes) => {
        const query = validated(route.validateQuery!, { ...queryFieldsOf(ex), ...parseFormFields(bytes) });
        return this.answer(ex, definition.handler(new Context(ex, query, undefined, this.options.log, this.options.reply.language)));
      });
    }
    const query = route.validateQuery ? validated(route.validateQuery, queryFieldsOf(ex)) : undefined;
    if (body) {
      const validateBody = route.validateBody;
      ex.watchAbort();
      return body.promise.then((bytes) => {
        if (!validateBody) return this.answer(ex, definition.handler(new Context(ex, query, undefined, this.options.log, this.options.reply.language, bytes)));
        const value = validated(validateBody, parseJsonObject(bytes));
        return this.answer(ex, definition.handler(new Context(ex, query, value, this.options.log, this.options.reply.language)));
      });
    }
    return this.answer(ex, definition.handler(new Context(ex, query, undefined, this.options.log, this.options.reply.language)));
  }

  /** The handler of a route that reads no body, its query validated first (throws what validation refuses). */
  private handlerOutcome(ex: Exchange, route: CompiledRoute): RouteResult | Promise<RouteResult> {
    const query = route.validateQuery ? validated(route.validateQuery, queryFieldsOf(ex)) : undefined;
    return route.definition.handler(new Context(ex, query, undefined, this.options.log, this.options.reply.language));
  }

  private answer(ex: Exchange, outcome: RouteResult | Promise<RouteResult>): Promise<void> | void {
    if (outcome instanceof Promise) {
      ex.watchAbort();
      return outcome.then((result) => (ex.handlerBudget ? this.spendHandlerBudget(ex).then(() => this.answerNow(ex, result)) : this.answerNow(ex, result)));
    }
    if (ex.handlerBudget) return this.spendHandlerBudget(ex).then(() => this.answerNow(ex, outcome));
    this.answerNow(ex, outcome);
  }

  private answerNow(ex: Exchange, result: RouteResult): void {
    this.finish(ex, this.options.reply.result(ex, result));
  }

  /**
   * A handler budget the handler never counted (it was not reached, or did not need the store):
   * spent here, so the request costs one as on any route; its verdict for the headers. Never rejects.
   */
  private spendHandlerBudget(ex: Exchange): Promise<BudgetDecision | undefined> {
    const budget = ex.handlerBudget!;
    ex.handlerBudget = undefined;
    ex.watchAbort();
    return budget.spend(ex.client).then(
      (decision) => {
        ex.spent(budget, decision);
        return decision;
      },
      () => notSpentAfterAll(ex, budget),
    );
  }

  private continueAfter(ex: Exchange, pending: Promise<void> | void, body: BodyRead | undefined): void {
    if (!pending) return;
    ex.watchAbort();
    pending.catch((error: unknown) => this.fail(ex, error, body));
  }

  private fail(ex: Exchange, error: unknown, body: BodyRead | undefined): void {
    if (error instanceof ClientAbortedError || ex.aborted) {
      // An upload given up before its handler counted the budget still costs one, as it did when
      // the edge spent first: abandoning bodies must not be a way round the budget. Nothing to answer.
      const budget = ex.handlerBudget;
      if (budget) {
        ex.handlerBudget = undefined;
        ex.edgeSpentBudget = budget;
        budget.spend(ex.client).catch(() => notSpentAfterAll(ex, budget));
      }
      this.finish(ex, 0);
      return;
    }
    // Refused before its handler counted the budget (a bad body, a store away): the budget is spent
    // now, and past it its refusal answers, as it would have had the edge spent it first.
    if (ex.handlerBudget) {
      const budget = ex.handlerBudget;
      ex.edgeSpentBudget = budget;
      void this.spendHandlerBudget(ex).then((decision) => this.fail(ex, decision && !decision.allowed ? budget.refusal(decision) : error, body));
      return;
    }
    this.finish(ex, this.options.reply.error(ex, error, this.options.log.child({ reqId: ex.requestId }), this.closesAfterRefusal(ex, error, body)));
  }

  /**
   * Whether a refusal also closes the connection. uWS skips an unread body by its framing, so a
   * declared length within the limit keeps the connection (and the requests pipelined after it);
   * an upload over the limit is stopped, and a body with an ambiguous or unknown end is not waited for.
   */
  private closesAfterRefusal(ex: Exchange, error: unknown, body: BodyRead | undefined): boolean {
    if (isAppError(error) && error.code === 'PAYLOAD_TOO_LARGE') return true;
    const length = ex.headers['content-length'];
    if (length === undefined || body?.complete()) return false;
    if (length === CONFLICTING_LENGTH) return true;
    return length === '' && ex.headers['transfer-encoding'] !== '';
  }

  private finish(ex: Exchange, status: number): void {
    if (ex.finished) return;
    ex.finished = true;
    this.options.onFinished(ex, status);
  }

  /** 413 by the declared length, or 415 by the content type, before any byte is read. */
  private bodyProblem(ex: Exchange, limit: number, form: boolean): AppError | undefined {
    if (ex.headers['content-length'] === CONFLICTING_LENGTH) {
      return new AppError('VALIDATION_FAILED', { details: [brokenRule('Content-Length', (v) => v.contentLength)] });
    }
    if (Number(ex.headers['content-length'] || 0) > limit) {
      return bodyTooLarge(limit);
    }
    // A form route reads a body only when it is sent as a form (checked by the caller).
    if (!form && !isJsonContentType(ex.headers['content-type'] ?? '')) return new AppError('UNSUPPORTED_MEDIA_TYPE');
    return undefined;
  }
}

/** The query's fields (a fresh object each time, validation may add defaults). */
function queryFieldsOf(ex: Exchange): Record<string, string> {
  return queryFields(ex.rawQuery);
}

/** The Authorization header; on a route that takes the key in the URL, `?key=` when the header is absent, as a Bearer key. */
function authorizationOf(ex: Exchange, keyInQuery: boolean): string {
  const header = ex.headers.authorization;
  if (header || !keyInQuery) return header ?? '';
  const key = new URLSearchParams(ex.rawQuery).get('key');
  return key ? `Bearer ${key}` : '';
}

/** The edge's own spend failed: not counted after all, so a late verdict of the handler's step has nothing to give back. */
function notSpentAfterAll(ex: Exchange, budget: unknown): undefined {
  if (ex.edgeSpentBudget === budget) ex.edgeSpentBudget = undefined;
  return undefined;
}
