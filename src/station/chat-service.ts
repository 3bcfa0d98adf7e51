import { createHash } from 'node:crypto';
import { AppError } from '../errors.js';
import type { ActiveBan, BanTarget, ChatMessage } from './model.js';
import type { ChatLog, ModerationStore } from './ports.js';
import type { Clock } from './clock.js';
import type { ContentFilter } from './content-filter.js';
import type { LiveHub } from './live-hub.js';

export const CHAT_DEFAULT_WINDOW_MS = 60 * 60 * 1000;

export interface ChatSender {
  ip: string;
}

export interface ChatServiceDeps {
  log: ChatLog;
  moderation: ModerationStore;
  filter: ContentFilter;
  live: LiveHub;
  clock: Clock;
  /** The same text from the same sender within this many seconds is refused; 0 turns it off. */
  repeatWindowSeconds: number;
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
    const { moderation, filter, repeatWindowSeconds } = this.deps;
    if (await moderation.isBanned(input.nickname, sender.ip)) {
      throw new AppError('CONTENT_REJECTED', { message: 'You cannot post in this chat right now.' });
    }
    const reason = filter.refusalReason(input.message);
    if (reason) throw new AppError('CONTENT_REJECTED', { message: `The message ${reason}.` });
    if (!filter.nicknameAllowed(input.nickname)) throw new AppError('CONTENT_REJECTED', { message: 'Please choose another nickname.' });
    if (repeatWindowSeconds > 0) {
      const senderKey = `${input.nickname.toLowerCase()}|${sender.ip}`;
      if (await moderation.repeatsLast(senderKey, fingerprint(input.message), repeatWindowSeconds)) {
        throw new AppError('CONTENT_REJECTED', { message: 'You just sent that message.' });
      }
    }
    const stored = await this.deps.log.append({ nickname: input.nickname, message: input.message });
    this.deps.live.publish('chat:message', stored);
    return stored;
  }

  /** Messages strictly after `sinceMs` (default: the last hour), oldest first, at most `limit`. */
  history(sinceMs: number | undefined, limit: number): Promise<ChatMessage[]> {
    return this.deps.log.listAfter(sinceMs ?? this.deps.clock() - CHAT_DEFAULT_WINDOW_MS, limit);
  }

  /** Removes a message from history and from every live client's screen. */
  async delete(id: string): Promise<boolean> {
    const deleted = await this.deps.log.delete(id);
    if (deleted) this.deps.live.publish('chat:deleted', { id });
    return deleted;
  }

  ban(target: BanTarget, seconds: number): Promise<void> {
    return this.deps.moderation.ban(target, seconds);
  }

  bans(): Promise<ActiveBan[]> {
    return this.deps.moderation.bans();
  }

  unban(target: BanTarget): Promise<boolean> {
    return this.deps.moderation.unban(target);
  }
}
