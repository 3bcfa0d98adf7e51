import type { Logger } from 'pino';
import { toUnixSeconds, type Clock } from './clock.js';
import type { AuditEntry } from './model.js';
import type { AuditLog, AuditRecord } from './ports.js';
import { AUDIT_SCAN_MAX, type AuditPage } from './audit-query.js';
import { announceAuditEntry, type StaffFeed } from './staff-events.js';

/** Who acted: a staff member as the staff routes know them (http/admin-auth.ts `StaffMember`). */
export interface Actor {
  readonly name: string;
  readonly role: Exclude<AuditEntry['role'], 'payment-provider'>;
}

/** A payment provider as the actor of what its signed events record: never a staff member. */
export interface ProviderActor {
  readonly name: string;
  readonly role: 'payment-provider';
}

/** The staff actions the audit log names; `schedule.change`, `revenue.entry` and `plan.create` for the programme, revenue and plan doors. */
export type AuditAction =
  | 'chat.delete'
  | 'chat.ban'
  | 'chat.unban'
  | 'chat.undo'
  | 'request.played'
  | 'request.rejected'
  | 'request.priority'
  | 'staff.create'
  | 'staff.revoke'
  | 'schedule.change'
  | 'revenue.entry'
  | 'plan.create';

export const paymentProviderActor = (provider: string): ProviderActor => ({ name: provider, role: 'payment-provider' });

/** What a reader asks of the log: a page (`limit`, `before`), one actor, one action, a time range (Unix seconds, inclusive). */
export interface AuditFilter {
  limit: number;
  before?: string | undefined;
  actor?: string | undefined;
  action?: string | undefined;
  from?: number | undefined;
  to?: number | undefined;
}

const DAY_MS = 86_400_000;

/**
 * Text that came from outside (a nickname, a message, a song title, a staff name) as it goes into
 * an audit `target` or `detail`: always quoted, and escaped as JSON escapes a string, plus the
 * characters that move or end a line on a screen (U+2028/2029, bidi controls, the C1 set). A
 * nickname holding `"\n chat.unban …` then reads as one quoted string, never as a line or a field
 * of its own, in the log, in the console and in an operator's terminal.
 */
export function quoted(text: string): string {
  return JSON.stringify(text).replace(/[\u007f-\u009f\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/**
 * The one way a staff action is written down: who, what, when, on what. Every node writes to the
 * same log (store/), kept `retentionDays` (the staff budget bounds how much comes in meanwhile),
 * and each entry is also a log line, so an operator's log has it too. Written after the action
 * succeeded: the log never claims what did not happen.
 */
export class AuditTrail {
  private readonly retentionMs: number;

  constructor(
    private readonly log: AuditLog,
    private readonly clock: Clock,
    private readonly logger: Logger,
    retentionDays: number,
    /** Signed-in staff hear each entry live (the /staff namespace); none in a bare service world. */
    private readonly staffFeed: StaffFeed | null = null,
  ) {
    this.retentionMs = retentionDays * DAY_MS;
  }

  async record(actor: Actor | ProviderActor, action: AuditAction, target: string, detail: string | null = null): Promise<AuditEntry> {
    const now = this.clock();
    const record: AuditRecord = { at: toUnixSeconds(now), actor: actor.name, role: actor.role, action, target, detail };
    const entry = await this.log.append(record, now, now - this.retentionMs);
    this.logger.info({ actor: entry.actor, role: entry.role, action, target, detail }, 'staff action');
    if (this.staffFeed) announceAuditEntry(this.staffFeed, entry);
    return entry;
  }

  /** A page of the log, newest first, within the retention; at most AUDIT_SCAN_MAX entries read for it. */
  page(filter: AuditFilter): Promise<AuditPage> {
    const keptFrom = this.clock() - this.retentionMs;
    return this.log.page({
      limit: filter.limit,
      scan: AUDIT_SCAN_MAX,
      before: filter.before ?? null,
      actor: filter.actor ?? null,
      action: filter.action ?? null,
      fromMs: Math.max(keptFrom, (filter.from ?? 0) * 1000),
      toMs: filter.to === undefined ? Number.MAX_SAFE_INTEGER : filter.to * 1000 + 999,
    });
  }

  /** The newest `limit` entries, newest first. */
  async recent(limit: number): Promise<AuditEntry[]> {
    return (await this.page({ limit })).entries;
  }
}
