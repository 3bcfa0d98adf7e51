import { Type } from '@sinclair/typebox';
import { LimitParam, Nickname, Text } from './text-rules.js';

// The chat's input rules, shared by both doors: REST (api/mobile/chat.ts) and sockets (live/).

export const ChatHistoryQuery = Type.Object({
  since: Type.Optional(Type.String({ maxLength: 64, description: 'Unix seconds, Unix milliseconds or ISO-8601; default: one hour ago' })),
  limit: Type.Optional(LimitParam(50)),
});

export const ChatPostBody = Type.Object({
  nickname: Nickname({ minLength: 2, maxLength: 20 }),
  message: Text({ minLength: 1, maxLength: 500 }),
});

export const CHAT_DEFAULT_LIMIT = 20;
