import { AppError } from '../errors.js';
import { brokenRule } from '../messages/broken-rule.js';

/**
 * Where a page of chat starts: the first message id ("<ms>-<seq>", the ids the chat log stamps)
 * that may be in it. Both ways a client says where it is become one: `since` (a time, exclusive:
 * the next whole millisecond) and `after` (a message id, exclusive: the next sequence number).
 * Comparing positions, never looking an id up, keeps a cursor valid when its message was deleted.
 */
export interface ChatPosition {
  readonly ms: number;
  readonly seq: number;
}

/** A message id as the chat log writes it (15 digits each side keep both parts exact in a double). */
export const CHAT_ID_PATTERN = '^\\d{1,15}-\\d{1,15}$';
const CHAT_ID = new RegExp(CHAT_ID_PATTERN);

export const positionAfterTime = (ms: number): ChatPosition => ({ ms: Math.max(0, Math.floor(ms) + 1), seq: 0 });

/** The position just after message `id`; 400 naming `after` when it is not a message id. */
export function positionAfterId(id: string): ChatPosition {
  if (!CHAT_ID.test(id)) throw new AppError('VALIDATION_FAILED', { details: [brokenRule('after', (v) => v.chatId)] });
  const dash = id.indexOf('-');
  return { ms: Number(id.slice(0, dash)), seq: Number(id.slice(dash + 1)) + 1 };
}

/** -1, 0 or 1 as message `id` comes before, at or after `position`. */
export function compareToPosition(id: string, position: ChatPosition): number {
  const dash = id.indexOf('-');
  const ms = Number(id.slice(0, dash));
  if (ms !== position.ms) return ms < position.ms ? -1 : 1;
  const seq = Number(id.slice(dash + 1));
  return seq === position.seq ? 0 : seq < position.seq ? -1 : 1;
}
