import type { RequestPriority } from '../station/model.js';

/** Lower rank is served first. */
export const PRIORITY_RANK: Record<RequestPriority, number> = { high: 0, normal: 1, low: 2 };

/**
 * One sortable number for the pending queue: priority rank, then creation time in ms.
 * 2 * 1e13 + a 2026 timestamp (~1.8e12) stays far below 2^53, so a Redis score holds it exactly.
 */
export const pendingScore = (priority: RequestPriority, createdMs: number) => PRIORITY_RANK[priority] * 1e13 + createdMs;
