import { positionAfterId, positionAfterTime } from './chat-cursor.js';
import type { ChatMessage } from './shapes.js';
import type { ChatLog } from './ports.js';

/**
 * Messages one search reads at most: the work of a request is bounded whatever the kept history
 * (chat.historySize); a search goes on from `next`, one bounded read at a time.
 */
export const CHAT_SEARCH_SCAN = 500;

export interface ChatSearchQuery {
  /** Words of the message (case-insensitive, as typed). */
  text?: string | undefined;
  /** Part of the nickname (case-insensitive). */
  nickname?: string | undefined;
  /** Go on after this message id (the previous answer's `next`). */
  after?: string | undefined;
  limit: number;
}

export interface ChatSearchPage {
  messages: ChatMessage[];
  count: number;
  /** Send it as `after` to search on; null: the kept history is searched to its newest message. */
  next: string | null;
  /** Messages read for this page (at most CHAT_SEARCH_SCAN). */
  scanned: number;
}

const fold = (text: string) => text.normalize('NFKC').toLocaleLowerCase();

/**
 * Staff's search of the kept chat history, oldest first: a page holds the matches among at most
 * CHAT_SEARCH_SCAN messages read from the cursor on (one bounded read of the log, never the whole
 * history), so a page may hold fewer than `limit` matches, even none, and still have a `next`.
 */
export async function searchChat(log: Pick<ChatLog, 'listFrom'>, query: ChatSearchQuery): Promise<ChatSearchPage> {
  const start = query.after === undefined ? positionAfterTime(-1) : positionAfterId(query.after);
  const read = await log.listFrom(start, CHAT_SEARCH_SCAN);
  const text = query.text ? fold(query.text) : '';
  const nickname = query.nickname ? fold(query.nickname) : '';
  const messages: ChatMessage[] = [];
  for (const message of read) {
    if ((text && !fold(message.message).includes(text)) || (nickname && !fold(message.nickname).includes(nickname))) continue;
    messages.push(message);
    // A full page ends at its last match: the next one starts after it.
    if (messages.length === query.limit) return { messages, count: messages.length, next: message.id, scanned: read.indexOf(message) + 1 };
  }
  const more = read.length === CHAT_SEARCH_SCAN;
  return { messages, count: messages.length, next: more ? read.at(-1)!.id : null, scanned: read.length };
}
