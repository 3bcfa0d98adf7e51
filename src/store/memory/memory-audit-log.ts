import type { AuditEntry } from '../../station/model.js';
import type { AuditLog, AuditRecord } from '../../station/ports.js';
import { isBefore, pageFromScan, positionOfId, type AuditPage, type AuditQuery } from '../../station/audit-query.js';
import { MemoryStream } from './memory-stream.js';

interface Stored {
  readonly id: string;
  readonly ms: number;
  readonly entry: AuditEntry;
}

/**
 * The audit log in process memory, kept by time: entries older than the retention are dropped
 * from the front as new ones come (the staff budget bounds how many come). A page is a binary
 * search for its newest entry and a walk of at most `query.scan` entries back.
 */
export class MemoryAuditLog implements AuditLog {
  /** The millisecond the next entry is stamped with: the stream asks its clock for it. */
  private stampMs = 0;
  // Never trimmed by count (the capacity is out of reach), only by time (dropOlderThan).
  private readonly stream = new MemoryStream<Stored>(Number.MAX_SAFE_INTEGER, () => this.stampMs);

  async append(record: AuditRecord, atMs: number, keepFromMs: number): Promise<AuditEntry> {
    this.stampMs = atMs;
    const stored = this.stream.append((id, ms) => ({ id, ms, entry: { id, ...record } }));
    this.stream.dropOlderThan(keepFromMs);
    return stored.entry;
  }

  async page(query: AuditQuery): Promise<AuditPage> {
    const before = query.before === null ? null : positionOfId(query.before);
    const end = this.stream.firstIndexWhere((stored) => stored.ms <= query.toMs && isBefore(stored.id, before));
    const scanned: AuditEntry[] = [];
    for (let i = end - 1; i >= 0 && scanned.length < query.scan; i--) {
      const stored = this.stream.at(i)!;
      if (stored.ms < query.fromMs) break;
      scanned.push(stored.entry);
    }
    return pageFromScan(scanned, query);
  }
}
