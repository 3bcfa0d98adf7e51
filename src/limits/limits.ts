import { Budget, type RateLimitSettings } from './rate-limit.js';
import { ClientIdentity } from './client-identity.js';
import { ConnectionCap } from './connection-cap.js';
import { LiveAdmission } from './live-refusal.js';
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
}

/**
 * The whole limits policy in one place: who a client is, and what each client may spend. The
 * budgets count in the store's counters (shared by every node with Redis); the per-connection
 * chat budget and the connection cap are this node's own, counted in `local` counters.
 */
export class Limits {
  readonly identity: ClientIdentity;
  /** Every request to the public API (mobile routes and song-request.php). */
  readonly http: Budget;
  private readonly chatPerClient: Budget;
  private readonly chatPerConnection: Budget;
  readonly liveConnections: ConnectionCap;
  /** The one decision on live connections (cap and SSE open budget), for Socket.IO and SSE alike. */
  readonly liveAdmission: LiveAdmission;

  constructor(settings: LimitsSettings, counters: { shared: WindowCounterFactory; local: WindowCounterFactory }) {
    this.identity = new ClientIdentity(settings.trustProxy, settings.ipv6PrefixLength);
    this.http = new Budget(settings.http, counters.shared('http', settings.http.windowSeconds));
    this.chatPerClient = new Budget(settings.chatPerClient, counters.shared('chat', settings.chatPerClient.windowSeconds));
    this.chatPerConnection = new Budget(settings.chatPerConnection, counters.local('chat-connection', settings.chatPerConnection.windowSeconds));
    this.liveConnections = new ConnectionCap(settings.liveConnectionsPerClient);
    this.liveAdmission = new LiveAdmission(this.liveConnections, new Budget(settings.sseOpensPerClient, counters.shared('sse-open', settings.sseOpensPerClient.windowSeconds)));
  }

  /**
   * The HTTP budget as the edge applies it: every request under `pathPrefixes` (preflights
   * excepted) spends one, and every answer there carries the RateLimit headers.
   */
  httpBudget(pathPrefixes: readonly string[]) {
    const { http } = this;
    const name = http.windowSeconds === 3600 ? 'hourly' : 'mobile';
    return {
      name,
      policyHeader: `"${name}";q=${http.limit};w=${http.windowSeconds}`,
      appliesTo: (path: string) => {
        // A plain loop: this runs on every request, and `some` would allocate a closure each time.
        for (const prefix of pathPrefixes) if (path.startsWith(prefix)) return true;
        return false;
      },
      spendNow: (clientKey: string) => http.spendNow(clientKey),
      spend: (clientKey: string) => http.spend(clientKey),
    };
  }

  /**
   * Spends one chat message from the client's budget (and the connection's, for a socket), or
   * throws 429. The connection is checked first: a flooding socket is stopped without touching
   * the shared counter.
   */
  async spendChatMessage(clientKey: string, connectionId?: string): Promise<void> {
    const message = 'You are sending messages too fast.';
    if (connectionId !== undefined) await this.chatPerConnection.spendOrThrow(connectionId, message);
    await this.chatPerClient.spendOrThrow(clientKey, message);
  }
}
