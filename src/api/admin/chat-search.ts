import { Type } from '@sinclair/typebox';
import { defineRoute, type RouteDefinition } from '../../http/route.js';
import { serializeSuccess } from '../../http/reply.js';
import { CHAT_ID_PATTERN } from '../../station/chat-cursor.js';
import { CHAT_SEARCH_SCAN, searchChat } from '../../station/chat-search.js';
import type { ChatLog } from '../../station/ports.js';
import { ChatMessageSchema } from '../../station/shapes.js';
import { LimitParam, Text } from '../../validation/text-rules.js';
import { CONDITIONAL_GET_HEADERS, conditionalAnswer } from '../conditional-get.js';
import { prepareBody } from '../prepared-response.js';

/**
 * GET /api/admin/chat/search (staff): the kept chat history searched by words and nickname,
 * oldest first, paged by `next`. Each request reads at most CHAT_SEARCH_SCAN messages and spends
 * the client's budget for heavy staff reads (the `reports` budget, shared with the reports).
 */
export function chatSearchRoutes(log: Pick<ChatLog, 'listFrom'>): RouteDefinition[] {
  return [
    defineRoute({
      method: 'GET',
      path: '/api/admin/chat/search',
      summary: `Search the kept chat history by words and nickname (staff), oldest first; each page reads at most ${CHAT_SEARCH_SCAN} messages`,
      auth: 'moderator',
      budget: 'reports',
      headers: CONDITIONAL_GET_HEADERS,
      query: Type.Object({
        q: Type.Optional(Text({ maxLength: 100, description: 'words of the message, case-insensitive' })),
        nickname: Type.Optional(Text({ maxLength: 20, description: 'part of the nickname, case-insensitive' })),
        after: Type.Optional(Type.String({ pattern: CHAT_ID_PATTERN, description: "the previous page's `next`: search on after it" })),
        limit: Type.Optional(LimitParam(100)),
      }),
      response: Type.Object({
        messages: Type.Array(ChatMessageSchema),
        count: Type.Integer({ minimum: 0 }),
        next: Type.Union([Type.String(), Type.Null()], {
          description: `send it as \`after\` to search on; null: searched to the newest message. A page reads at most ${CHAT_SEARCH_SCAN} messages, so it may hold fewer than \`limit\` matches (even none) and still have a \`next\``,
        }),
        scanned: Type.Integer({ minimum: 0, description: 'messages read for this page' }),
      }),
      errors: ['RATE_LIMITED'],
      handler: async (ctx) => {
        const page = await searchChat(log, { text: ctx.query.q, nickname: ctx.query.nickname, after: ctx.query.after, limit: ctx.query.limit ?? 50 });
        return conditionalAnswer(ctx.headers['if-none-match'], prepareBody(serializeSuccess(page), 'private, no-cache'));
      },
    }),
  ];
}
