import type { ApiError } from './api.js';

// The public API's hourly budget per address (100 by default) is shared by everything on one
// network: a church's Wi-Fi, an office, a carrier's NAT. Listening and live updates never spend
// it; posting, requesting and rating do. When it is spent the page says so, and until when.

const KEY = 'radio-api-paused-until';

/** Milliseconds until which this address's budget is spent, as last learned; 0 when not. */
export function budgetPausedUntil(): number {
  const until = Number(localStorage.getItem(KEY));
  return Number.isFinite(until) && until > Date.now() ? until : 0;
}

/**
 * Whether a refusal is the spent budget (reason `hourly_budget`), not another limit (a chat flood,
 * the one-request-per-delay rule); if so it is remembered with its end, and that end is returned.
 */
export function noteBudgetRefusal(error: ApiError): number {
  if (error.reason !== 'hourly_budget') return 0;
  const seconds = error.rateLimit?.resetSeconds ?? error.retryAfter ?? 60;
  const until = Date.now() + seconds * 1000;
  localStorage.setItem(KEY, String(until));
  return until;
}
