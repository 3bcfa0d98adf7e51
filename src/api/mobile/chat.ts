import { Type } from '@sinclair/typebox';
import { created, defineRoute, ok, type RouteDefinition } from '../../http/route.js';
import type { ChatService } from '../../station/chat-service.js';
import { LimitParam, Text } from '../text-rules.js';
import { parseSince } from './since-param.js';

export const ChatQuery = Type.Object({
  since: Type.Optional(Type.String({ maxLength: 64, description: 'Unix seconds, Unix milliseconds or ISO-8601; default: one hour ago' })),
  limit: Type.Optional(LimitParam(50)),
});

export const ChatPostBody = Type.Object({
  nickname: Type.String({
    minLength: 2,
    maxLength: 20,
    pattern: '^[\\p{L}\\p{Nd}_-]*$',
    patternMessage: 'may contain only letters, digits, underscore and dash',
  }),
  message: Text({ minLength: 1, maxLength: 500 }),
});

export function chatRoutes(chat: ChatService): RouteDefinition[] {
  return [
    defineRoute({
      method: 'GET',
      path: '/api/mobile/chat',
      summary: 'Chat messages after `since`, oldest first',
      query: ChatQuery,
      handler: async ({ query }) => {
        const since = query.since === undefined ? undefined : parseSince(query.since);
        const messages = await chat.history(since, query.limit ?? 20);
        return ok({ messages, count: messages.length });
      },
    }),
    defineRoute({
      method: 'POST',
      path: '/api/mobile/chat',
      summary: 'Post a chat message',
      body: ChatPostBody,
      handler: async ({ body }) => created(await chat.post(body)),
    }),
  ];
}
