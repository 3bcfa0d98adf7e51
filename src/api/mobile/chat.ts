import { ChatListSchema, ChatMessageSchema } from '../response-schemas.js';
import { created, defineRoute, ok, type RouteDefinition } from '../../http/route.js';
import type { ChatService } from '../../station/chat-service.js';
import { ChatHistoryQuery, ChatPostBody } from '../../station/input/chat-input.js';

export function chatRoutes(chat: ChatService): RouteDefinition[] {
  return [
    defineRoute({
      method: 'GET',
      path: '/api/mobile/chat',
      budget: 'public',
      // The page is a plain read: on Redis it goes out with the budget's script, one round trip.
      readAhead: true,
      summary: 'Chat messages, oldest first: the oldest `limit` after `after` (or `since`), with `next` to continue; without either, the newest of the last hour',
      query: ChatHistoryQuery,
      response: ChatListSchema,
      handler: async ({ query }) => ok(await chat.page(query)),
    }),
    defineRoute({
      method: 'POST',
      path: '/api/mobile/chat',
      budget: 'public',
      // Counted by the post's own store step with the chat budget: on Redis one script, one round trip.
      budgetInHandler: true,
      summary: 'Post a chat message',
      body: ChatPostBody,
      response: ChatMessageSchema,
      successStatus: 201,
      errors: ['CONTENT_REJECTED'],
      handler: async ({ body, client, budget }) => created(await chat.post(body, { client, doorBudget: budget ?? undefined })),
    }),
  ];
}
