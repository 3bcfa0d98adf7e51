import type { Config } from '../config/schema.js';
import type { ErrorReason } from '../errors.js';

/** Who a budget counts against: the client (address or IPv6 network), the signed-in staff member, or one live connection. */
export type BudgetPer = 'client' | 'staff' | 'connection';

/**
 * One named budget: `limit` per `windowSeconds`, counted per `per`. Everything limits/ builds
 * (the counters, the refusal, the RateLimit headers) follows from this; nothing is wired by hand.
 */
export interface BudgetDeclaration {
  readonly limit: number;
  readonly windowSeconds: number;
  readonly per: BudgetPer;
  /**
   * The refusal's stable outside name (`error.reason`), for the budgets clients knew before budgets
   * were declared. Absent: the refusal is reason `budget` naming it (one message per language).
   */
  readonly reason?: ErrorReason;
  /** The policy's name in the RateLimit headers; absent: no headers (a budget spent inside a handler's door). */
  readonly policy?: string;
  /** Counted in this node's memory while the store is away, instead of refusing (the reads the public budget guards are still answered). */
  readonly countsWhileStoreAway?: boolean;
  /** Counted in this node's own memory (a connection lives on one node). */
  readonly local?: boolean;
}

/** The budgets the hub itself spends, by their one name in code (their settings keep their older keys, below). */
export type StableBudgetName =
  'public' | 'chat' | 'chatPerConnection' | 'liveConnections' | 'sseOpens' | 'adminSignIn' | 'songRequests' | 'paymentWebhook' | 'staffActions' | 'reports' | 'artwork' | 'nowPlayingPush';

interface Window {
  limit: number;
  windowSeconds: number;
}

/** The settings the budgets are read from (the config's, as these keys have always been spelled). */
export interface BudgetSettings {
  rateLimit: Readonly<Record<'mobile' | 'chat' | 'sseOpens' | 'adminSignIn' | 'paymentWebhook' | 'staffActions' | 'reports' | 'artwork' | 'nowPlayingPush', Window>>;
  chat: { socketFlood: { messages: number; windowSeconds: number } };
  live: { maxConnectionsPerClient: number };
  requests: { delaySeconds: number };
  budgets: Config['budgets'];
}

const window = (settings: { limit: number; windowSeconds: number }) => ({ limit: settings.limit, windowSeconds: settings.windowSeconds });

/**
 * The one map of budgets: the hub's own, read from the keys configs have always used (their
 * outside names, `error.reason` and the header policy, are stable: docs/limits.md lists the
 * mapping), then every entry of `budgets` (a route names one with `budget: '<name>'`).
 * `songRequests` is absent when `requests.delaySeconds` is 0 (no delay).
 */
export function declaredBudgets(config: BudgetSettings): ReadonlyMap<string, BudgetDeclaration> {
  const { rateLimit } = config;
  const stable: Record<StableBudgetName, BudgetDeclaration | null> = {
    public: {
      ...window(rateLimit.mobile),
      per: 'client',
      reason: 'hourly_budget',
      // The spec's hour is "hourly"; any other window was called "mobile" (both stable header names).
      policy: rateLimit.mobile.windowSeconds === 3600 ? 'hourly' : 'mobile',
      countsWhileStoreAway: true,
    },
    chat: { ...window(rateLimit.chat), per: 'client', reason: 'chat_budget' },
    chatPerConnection: { limit: config.chat.socketFlood.messages, windowSeconds: config.chat.socketFlood.windowSeconds, per: 'connection', reason: 'chat_budget', local: true },
    // A cap on connections held, not a window: the window is the pace a refused client is told to come back at (the SSE opens').
    liveConnections: { limit: config.live.maxConnectionsPerClient, windowSeconds: rateLimit.sseOpens.windowSeconds, per: 'client', reason: 'live_connections', local: true },
    sseOpens: { ...window(rateLimit.sseOpens), per: 'client', reason: 'stream_opens' },
    adminSignIn: { ...window(rateLimit.adminSignIn), per: 'client', reason: 'admin_keys' },
    songRequests: config.requests.delaySeconds > 0 ? { limit: 1, windowSeconds: config.requests.delaySeconds, per: 'client', reason: 'request_delay' } : null,
    paymentWebhook: { ...window(rateLimit.paymentWebhook), per: 'client', reason: 'payment_webhook' },
    staffActions: { ...window(rateLimit.staffActions), per: 'staff', reason: 'staff_actions', policy: 'staff' },
    reports: { ...window(rateLimit.reports), per: 'client', reason: 'report_budget' },
    artwork: { ...window(rateLimit.artwork), per: 'client', reason: 'artwork_budget' },
    nowPlayingPush: { ...window(rateLimit.nowPlayingPush), per: 'client', reason: 'nowplaying_push' },
  };
  const map = new Map<string, BudgetDeclaration>();
  for (const [name, declaration] of Object.entries(stable)) if (declaration) map.set(name, declaration);
  for (const [name, entry] of Object.entries(config.budgets)) {
    if (name in stable) throw new Error(`budgets.${name}: "${name}" is the name of one of the hub's own budgets; choose another`);
    // A declared budget writes its RateLimit headers under its own name, as the public one does.
    map.set(name, { ...window(entry), per: entry.per, policy: name });
  }
  return map;
}
