import { createHash } from 'node:crypto';
import { AppError } from '../errors.js';
import type { ChatMessage, ChatPage } from './model.js';
import { positionAfterId, positionAfterTime } from './chat-cursor.js';
import { CHAT_DEFAULT_LIMIT, type ChatHistoryOptions } from './input/chat-input.js';
import { parseSince } from './input/since.js';
import type { ChatLog, ModerationStore } from './ports.js';
import type { Clock } from './clock.js';
import type { ContentFilter } from './content-filter.js';
import type { LiveHub } from './live-hub.js';
import { nicknameSkeleton, type ReservedNicknames } from './nickname-skeleton.js';

export const CHAT_DEFAULT_WINDOW_MS = 60 * 60 * 1000;

export interface ChatSender {
  /** The client key (IPv4 address or IPv6 network) every limit and ban counts against. */
  client: string;
  /** The live connection it came through; absent for REST. */
  connectionId?: string;
}

/** The chat's share of the limits policy: one budget per client whichever door a message comes through. */
export interface ChatBudget {
  spendChatMessage(clientKey: string, connectionId?: string): Promise<void>;
}

export interface ChatServiceDeps {
  log: ChatLog;
  moderation: ModerationStore;
  filter: ContentFilter;
  budget: ChatBudget;
  live: LiveHub;
  clock: Clock;
  /** The same text from the same sender within this many seconds is refused; 0 turns it off. */
  repeatWindowSeconds: number;
  /** Names nobody may post as, nor as a look-alike of. */
  reserved: ReservedNicknames;
}

const fingerprint = (text: string) => createHash('sha1').update(text.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ')).digest('base64');

/**
 * The one chat service: REST and sockets both post through here, so bans, the content filter
 * and repeat suppression hold whichever door a message comes through. Input shape and length
 * rules are checked by each door against the same schema (station/input/chat-input.ts).
 */
export class ChatService {
  constructor(private readonly deps: ChatServiceDeps) {}

  async post(input: { nickname: string; message: string }, sender: ChatSender): Promise<ChatMessage> {
    const { moderation, filter, repeatWindowSeconds, reserved } = this.deps;
    // Spent before any other check: refused messages cost too, so nobody probes the filter for free.
    await this.deps.budget.spendChatMessage(sender.client, sender.connectionId);
    if (reserved.has(input.nickname)) {
      throw new AppError('CONTENT_REJECTED', { reason: 'reserved_nickname' });
    }
    // Bans on nicknames are kept by look-alike skeleton: a ban on "admin" holds "аdmin" and "ＡＤＭＩＮ" too.
    if (await moderation.isBanned(nicknameSkeleton(input.nickname), sender.client)) {
      throw new AppError('CONTENT_REJECTED', { reason: 'ban' });
    }
    const reason = filter.refusalReason(input.message);
    if (reason) throw new AppError('CONTENT_REJECTED', { reason });
    if (!filter.nicknameAllowed(input.nickname)) throw new AppError('CONTENT_REJECTED', { reason: 'nickname' });
    if (repeatWindowSeconds > 0) {
      const senderKey = `${input.nickname.toLowerCase()}|${sender.client}`;
      if (await moderation.repeatsLast(senderKey, fingerprint(input.message), repeatWindowSeconds)) {
        throw new AppError('CONTENT_REJECTED', { reason: 'repeat' });
      }
    }
    // The sender's client is kept with the message (never shown), so staff can ban the sender.
    const stored = await this.deps.log.append({ nickname: input.nickname, message: input.message, client: sender.client });
    this.deps.live.publish('chat:message', stored);
    return stored;
  }

  /**
   * A page of chat for a polling client (REST and the socket's `chat:history`). With a cursor
   * (`after`, else `since`) the OLDEST `limit` messages after it, and `next` to continue from, so
   * a busy chat or an app back from the background loses nothing; without one, the newest
   * `limit` of the last hour. One more than `limit` is read to tell whether more wait.
   */
  async page(options: ChatHistoryOptions): Promise<ChatPage> {
    const limit = options.limit ?? CHAT_DEFAULT_LIMIT;
    if (options.after === undefined && options.since === undefined) {
      const messages = await this.history(undefined, limit);
      return { messages, count: messages.length, next: messages.at(-1)?.id ?? null, has_more: false };
    }
    const start = options.after !== undefined ? positionAfterId(options.after) : positionAfterTime(parseSince(options.since!));
    const read = await this.deps.log.listFrom(start, limit + 1);
    const messages = read.length > limit ? read.slice(0, limit) : read;
    return { messages, count: messages.length, next: messages.at(-1)?.id ?? options.after ?? null, has_more: read.length > limit };
  }

  /** Messages strictly after `sinceMs` (default: the last hour), oldest first, at most `limit` (the newest). */
  history(sinceMs: number | undefined, limit: number): Promise<ChatMessage[]> {
    return this.deps.log.listAfter(sinceMs ?? this.deps.clock() - CHAT_DEFAULT_WINDOW_MS, limit);
  }
}
