import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import { toUnixSeconds, type Clock } from './clock.js';
import type { AuditEntry } from './model.js';
import type { AuditLog } from './ports.js';

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

/**
 * The one way a staff action is written down: who, what, when, on what. Every node writes to the
 * same bounded log (store/), and each entry is also a log line, so an operator's log has it too.
 * Written after the action succeeded: the log never claims what did not happen.
 */
export class AuditTrail {
  constructor(
    private readonly log: AuditLog,
    private readonly clock: Clock,
    private readonly logger: Logger,
  ) {}

  async record(actor: Actor | ProviderActor, action: AuditAction, target: string, detail: string | null = null): Promise<AuditEntry> {
    const entry: AuditEntry = { id: randomUUID(), at: toUnixSeconds(this.clock()), actor: actor.name, role: actor.role, action, target, detail };
    await this.log.append(entry);
    this.logger.info({ actor: entry.actor, role: entry.role, action, target, detail }, 'staff action');
    return entry;
  }

  /** The newest `limit` entries, newest first. */
  recent(limit: number): Promise<AuditEntry[]> {
    return this.log.recent(limit);
  }
}
