import { pino, type Logger } from 'pino';
import { AppError } from '../errors.js';
import { Budget, type RateLimitSettings } from './rate-limit.js';
import { SignInBudget } from './sign-in-budget.js';
import { ClientIdentity } from './client-identity.js';
import { ConnectionCap } from './connection-cap.js';
import { LiveAdmission } from './live-refusal.js';
import { PathBudget, PUBLIC_API_PATHS } from './path-budget.js';
import { withLocalFallback } from './fallback-window-counter.js';
import type { WindowCounterFactory } from './window-counter.js';

export interface LimitsSettings {
  /** Proxies whose X-Forwarded-For is believed. */
  trustProxy: readonly string[];
  /** IPv6 clients are counted per network of this many bits (64: one home). */
  ipv6PrefixLength: number;
  /** The HTTP budget of the public API (spec 8: 100 per hour per client). */
  http: RateLimitSettings;
  /** Chat messages per client, through REST and sockets together, on every node. */
  chatPerClient: RateLimitSettings;
  /** Chat messages per live connection, on top of the client's budget. */
  chatPerConnection: RateLimitSettings;
  /** Live connections (Socket.IO, any namespace or transport, and SSE) one client may hold per node. */
  liveConnectionsPerClient: number;
  /** SSE streams one client may open per window, on every node together. */
  sseOpensPerClient: RateLimitSettings;
  /** Wrong admin keys per client, on every node (past it: 429, the right key included). */
  adminSignIn: RateLimitSettings;
  /** One new song request per client this often, on every node (`requests.delaySeconds`; 0: no delay). */
  songRequestDelaySeconds: number;
  /** Requests to the payment provider's webhook endpoint per client, on every node (its own budget, never the public one). */
  paymentWebhook: RateLimitSettings;
  /** Staff writes per staff member (by name, not address), on every node. */
  staffActions: RateLimitSettings;
  /** Listener and royalty reports per client, on every node (bounded work each, but not free). */
  reports: RateLimitSettings;
  /** Artwork images (`GET /art/{key}`) per client, on every node (their own budget: a page shows one per song). */
  artwork: RateLimitSettings;
  /** Now-playing pushes per client, on every node (its own budget: a playout system is no listener). */
  nowPlayingPush: RateLimitSettings;
}

export interface LimitsOptions {
  /** Where the sign-in budget writes its lines (silent when not given). */
  log?: Logger;
  clock?: () => number;
}

/** The counters the policy counts in. */
export interface LimitsCounters {
  /** The store's, shared by every node with Redis. */
  shared: WindowCounterFactory;
  /** This node's own (in memory, bounded). */
  local: WindowCounterFactory;
  /** Whether the store is away now: the public budget then counts in a `local` counter (fallback-window-counter.ts). */
  storeAway?: () => boolean;
}

/**
 * The whole limits policy in one place: who a client is, and what each client may spend. The
 * budgets count in the store's counters (shared by every node with Redis; the public one in this
 * node's memory while the store is away); the per-connection chat budget and the connection cap
 * are this node's own, counted in `local` counters.
 */
export class Limits {
  readonly identity: ClientIdentity;
  /** Every request to the public API (PUBLIC_API_PATHS), as the HTTP edge spends it. */
  readonly publicApi: PathBudget;
  private readonly chatPerClient: Budget;
  private readonly chatPerConnection: Budget;
  readonly liveConnections: ConnectionCap;
  /** The one decision on live connections (cap and SSE open budget), for Socket.IO and SSE alike. */
  readonly liveAdmission: LiveAdmission;
  /** The budget of wrong admin keys, as the admin key check calls it. */
  readonly adminSignIn: SignInBudget;
  /** One song request per delay: a budget of 1 whose window is the delay (null: no delay). */
  private readonly songRequests: Budget | null;
  private readonly paymentWebhook: Budget;
  /** Every staff write, per staff member (their name: it survives reconnecting and address hopping), as the staff key check spends it. */
  readonly staffActions: PathBudget;
  private readonly reports: Budget;
  private readonly artwork: Budget;
  private readonly nowPlayingPush: Budget;

