import { Type } from '@sinclair/typebox';
import { defineRoute, ok, type RouteDefinition } from '../../http/route.js';
import type { FeedbackService } from '../../station/feedback-service.js';
import { LimitParam } from '../../validation/text-rules.js';
import { FeedbackSchema } from '../response-schemas.js';

export function feedbackAdminRoutes(feedback: FeedbackService): RouteDefinition[] {
  return [
    defineRoute({
      method: 'GET',
      path: '/api/admin/feedback',
      summary: 'The newest feedback (ratings, app feedback, bug reports), newest first',
      auth: 'admin',
      query: Type.Object({ limit: Type.Optional(LimitParam(100)) }),
      response: Type.Object({ feedback: Type.Array(FeedbackSchema), count: Type.Integer() }),
      handler: async ({ query }) => {
        const list = await feedback.recent(query.limit ?? 50);
        return ok({ feedback: list, count: list.length });
      },
    }),
  ];
}
