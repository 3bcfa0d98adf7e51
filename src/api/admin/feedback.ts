import { Type } from '@sinclair/typebox';
import { defineRoute, type RouteDefinition } from '../../http/route.js';
import { serializeSuccess } from '../../http/reply.js';
import type { FeedbackService } from '../../station/feedback-service.js';
import { FEEDBACK_SCAN } from '../../station/feedback-search.js';
import { LimitParam } from '../../validation/text-rules.js';
import { CONDITIONAL_GET_HEADERS, conditionalAnswer } from '../conditional-get.js';
import { prepareBody } from '../prepared-response.js';
import { FeedbackType } from '../mobile/feedback.js';
import { FeedbackSchema } from '../response-schemas.js';

const Rating = (description: string) => Type.Integer({ minimum: 1, maximum: 5, description });

/**
 * GET /api/admin/feedback (admin): the feedback inbox, newest first, by type and rating, paged by
 * `next`. Each request reads at most FEEDBACK_SCAN entries and spends the client's budget for
 * heavy staff reads (the `reports` budget, shared with the reports and the chat search).
 */
export function feedbackAdminRoutes(feedback: FeedbackService): RouteDefinition[] {
  return [
    defineRoute({
      method: 'GET',
      path: '/api/admin/feedback',
      summary: `The feedback (ratings, app feedback, bug reports), newest first, by type and rating; each page reads at most ${FEEDBACK_SCAN} entries`,
      auth: 'admin',
      budget: 'reports',
      headers: CONDITIONAL_GET_HEADERS,
      query: Type.Object({
        type: Type.Optional(FeedbackType('only this type, e.g. `bug_report`')),
        min_rating: Type.Optional(Rating('only ratings at least this (feedback without a rating is left out)')),
        max_rating: Type.Optional(Rating('only ratings at most this (feedback without a rating is left out); below `min_rating`: none')),
        before: Type.Optional(Type.Integer({ minimum: 1, maximum: 999_999_999_999_999, description: "the previous page's `next`: older feedback" })),
        limit: Type.Optional(LimitParam(100)),
      }),
      response: Type.Object({
        feedback: Type.Array(FeedbackSchema),
        count: Type.Integer({ minimum: 0 }),
        next: Type.Union([Type.Integer({ minimum: 1 }), Type.Null()], {
          description: `send it as \`before\` for the next (older) page; null: no more. A page reads at most ${FEEDBACK_SCAN} entries, so a filtered page may hold fewer than \`limit\` (even none) and still have a \`next\``,
        }),
        scanned: Type.Integer({ minimum: 0, description: 'entries read for this page' }),
      }),
      errors: ['RATE_LIMITED'],
      handler: async (ctx) => {
        const { type, min_rating: minRating, max_rating: maxRating, before, limit } = ctx.query;
        const page = await feedback.search({ type, minRating, maxRating, before, limit: limit ?? 50 });
        return conditionalAnswer(ctx.headers['if-none-match'], prepareBody(serializeSuccess(page), 'private, no-cache'));
      },
    }),
  ];
}
