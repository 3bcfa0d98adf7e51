import { randomBytes } from 'node:crypto';
import { AppError } from '../errors.js';
import { quoted, type Actor, type AuditTrail } from './audit-trail.js';
import { toUnixSeconds, type Clock } from './clock.js';
import type { LiveHub } from './live-hub.js';
import type { ActiveBan, BanTarget, ChatBan, ChatMessage } from './model.js';
import { nicknameSkeleton } from './nickname-skeleton.js';
import type { ChatLog, ModerationStore } from './ports.js';

/** How long a delete or a ban can be undone. */
export const UNDO_SECONDS = 30;

/** What an answer gives to undo the action with, and until when (Unix seconds). */
export interface Undo {
  token: string;
  until: number;
}

/** What the server keeps to undo an action (never sent: a sender's client is in it). */
type UndoRecord = { kind: 'delete'; nickname: string; message: string; client: string } | { kind: 'ban'; targets: BanTarget[] };

export interface ChatModerationDeps {
  log: ChatLog;
  moderation: ModerationStore;
  live: LiveHub;
  audit: AuditTrail;
  clock: Clock;
}

const newToken = () => randomBytes(16).toString('base64url');

/**
 * What staff do to the chat: delete a message, ban its sender (the client kept with the message,
 * whatever nickname it uses next), a nickname or an address, lift a ban, and undo a delete or a
 * ban for UNDO_SECONDS. Every action is written to the audit trail with its author. A sender's
 * client never leaves the server: a sender ban is listed by the nickname of its message and lifted
 * by an opaque reference.
 */
export class ChatModeration {
  constructor(private readonly deps: ChatModerationDeps) {}

  /** Removes a message from history and from every live client's screen; null when no message has that id. */
  async remove(id: string, actor: Actor): Promise<Undo | null> {
    const removed = await this.deps.log.delete(id);
    if (!removed) return null;
    this.deps.live.publish('chat:deleted', { id });
    const { nickname, message } = removed.message;
    await this.deps.audit.record(actor, 'chat.delete', `message ${id} by ${quoted(nickname)}`, quoted(clip(message)));
    return this.keepUndo({ kind: 'delete', nickname, message, client: removed.client });
  }

  /** Bans whoever sent message `id` (its client: the IPv4 address or IPv6 /64), whatever nickname they use. */
  async banSender(id: string, seconds: number, reason: string | null, actor: Actor): Promise<{ ban: ChatBan; undo: Undo }> {
    const sent = await this.deps.log.find(id);
    if (!sent) throw new AppError('NOT_FOUND', { message: 'No chat message has that id (it may have been deleted or rolled off).' });
    if (!sent.client) throw new AppError('NOT_FOUND', { message: 'The sender of that message is not known; ban the nickname instead.' });
    // Kept apart from an address ban on the same client: the address doors never reach it.
    const target: BanTarget = { kind: 'sender', value: sent.client };
    const note = { label: sent.message.nickname, by: actor.name, reason, since: toUnixSeconds(this.deps.clock()), ref: newToken() };
    await this.deps.moderation.ban(target, seconds, note);
    await this.deps.audit.record(actor, 'chat.ban', `sender of message ${id} (${quoted(sent.message.nickname)})`, banDetail(seconds, reason));
    const ban = publicBan({ ...target, ...note, until: note.since + seconds });
    return { ban, undo: await this.keepUndo({ kind: 'ban', targets: [target] }) };
  }

  /** Bans nicknames (by look-alike skeleton) or clients (address bans) for `seconds`. */
  async ban(targets: readonly NamedBanTarget[], seconds: number, reason: string | null, actor: Actor): Promise<{ bans: NamedBanTarget[]; until: number; undo: Undo }> {
    const since = toUnixSeconds(this.deps.clock());
    const stored: NamedBanTarget[] = [];
    for (const target of targets) {
      // A nickname ban matches on the look-alike skeleton; the list shows the nickname as staff wrote it.
      const matched = target.kind === 'nickname' ? { kind: 'nickname' as const, value: nicknameSkeleton(target.value) } : target;
      await this.deps.moderation.ban(matched, seconds, { label: target.value, by: actor.name, reason, since, ref: null });
      await this.deps.audit.record(actor, 'chat.ban', `${target.kind === 'nickname' ? 'nickname' : 'address'} ${quoted(target.value)}`, banDetail(seconds, reason));
      stored.push(matched);
    }
    return { bans: stored, until: since + seconds, undo: await this.keepUndo({ kind: 'ban', targets: stored }) };
  }

