import { Type, type Static } from '@sinclair/typebox';
import { CHAT_ID_PATTERN } from '../chat-cursor.js';
import { LimitParam, Nickname, Text } from '../../validation/text-rules.js';

// The chat's input rules, shared by both doors: REST (api/mobile/chat.ts) and sockets (live/).

export const ChatHistoryQuery = Type.Object({
  since: Type.Optional(
    Type.String({
      maxLength: 64,
      // since.ts reads it; the pattern only says how it starts (a digit, after a sign for ISO years beyond 9999).
      pattern: '^\\s*[+-]?[0-9]',
      'x-pattern-message': 'must be Unix seconds, Unix milliseconds or an ISO-8601 time',
      examples: ['1767225600', '1767225600000', '2026-01-01T00:00:00Z'],
      description:
        'Unix seconds, Unix milliseconds or ISO-8601: the oldest `limit` messages after it. Without `since` and `after`: the newest `limit` of the last hour. Exact rule: Unix seconds (up to 12 digits, a fraction allowed), Unix milliseconds (13 digits) or an ISO-8601 date or time (no offset: UTC); the pattern only checks how it starts.',
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