  constructor(settings: LimitsSettings, counters: LimitsCounters, options: LimitsOptions = {}) {
    const { shared } = counters;
    // The public budget only: what it guards (reads) is still answered while the store is away;
    // the other budgets guard writes and streams, refused (503) meanwhile anyway.
    const publicCounter = counters.storeAway ? withLocalFallback(shared, counters.local, counters.storeAway, options.clock) : shared;
    this.identity = new ClientIdentity(settings.trustProxy, settings.ipv6PrefixLength);
    this.publicApi = new PathBudget(new Budget(settings.http, publicCounter('http', settings.http.windowSeconds)), PUBLIC_API_PATHS);
    this.chatPerClient = new Budget(settings.chatPerClient, shared('chat', settings.chatPerClient.windowSeconds));
    this.chatPerConnection = new Budget(settings.chatPerConnection, counters.local('chat-connection', settings.chatPerConnection.windowSeconds));
    this.liveConnections = new ConnectionCap(settings.liveConnectionsPerClient);
    this.liveAdmission = new LiveAdmission(this.liveConnections, new Budget(settings.sseOpensPerClient, shared('sse-open', settings.sseOpensPerClient.windowSeconds)));
    const delay = settings.songRequestDelaySeconds;
    this.songRequests = delay > 0 ? new Budget({ limit: 1, windowSeconds: delay }, shared('song-request', delay)) : null;
    this.paymentWebhook = new Budget(settings.paymentWebhook, shared('payment-webhook', settings.paymentWebhook.windowSeconds));
    // Spent by staff writes wherever they go (admin-auth.ts), so it covers no paths of its own.
    this.staffActions = new PathBudget(new Budget(settings.staffActions, shared('staff-action', settings.staffActions.windowSeconds)), [], 'staff');
    this.reports = new Budget(settings.reports, shared('reports', settings.reports.windowSeconds));
    this.artwork = new Budget(settings.artwork, shared('artwork', settings.artwork.windowSeconds));
    this.nowPlayingPush = new Budget(settings.nowPlayingPush, shared('nowplaying-push', settings.nowPlayingPush.windowSeconds));
    this.adminSignIn = new SignInBudget(settings.adminSignIn, shared('admin-sign-in', settings.adminSignIn.windowSeconds), options.log ?? pino({ enabled: false }), options.clock);
  }

  /**
   * Claims the client's one new song request of its delay, or throws 429 with the seconds left.
   * A claim that queued nothing (the song was already pending, or the store failed) is given back
   * with `giveBackSongRequest`, so only a request really queued starts the delay. Claimed before
   * queueing, on the shared counter: two requests racing from one client cannot both get in.
   */
  async claimSongRequest(clientKey: string): Promise<void> {
    if (!this.songRequests) return;
    const decision = await this.songRequests.spend(clientKey);
    if (!decision.allowed) {
      // The refusal holds nothing: counting it would outlive a claim given back meanwhile.
      await this.songRequests.giveBack(clientKey);
      throw new AppError('RATE_LIMITED', { reason: 'request_delay', retryAfterSeconds: decision.resetSeconds });
    }
  }

  /** Spends one request to the payment webhook endpoint from the client's own budget, or throws 429. */
  async spendPaymentWebhook(clientKey: string): Promise<void> {
    await this.paymentWebhook.spendOrThrow(clientKey, 'payment_webhook');
  }

  /** Spends one report from the client's own budget, or throws 429. */
  async spendReport(clientKey: string): Promise<void> {
    await this.reports.spendOrThrow(clientKey, 'report_budget');
  }

  /** Spends one artwork image from the client's own budget, or throws 429. */
  async spendArtwork(clientKey: string): Promise<void> {
    await this.artwork.spendOrThrow(clientKey, 'artwork_budget');
  }

  /** Spends one now-playing push from the client's own budget, or throws 429. */
  async spendNowPlayingPush(clientKey: string): Promise<void> {
    await this.nowPlayingPush.spendOrThrow(clientKey, 'nowplaying_push');
  }

  async giveBackSongRequest(clientKey: string): Promise<void> {
    await this.songRequests?.giveBack(clientKey);
  }

  /**
   * Spends one chat message from the client's budget (and the connection's, for a socket), or
   * throws 429. The connection is checked first: a flooding socket is stopped without touching
   * the shared counter.
   */
  async spendChatMessage(clientKey: string, connectionId?: string): Promise<void> {
    if (connectionId !== undefined) await this.chatPerConnection.spendOrThrow(connectionId, 'chat_budget');
    await this.chatPerClient.spendOrThrow(clientKey, 'chat_budget');
  }
}
