import { HealthSchema } from '../response-schemas.js';
import { defineRoute, ok, type RouteDefinition } from '../../http/route.js';
import type { Store } from '../../station/ports.js';
import { AppError, isAppError } from '../../errors.js';

/** How long a balancer or probe should wait before asking /readyz again. */
const READY_RETRY_AFTER_SECONDS = 5;

export function healthRoutes(store: Store): RouteDefinition[] {
  return [
    defineRoute({
      method: 'GET',
      path: '/healthz',
      summary: 'Liveness: 200 while the process runs',
      response: HealthSchema,
      handler: () => ok({ status: 'ok' }),
    }),
    defineRoute({
      method: 'GET',
      path: '/readyz',
      summary: 'Readiness: 200 only when the store answers',
      response: HealthSchema,
      handler: async () => {
        try {
          await store.ping();
        } catch (error) {
          // Whatever the store says, the answer is one 503 with Retry-After (the outage itself is logged where it is seen).
          const message = isAppError(error) ? error.message : undefined;
          throw new AppError('UNAVAILABLE', { message, retryAfterSeconds: READY_RETRY_AFTER_SECONDS, cause: error, alreadyLogged: isAppError(error) });
        }
        return ok({ status: 'ready', store: store.kind });
      },
    }),
  ];
}