  /** The bans in force, soonest to end first, as staff may see them (no sender's client). */
  async bans(): Promise<ChatBan[]> {
    return (await this.deps.moderation.bans()).map(publicBan);
  }

  /**
   * Lifts a ban: on a nickname, a client, or a sender (by its reference only); false when none is
   * in force. An address lifts only an address ban: whether a sender ban hides behind it changes nothing.
   */
  async unban(kind: ChatBan['kind'], value: string, actor: Actor): Promise<boolean> {
    let target: BanTarget;
    let label = value;
    if (kind === 'sender') {
      const ban = (await this.deps.moderation.bans()).find((b) => b.kind === 'sender' && b.ref === value);
      if (!ban) return false;
      target = { kind: ban.kind, value: ban.value };
      label = `sender ${quoted(ban.label)}`;
    } else {
      target = kind === 'nickname' ? { kind, value: nicknameSkeleton(value) } : { kind, value };
      label = `${kind === 'nickname' ? 'nickname' : 'address'} ${quoted(value)}`;
    }
    if (!(await this.deps.moderation.unban(target))) return false;
    await this.deps.audit.record(actor, 'chat.unban', label);
    return true;
  }

  /**
   * Undoes a delete (the message is posted again, under a new id at the end of the chat, so REST
   * clients polling past its old id get it too) or a ban (lifted); null when the token is unknown
   * or its time is up. Each token works once.
   */
  async undo(token: string, actor: Actor): Promise<{ undone: 'delete' | 'ban'; message: ChatMessage | null } | null> {
    const kept = await this.deps.moderation.takeUndo(token);
    if (!kept) return null;
    const record = JSON.parse(kept) as UndoRecord;
    if (record.kind === 'delete') {
      const message = await this.deps.log.append({ nickname: record.nickname, message: record.message, client: record.client });
      this.deps.live.publish('chat:message', message);
      await this.deps.audit.record(actor, 'chat.undo', `delete of a message by ${quoted(record.nickname)} (now ${message.id})`, quoted(clip(record.message)));
      return { undone: 'delete', message };
    }
    for (const target of record.targets) await this.deps.moderation.unban(target);
    await this.deps.audit.record(actor, 'chat.undo', `ban (${record.targets.length === 1 ? 'one target' : `${record.targets.length} targets`})`);
    return { undone: 'ban', message: null };
  }

  private async keepUndo(record: UndoRecord): Promise<Undo> {
    const token = newToken();
    await this.deps.moderation.keepUndo(token, JSON.stringify(record), UNDO_SECONDS);
    return { token, until: toUnixSeconds(this.deps.clock()) + UNDO_SECONDS };
  }
}

/** A ban staff name by what it matches on: a nickname or an address (a sender ban is named by its reference). */
export type NamedBanTarget = BanTarget & { kind: 'nickname' | 'ip' };

/** A ban as staff see it: a sender ban shows its reference, never its client. */
function publicBan(ban: ActiveBan): ChatBan {
  const common = { label: ban.label, until: ban.until, by: ban.by, reason: ban.reason, since: ban.since };
  return ban.kind === 'sender' ? { kind: 'sender', value: ban.ref ?? '', ...common } : { kind: ban.kind, value: ban.value, ...common };
}

const clip = (text: string) => (text.length > 200 ? `${text.slice(0, 199)}…` : text);

function banDetail(seconds: number, reason: string | null): string {
  const span = seconds % 86_400 === 0 ? `${seconds / 86_400} d` : seconds % 3600 === 0 ? `${seconds / 3600} h` : seconds % 60 === 0 ? `${seconds / 60} min` : `${seconds} s`;
  return reason ? `${span}: ${quoted(reason)}` : span;
}
