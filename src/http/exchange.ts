import type { HttpRequest, HttpResponse } from 'uWebSockets.js';
import type { StaffMember } from './admin-auth.js';
import { queryOf, type ConnectionClose } from './uws.js';
import { forwardedForOf } from './request-headers.js';

const ADDRESS_TEXT = new TextDecoder();

/** Who a connection's client is (the edge knows nothing of proxies or IPv6 networks). */
export interface ClientResolver {
  /** Whether X-Forwarded-For can matter (a proxy is trusted); otherwise it is not even read. */
  readonly readsForwardedFor: boolean;
  of(peer: string, forwardedFor: string): { ip: string; key: string };
}

/** The verdict of a request budget, as the edge sends it in the RateLimit headers. */
export interface BudgetDecision {
  allowed: boolean;
  remaining: number;
  resetSeconds: number;
}

/** A budget's headers on an answer: the budget decides their names and text, the edge only asks. */
export interface BudgetHeaders {
  writeHeaders(res: HttpResponse, decision: BudgetDecision): void;
}

/** A budget the edge may still have to spend for a request (route-table.ts's RouteBudget is one). */
export interface PendingBudget extends BudgetHeaders {
  readonly name: string;
  spend(key: string): Promise<BudgetDecision>;
  /** Gives one back: the edge spent it for a request whose handler's store step turned out to have counted it. */
  giveBack(key: string): Promise<void>;
  refusal(decision: BudgetDecision): Error;
}

/**
 * One request and its answer in progress. Everything from uWS's `req` is copied here inside the
 * uWS callback (it dies with the callback); `res` is touched only while neither `aborted` nor
 * `answered` is set, since uWS ends the process on a response used after it was aborted.
 */
export class Exchange {
  aborted = false;
  answered = false;
  /** Set once the response was ended (a whole answer, or a stream's HEAD): an open stream is not. */
  ended = false;
  /** Set once the pipeline is done with the request (answered, or nobody left to answer). */
  finished = false;
  /** True while still inside the uWS callback: writes need no cork there. */
  inCallback = true;
  /**
   * The budget spent on this request and its verdict, for the RateLimit headers of whatever answer
   * it gets: two fields of the exchange rather than one more object per request (`spent`).
   */
  budgetHeaders: BudgetHeaders | undefined = undefined;
  budgetDecision: BudgetDecision | undefined = undefined;
  /** The route's budget while its handler is to spend it (`budgetInHandler`); cleared once counted. */
  handlerBudget: PendingBudget | undefined = undefined;
  /**
   * The handler budget the edge spent itself when the handler failed before telling its verdict
   * (a store step's 503): given back should the verdict still come (the step's reply, after its
   * timeout), so the request costs one.
   */
  edgeSpentBudget: PendingBudget | undefined = undefined;
  /** Who signed in, once a staff route's key check passed. */
  staff: StaffMember | null = null;
  // What the edge copies out of uWS's `req` (it dies with the uWS callback): the constructor's init.
  readonly res: HttpResponse;
  readonly method: string;
  /** The declared path of the route table entry ("unmatched" when none): a bounded label for metrics. */
  readonly route: string;
  readonly requestId: string;
  /** Whether the client asked to close the connection after this answer, and whether uWS knows. */
  readonly connection: ConnectionClose;
  /** A Transfer-Encoding other than one `chunked`: the body's end is ambiguous (400, then close). */
  readonly ambiguousFraming: boolean;
  readonly headers: Record<string, string>;
  readonly params: Record<string, string>;
  /** performance.now() when the request came, where something reads it (metrics, the debug log); else 0. */
  readonly startedAt: number;
  private abortListener: (() => void) | undefined = undefined;
  private watching = false;
  /**
   * uWS's request, only while inside its callback: what most answers never need (the URL, the
   * query, the Accept-Language, the Origin when every origin is allowed) is read from it on first use, or when
   * the callback is left with the answer still to come (leaveCallback); a cached GET answered at
   * once skips those reads.
   */
  private req: HttpRequest | null;
  /** Who is asking, resolved on first use (a route that spends no budget may never ask). */
  private readonly clients: ClientResolver;
  private identity: { ip: string; key: string } | undefined = undefined;
  private url: string | undefined = undefined;
  private query: string | undefined = undefined;
  private language: string | undefined = undefined;
  private originHeader: string | undefined = undefined;

