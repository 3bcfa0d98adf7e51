import { FeedbackSchema } from '../response-schemas.js';
import { Type } from '@sinclair/typebox';
import { defineRoute, type RouteDefinition } from '../../http/route.js';
import { splicedSuccess } from '../spliced-answer.js';
import type { FeedbackService } from '../../station/feedback-service.js';
import { Text } from '../../validation/text-rules.js';

/** A feedback type as the app sends it (and the inbox filters by it). */
export const FeedbackType = (description?: string) =>
  Type.String({
    minLength: 1,
    maxLength: 32,
    pattern: '^[a-z0-9_]*$',
    'x-pattern-message': 'may contain only lower-case letters, digits and underscore (e.g. song_rating, app_feedback, bug_report)',
    ...(description ? { description } : {}),
  });

export const FeedbackBody = Type.Object({
  type: FeedbackType(),
  content: Type.Optional(Text({ maxLength: 2000 })),
  rating: Type.Optional(Type.Integer({ minimum: 1, maximum: 5 })),
});

export function feedbackRoutes(feedback: FeedbackService): RouteDefinition[] {
  return [
    defineRoute({
      method: 'POST',
      path: '/api/mobile/feedback',
      budget: 'public',
      // Counted by the feedback's own store step: on Redis one script with the append, one round trip.
      budgetInHandler: true,
      summary: 'Send feedback: a song rating, app feedback or a bug report',
      body: FeedbackBody,
      response: FeedbackSchema,
      successStatus: 201,
      handler: async ({ body, client, budget }) => splicedSuccess(await feedback.submitText(body, client, budget ?? undefined), 201),
    }),
  ];
}
