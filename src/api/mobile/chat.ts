import { ChatListSchema, ChatMessageSchema } from '../response-schemas.js';
import { created, defineRoute, ok, type RouteDefinition } from '../../http/route.js';
import type { ChatService } from '../../station/chat-service.js';
import { CHAT_DEFAULT_LIMIT, ChatHistoryQuery, ChatPostBody } from '../../station/input/chat-input.js';
import { parseSince } from '../../station/input/since.js';

export function chatRoutes(chat: ChatService): RouteDefinition[] {
  return [
    defineRoute({
      method: 'GET',
      path: '/api/mobile/chat',
      summary: 'Chat messages after `since`, oldest first',
      query: ChatHistoryQuery,
      response: ChatListSchema,
      handler: async ({ query }) => {
        const since = query.since === undefined ? undefined : parseSince(query.since);
        const messages = await chat.history(since, query.limit ?? CHAT_DEFAULT_LIMIT);
        return ok({ messages, count: messages.length });
      },
    }),
    defineRoute({
      method: 'POST',
      path: '/api/mobile/chat',
      summary: 'Post a chat message',
      body: ChatPostBody,
      response: ChatMessageSchema,
      successStatus: 201,
      errors: ['CONTENT_REJECTED'],
      handler: async ({ body, client }) => created(await chat.post(body, { client })),
    }),
  ];
}