  constructor(init: ExchangeInit) {
    // Field by field, not Object.assign: one hidden class for every exchange, on the hot path.
    this.res = init.res;
    this.req = init.req;
    this.method = init.method;
    this.route = init.route;
    this.requestId = init.requestId;
    this.clients = init.clients;
    this.connection = init.connection;
    this.ambiguousFraming = init.ambiguousFraming;
    this.headers = init.headers;
    this.params = init.params;
    this.startedAt = init.startedAt;
  }

  /** The path as requested. */
  get path(): string {
    this.url ??= this.req?.getUrl() ?? '';
    return this.url;
  }

  /** The client's address, after the trustProxy rule (for logs). */
  get ip(): string {
    return this.identified().ip;
  }

  /** The client every limit and ban counts against (IPv4 address or IPv6 network). */
  get client(): string {
    return this.identified().key;
  }

  /**
   * The connection's address (and X-Forwarded-For behind a trusted proxy), read inside the uWS
   * callback: on first use there, or by leaveCallback for an answer still to come. A request
   * answered in the callback without asking (a prepared GET that spends no budget) never reads it.
   */
  private identified(): { ip: string; key: string } {
    if (this.identity) return this.identity;
    // Past the callback with nothing read: the request was answered there and nobody asked who sent it.
    if (!this.req) return { ip: '', key: '' };
    // The address is ASCII text (IPv4 or IPv6): one decode, no Buffer in between.
    const peer = ADDRESS_TEXT.decode(this.res.getRemoteAddressAsText());
    this.identity = this.clients.of(peer, this.clients.readsForwardedFor ? forwardedForOf(this.req) : '');
    return this.identity;
  }

  /** The query string as sent ('' when none): read only by routes that validate a query or take a key in it. */
  get rawQuery(): string {
    this.query ??= this.req ? queryOf(this.req) : '';
    return this.query;
  }

  /** Records the budget spent on this request and its verdict (the answer's RateLimit headers). */
  spent(headers: BudgetHeaders, decision: BudgetDecision): void {
    this.budgetHeaders = headers;
    this.budgetDecision = decision;
  }

  /** Accept-Language as sent ('' when not): errors and the server's words are answered in it when we speak it. */
  get acceptLanguage(): string {
    this.language ??= this.req?.getHeader('accept-language') ?? '';
    return this.language;
  }

  /** Origin as sent ('' when not): CORS echoes it when it lists origins. */
  get origin(): string {
    this.originHeader ??= this.req?.getHeader('origin') ?? '';
    return this.originHeader;
  }

  /**
   * The uWS callback returns: what may still be needed is read now, while `req` lives. The query
   * only for a route that reads one, the Origin only when CORS echoes it (each read is a native
   * call, and every answer given after a store's round trip comes through here).
   */
  leaveCallback(readsQuery: boolean, readsOrigin: boolean): void {
    this.inCallback = false;
    // A stream's head may be written in the callback, and its session read the client later.
    // An ended response must not be touched (uWS 20.57 throws), whether or not the pipeline finished.
    if (this.req && !this.ended) {
      this.url ??= this.req.getUrl();
      this.language ??= this.req.getHeader('accept-language');
      this.identified();
      if (readsQuery) this.query ??= queryOf(this.req);
      if (readsOrigin) this.originHeader ??= this.req.getHeader('origin');
    }
    this.req = null;
  }

  /**
   * Registers uWS's abort handler, once: required before the answer leaves the uWS callback.
   * `listener` (the body reader's) hears about it too.
   */
  watchAbort(listener?: () => void): void {
    if (listener) this.abortListener = listener;
    if (this.watching) return;
    this.watching = true;
    this.res.onAborted(() => {
      this.aborted = true;
      this.abortListener?.();
    });
  }
}

/** The answer's progress and what the pipeline learns on the way: not part of what a new exchange starts from. */
type ExchangeState =
  | 'aborted'
  | 'answered'
  | 'ended'
  | 'finished'
  | 'inCallback'
  | 'budgetHeaders'
  | 'budgetDecision'
  | 'spent'
  | 'handlerBudget'
  | 'edgeSpentBudget'
  | 'staff'
  | 'watchAbort'
  | 'leaveCallback';

/** Read from `req` on first use (inside the callback) rather than copied at once. */
type ReadOnNeed = 'path' | 'rawQuery' | 'acceptLanguage' | 'origin' | 'ip' | 'client';

/**
 * Everything the edge copies out of uWS's `req` for one request: the exchange's other public
 * fields, declared once there; and `req` itself, for what is read on need while it lives.
 */
export type ExchangeInit = Omit<Exchange, ExchangeState | ReadOnNeed> & { req: HttpRequest; clients: ClientResolver };
