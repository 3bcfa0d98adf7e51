import { Type, type Static } from '@sinclair/typebox';
import { AuditEntrySchema, type AuditEntry } from './shapes.js';

// The events only signed-in staff hear (the Socket.IO namespace /staff, docs/live.md): what a
// staff member did, as the audit log writes it down, and that the bans changed. They never travel
// on the public /live namespace, which any listener's page joins: a ban's reason, who set it and
// the audit trail are staff business. Only TypeBox and types are imported: the console type-checks it.

/** Which bans changed and who changed them: the console reads the bans again (GET /api/admin/chat/bans). */
export const BansChangedSchema = Type.Object({
  action: Type.Union([Type.Literal('chat.ban'), Type.Literal('chat.unban'), Type.Literal('chat.undo')], { description: 'the staff action that changed them' }),
  by: Type.String({ description: 'the staff member who acted' }),
  at: Type.Integer({ description: 'Unix seconds' }),
});
export type BansChanged = Static<typeof BansChangedSchema>;

/** Who among the staff hears an event: a moderator's console has no audit log (its route answers 403). */
export type StaffAudience = 'moderator' | 'admin';

export const STAFF_EVENTS = {
  'audit:entry': {
    payload: AuditEntrySchema,
    documentName: 'staffAuditEntry',
    audience: 'admin' as StaffAudience,
    summary: 'A staff action was written to the audit log (the entry GET /api/admin/audit lists); admins only',
  },
  'bans:changed': {
    payload: BansChangedSchema,
    documentName: 'staffBansChanged',
    audience: 'moderator' as StaffAudience,
    summary: 'A chat ban was set or lifted (or a ban undone): read GET /api/admin/chat/bans again; every signed-in staff member',
  },
};

export type StaffEventName = keyof typeof STAFF_EVENTS;
export interface StaffEvents {
  'audit:entry': AuditEntry;
  'bans:changed': BansChanged;
}

/** Where the domain announces staff events (live/ delivers them on /staff); absent in a bare service world. */
export interface StaffFeed {
  announce<E extends StaffEventName>(event: E, payload: StaffEvents[E]): void;
}

const BAN_ACTIONS = new Set<string>(['chat.ban', 'chat.unban', 'chat.undo']);

/** The staff events one audit entry makes: always the entry (for admins), and `bans:changed` after a ban, an unban or an undo. */
export function announceAuditEntry(feed: StaffFeed, entry: AuditEntry): void {
  feed.announce('audit:entry', entry);
  if (BAN_ACTIONS.has(entry.action)) feed.announce('bans:changed', { action: entry.action as BansChanged['action'], by: entry.actor, at: entry.at });
}

/**
 * A StaffFeed to hand out before its deliverer exists: the audit trail is made before the staff
 * channel, whose key check reads the staff directory that writes to the trail. Until `deliverTo`
 * nothing is announced (no staff socket can be connected yet either).
 */
export class StaffFeedRelay implements StaffFeed {
  private target: StaffFeed | null = null;

  deliverTo(target: StaffFeed): void {
    this.target = target;
  }

  announce<E extends StaffEventName>(event: E, payload: StaffEvents[E]): void {
    this.target?.announce(event, payload);
  }
}
