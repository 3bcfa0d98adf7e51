import type { AuditEntry } from './model.js';
import { compareToPosition, type ChatPosition } from './chat-cursor.js';

/**
 * One page of the audit log: newest first, older than `before`, stamped within [fromMs, toMs],
 * of one actor and one action when named. A store reads at most `scan` entries for it, whatever
 * the filters: the work of a request never grows with the history. A page may therefore hold
 * fewer than `limit` entries (even none) and still have a `next`.
 */
export interface AuditQuery {
  readonly limit: number;
  /** The most entries a store reads for this page (filters applied after reading). */
  readonly scan: number;
  /** Only entries before this id (exclusive): the previous page's `next`. */
  readonly before: string | null;
  readonly actor: string | null;
  readonly action: string | null;
  /** Unix ms, both inclusive; `fromMs` is never before the retention's start. */
  readonly fromMs: number;
  readonly toMs: number;
}

export interface AuditPage {
  readonly entries: AuditEntry[];
  /** Where the next (older) page starts (`before`), or null when there is none. */
  readonly next: string | null;
}

/** The most entries one page reads, whatever it asks for. */
export const AUDIT_SCAN_MAX = 1000;

/** The position of an audit id ("<ms>-<seq>", the ids the chat log stamps too), for comparing entries with a cursor. */
export function positionOfId(id: string): ChatPosition {
  const dash = id.indexOf('-');
  return { ms: Number(id.slice(0, dash)), seq: Number(id.slice(dash + 1)) };
}

/** Whether entry `id` comes before the cursor `before` (every entry does when there is none). */
export const isBefore = (id: string, before: ChatPosition | null) => before === null || compareToPosition(id, before) < 0;

/**
 * The page a store answers from what it read: `scanned` newest first, within the cursor and the
 * time range, at most `query.scan` of them. Filters apply here, in one place for every store.
 */
export function pageFromScan(scanned: readonly AuditEntry[], query: AuditQuery): AuditPage {
  const entries: AuditEntry[] = [];
  for (const entry of scanned) {
    if ((query.actor !== null && entry.actor !== query.actor) || (query.action !== null && entry.action !== query.action)) continue;
    entries.push(entry);
    if (entries.length === query.limit) return { entries, next: entry.id };
  }
  // Read to the end of what may match: nothing older. Stopped at the scan bound: the client goes on from there.
  return { entries, next: scanned.length >= query.scan ? (scanned.at(-1)?.id ?? null) : null };
}
