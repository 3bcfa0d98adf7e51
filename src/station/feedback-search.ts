import type { Feedback } from './shapes.js';
import type { FeedbackLog } from './ports.js';

/**
 * Entries one page reads at most: the work of a request is bounded whatever the kept history
 * (feedback.historySize); the inbox goes on from `next`, one bounded read at a time.
 */
export const FEEDBACK_SCAN = 200;

export interface FeedbackSearchQuery {
  /** Only this type (song_rating, app_feedback, bug_report, …). */
  type?: string | undefined;
  /** Only ratings at least / at most this (both inclusive); feedback without a rating is left out when either is set. */
  minRating?: number | undefined;
  maxRating?: number | undefined;
  /** Only entries older than this position (the previous page's `next`). */
  before?: number | undefined;
  limit: number;
}

export interface FeedbackPage {
  feedback: Feedback[];
  count: number;
  /** Send it as `before` for the next (older) page; null: the kept feedback is read to its oldest entry. */
  next: number | null;
  /** Entries read for this page (at most FEEDBACK_SCAN). */
  scanned: number;
}

function matches(feedback: Feedback, query: FeedbackSearchQuery): boolean {
  if (query.type !== undefined && feedback.type !== query.type) return false;
  if (query.minRating === undefined && query.maxRating === undefined) return true;
  const rating = feedback.rating;
  return rating !== null && rating >= (query.minRating ?? -Infinity) && rating <= (query.maxRating ?? Infinity);
}

/**
 * The staff's feedback inbox, newest first, filtered by type and rating: a page holds the matches
 * among at most FEEDBACK_SCAN entries read from the cursor back (one bounded read of the log), so
 * a page may hold fewer than `limit` matches, even none, and still have a `next`.
 */
export async function searchFeedback(log: Pick<FeedbackLog, 'readBefore'>, query: FeedbackSearchQuery): Promise<FeedbackPage> {
  const read = await log.readBefore(query.before ?? null, FEEDBACK_SCAN);
  const feedback: Feedback[] = [];
  for (const [index, { position, entry }] of read.entries()) {
    if (!matches(entry, query)) continue;
    feedback.push(entry);
    // A full page ends at its last match: the next one starts before it.
    if (feedback.length === query.limit) return { feedback, count: feedback.length, next: position, scanned: index + 1 };
  }
  const more = read.length === FEEDBACK_SCAN && read.at(-1)!.position > 1;
  return { feedback, count: feedback.length, next: more ? read.at(-1)!.position : null, scanned: read.length };
}
