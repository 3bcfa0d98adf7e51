import type { ChatLog, ChatMessage } from '../store/types.js';
import type { Clock } from './clock.js';
import type { LiveHub } from './live-hub.js';

export const CHAT_DEFAULT_WINDOW_MS = 60 * 60 * 1000;

/** The one chat service: REST and (later) sockets both post through here, under the same rules. */
export class ChatService {
  constructor(
    private readonly log: ChatLog,
    private readonly live: LiveHub,
    private readonly clock: Clock,
  ) {}

  async post(input: { nickname: string; message: string }): Promise<ChatMessage> {
    const stored = await this.log.append({ nickname: input.nickname, message: input.message });
    this.live.publish('chat:message', stored);
    return stored;
  }

  /** Messages strictly after `sinceMs` (default: the last hour), oldest first, at most `limit`. */
  history(sinceMs: number | undefined, limit: number): Promise<ChatMessage[]> {
    return this.log.listAfter(sinceMs ?? this.clock() - CHAT_DEFAULT_WINDOW_MS, limit);
  }
}
