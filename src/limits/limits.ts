import { pino, type Logger } from 'pino';
import type { BudgetDeclaration, StableBudgetName } from './budget-declarations.js';
import { NamedBudget } from './named-budget.js';
import { RefusalMemory } from './refusal-memory.js';
import { SignInBudget } from './sign-in-budget.js';
import { ClientIdentity } from './client-identity.js';
import { ConnectionCap } from './connection-cap.js';
import { LiveAdmission } from './live-refusal.js';
import { withLocalFallback } from './fallback-window-counter.js';
import type { WindowCounterFactory } from './window-counter.js';

export interface LimitsSettings {
  /** Proxies whose X-Forwarded-For is believed. */
  trustProxy: readonly string[];
  /** IPv6 clients are counted per network of this many bits (64: one home). */
  ipv6PrefixLength: number;
  /** Every budget by name (budget-declarations.ts): the hub's own and those the config declares. */
  budgets: ReadonlyMap<string, BudgetDeclaration>;
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
  /** Whether the store is away now: a budget that `countsWhileStoreAway` then counts in a `local` counter (fallback-window-counter.ts). */
  storeAway?: () => boolean;
}

/**
 * The whole limits policy in one place: who a client is, and every budget, each built from its
 * declaration (no budget is wired by hand). Routes name the budget they spend and the HTTP edge
 * spends it (`budget(name)`); the chat, the song request delay, live connections and staff
 * sign-in are spent through the hooks below, from the same declarations.
 */
export class Limits {
  readonly identity: ClientIdentity;
  private readonly budgets = new Map<string, NamedBudget>();
  readonly liveConnections: ConnectionCap;
  /** The one decision on live connections (cap and SSE open budget), for Socket.IO and SSE alike. */
  readonly liveAdmission: LiveAdmission;
  /** The budget of wrong admin keys, as the admin key check calls it. */
  readonly adminSignIn: SignInBudget;

  constructor(settings: LimitsSettings, counters: LimitsCounters, options: LimitsOptions = {}) {
    this.identity = new ClientIdentity(settings.trustProxy, settings.ipv6PrefixLength);
    for (const [name, declaration] of settings.budgets) {
      // Counter names are the Redis keys' (`<prefix>ratelimit:<counter>:…`): the older budgets keep theirs, so a rolling upgrade keeps every count.
      const counterName = COUNTER_NAMES[name as StableBudgetName] ?? `budget-${name}`;
      const factory = declaration.local ? counters.local : counters.shared;
      // Only what guards reads (still answered while the store is away) counts in memory meanwhile;
      // the other budgets guard writes and streams, refused (503) meanwhile anyway.
      const counter =
        declaration.countsWhileStoreAway && counters.storeAway
          ? withLocalFallback(counters.shared, counters.local, counters.storeAway, options.clock)(counterName, declaration.windowSeconds)
          : factory(counterName, declaration.windowSeconds);
      // The song request delay gives claims back (its count can fall): its refusals are not certain, so none is kept.
      // The others keep theirs once read (the edge reads those of the routes that spend theirs in the handler).
      const makeRefusals = name === 'songRequests' ? undefined : () => new RefusalMemory(REMEMBERED_REFUSALS, options.clock ?? Date.now);
      this.budgets.set(name, new NamedBudget(name, declaration, counter, makeRefusals));
    }
    const caps = this.declared('liveConnections');
    this.liveConnections = new ConnectionCap(caps.limit);
    this.liveAdmission = new LiveAdmission(this.liveConnections, this.budget('sseOpens'), caps.windowSeconds);
    const signIn = this.budget('adminSignIn');
    this.adminSignIn = new SignInBudget(signIn, signIn.counter, options.log ?? pino({ enabled: false }), options.clock);
  }

  /** The budget of this name; throws (at start-up: a route naming it) when none is declared. */
  budget(name: string): NamedBudget {
    const budget = this.budgets.get(name);
    if (!budget) throw new Error(`no budget named "${name}" (declare it under \`budgets\` in the config)`);
    return budget;
  }

  /** Whether a budget of this name is declared. */
  has(name: string): boolean {
    return this.budgets.has(name);
  }

  /**
   * Claims the client's one new song request of its delay, or throws 429 with the seconds left.
   * A claim that queued nothing (the song was already pending, or the store failed) is given back
   * with `giveBackSongRequest`, so only a request really queued starts the delay. Claimed before
   * queueing, on the shared counter: two requests racing from one client cannot both get in.
   */
  async claimSongRequest(clientKey: string): Promise<void> {
    const delay = this.budgets.get('songRequests');
    if (!delay) return;
    const decision = await delay.spend(clientKey);
    if (!decision.allowed) {
      // The refusal holds nothing: counting it would outlive a claim given back meanwhile.
      await delay.giveBack(clientKey);
      throw delay.refusal(decision);
    }
  }

  /** The song request delay (absent with `requests.delaySeconds` 0), for a store that claims it in one step with the request (the same rule as above). */
  get songRequestDelay(): NamedBudget | undefined {
    return this.budgets.get('songRequests');
  }

  async giveBackSongRequest(clientKey: string): Promise<void> {
    await this.budgets.get('songRequests')?.giveBack(clientKey);
  }

  /**
   * Spends one chat message from a socket's own budget, or throws 429. Checked before the client's
   * budget (`chatBudget`): a flooding socket is stopped without touching the shared counter.
   */
  async spendChatConnection(connectionId: string): Promise<void> {
    await this.budget('chatPerConnection').spendOrRefuse(connectionId);
  }

  /** The client's chat budget, whichever door a message comes through (the chat post spends it first). */
  get chatBudget(): NamedBudget {
    return this.budget('chat');
  }

  private declared(name: StableBudgetName): { limit: number; windowSeconds: number } {
    return this.budget(name);
  }
}

/**
 * Refusals each budget that is read keeps until their windows reset (refusal-memory.ts): about 100
 * bytes each, so at most ~1 MB a budget; a flood from more clients than this is still refused, by the store.
 */
const REMEMBERED_REFUSALS = 10_000;

/** The Redis counter names the budgets had before they were declared (their keys live on in stores). */
const COUNTER_NAMES: Partial<Record<StableBudgetName, string>> = {
  public: 'http',
  chat: 'chat',
  chatPerConnection: 'chat-connection',
  sseOpens: 'sse-open',
  adminSignIn: 'admin-sign-in',
  songRequests: 'song-request',
  paymentWebhook: 'payment-webhook',
  staffActions: 'staff-action',
  reports: 'reports',
  artwork: 'artwork',
  nowPlayingPush: 'nowplaying-push',
  liveConnections: 'live-connections',
};
