import { createHash } from 'node:crypto';
import { AppError } from '../errors.js';
import type { ChatMessage, ChatPage } from './model.js';
import { positionAfterId, positionAfterTime } from './chat-cursor.js';
import { CHAT_DEFAULT_LIMIT, type ChatHistoryOptions } from './input/chat-input.js';
import { parseSince } from './input/since.js';
import type { NamedBudget } from '../limits/named-budget.js';
import { ToldBudget } from '../limits/told-budget.js';
import type { RateLimitDecision } from '../limits/rate-limit.js';
import type { ChatLog, ChatPostAtOnce, ChatPostChecks, ChatPostOutcome, ModerationStore } from './ports.js';
import type { Clock } from './clock.js';
import type { ContentFilter } from './content-filter.js';
import type { LiveHub, LiveStep } from './live-hub.js';
import { nicknameSkeleton, type ReservedNicknames } from './nickname-skeleton.js';

export const CHAT_DEFAULT_WINDOW_MS = 60 * 60 * 1000;

export interface ChatSender {
  /** The client key (IPv4 address or IPv6 network) every limit and ban counts against. */
  client: string;
  /** The live connection it came through; absent for REST. */
  connectionId?: string;
  /**
   * The door's own budget, left to the post to spend first (the REST route's, `budgetInHandler`):
   * on Redis it is counted in the post's one script, so the post is one round trip. Absent: the
   * door spent it before.
   */
  doorBudget?: DoorBudget;
}

/** A budget the door left to the post (the edge's handler budget, http/route.ts `HandlerBudget`). */
export interface DoorBudget {
  /** Its name among the limits' budgets. */
  readonly name: string;
  /** Told its verdict once counted: the door's answer carries it (RateLimit headers). */
  counted(decision: RateLimitDecision): void;
}

/** The chat's share of the limits policy: one budget per client whichever door a message comes through. */
export interface ChatBudget {
  /** A socket's own flood budget: spent (or 429) before the client's. */
  spendChatConnection(connectionId: string): Promise<void>;
  /** The client's budget: spent first by the post's store work. */
  readonly chatBudget: NamedBudget;
  /** A budget by name (a door's own, which it leaves to the post: `ChatSender.doorBudget`). */
  budget(name: string): NamedBudget;
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
  /** The store's one-step post (Redis: one script, one round trip); absent: step by step. */
  atOnce?: ChatPostAtOnce;
  /** How the one-step post may record and relay the live event itself (LiveStep); absent or null: `live` does. */
  liveStep?: LiveStep | null;
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
    const { budget, filter, repeatWindowSeconds, reserved } = this.deps;
    if (sender.connectionId !== undefined) await budget.spendChatConnection(sender.connectionId);
    // What needs no store is judged here; the store then takes the rules in their order (ChatPostChecks).
    const refusal = filter.refusalReason(input.message) ?? (filter.nicknameAllowed(input.nickname) ? null : 'nickname');
    const door = sender.doorBudget;
    const doorBudget = door && budget.budget(door.name);
    const checks: ChatPostChecks = {
      // The store's verdict reaches the door as it comes, even after the call was given up (told-budget.ts).
      first: door && doorBudget ? { budget: new ToldBudget(doorBudget, (decision) => door.counted(decision)), key: sender.client } : null,
      budget: budget.chatBudget,
      client: sender.client,
      refusedBeforeBan: reserved.has(input.nickname) ? 'reserved_nickname' : null,
      // Bans on nicknames are kept by look-alike skeleton: a ban on "admin" holds "аdmin" and "ＡＤＭＩＮ" too.
      nicknameSkeleton: nicknameSkeleton(input.nickname),
      refusedAfterBan: refusal,
      repeat: repeatWindowSeconds > 0 ? { sender: `${input.nickname.toLowerCase()}|${sender.client}`, fingerprint: fingerprint(input.message), windowSeconds: repeatWindowSeconds } : null,
      // The sender's client is kept with the message (never shown), so staff can ban the sender.
      entry: { nickname: input.nickname, message: input.message, client: sender.client },
      live: this.deps.liveStep ?? null,
      recorded: (message, liveId) => this.deps.live.publishRecorded('chat:message', message, liveId),
    };
    const outcome = await (this.deps.atOnce?.post(checks) ?? this.stepByStep(checks, door));
    if (outcome.first) door?.counted(outcome.first);
    switch (outcome.kind) {
      case 'over-first-budget':
        throw doorBudget!.refusal(outcome.first!);
      case 'over-budget':
        throw budget.chatBudget.refusal(outcome.decision);
      case 'refused':
        throw new AppError('CONTENT_REJECTED', { reason: outcome.reason });
      case 'posted':
        // Recorded by the store's step: already delivered here (`recorded`), in time or late.
        if (outcome.liveId === undefined) this.deps.live.publish('chat:message', outcome.message);
        return outcome.message;
    }
  }

  /** The same rules as the store's one step, one port call each (the memory store, or a budget counted elsewhere). */
  private async stepByStep(checks: ChatPostChecks, door: DoorBudget | undefined): Promise<ChatPostOutcome> {
    if (!checks.first) return this.chatSteps(checks);
    const first = await checks.first.budget.spend(checks.first.key);
    // Told at once: should a later step fail (the store away), the door must not spend it again.
    door?.counted(first);
    if (!first.allowed) return { kind: 'over-first-budget', first };
    return { ...(await this.chatSteps(checks)), first };
  }

  /** The chat's own steps, the door's budget spent (stepByStep). */
  private async chatSteps(checks: ChatPostChecks): Promise<ChatPostOutcome> {
    const { moderation, log } = this.deps;
    // Spent before any other check: refused messages cost too, so nobody probes the filter for free.
    const decision = await checks.budget.spend(checks.client);
    if (!decision.allowed) return { kind: 'over-budget', decision };
    if (checks.refusedBeforeBan) return { kind: 'refused', reason: checks.refusedBeforeBan };
    if (await moderation.isBanned(checks.nicknameSkeleton, checks.client)) return { kind: 'refused', reason: 'ban' };
    if (checks.refusedAfterBan) return { kind: 'refused', reason: checks.refusedAfterBan };
    if (checks.repeat && (await moderation.repeatsLast(checks.repeat.sender, checks.repeat.fingerprint, checks.repeat.windowSeconds))) {
      return { kind: 'refused', reason: 'repeat' };
    }
    return { kind: 'posted', message: await log.append(checks.entry) };
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
