import { Type, type Static } from '@sinclair/typebox';
import { CHAT_ID_PATTERN } from '../chat-cursor.js';
import { LimitParam, Nickname, Text } from './text-rules.js';

// The chat's input rules, shared by both doors: REST (api/mobile/chat.ts) and sockets (live/).

export const ChatHistoryQuery = Type.Object({
  since: Type.Optional(
    Type.String({
      maxLength: 64,
      description: 'Unix seconds, Unix milliseconds or ISO-8601: the oldest `limit` messages after it. Without `since` and `after`: the newest `limit` of the last hour',
    }),
  ),
  after: Type.Optional(
    Type.String({
      pattern: CHAT_ID_PATTERN,
      'x-pattern-message': 'must be a message id such as 1767225600000-0 (the `next` of the previous page)',
      description: "A message id (the previous answer's `next`): the oldest `limit` messages after it. Takes precedence over `since`",
    }),
  ),
  limit: Type.Optional(LimitParam(50)),
});

export const ChatPostBody = Type.Object({
  nickname: Nickname({ minLength: 2, maxLength: 20 }),
  message: Text({ minLength: 1, maxLength: 500 }),
});

export const CHAT_DEFAULT_LIMIT = 20;

export type ChatHistoryOptions = Static<typeof ChatHistoryQuery>;
