import { HealthSchema } from '../response-schemas.js';
import { defineRoute, ok, type RouteDefinition } from '../../http/route.js';
import type { Store } from '../../station/ports.js';

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
        await store.ping();
        return ok({ status: 'ready', store: store.kind });
      },
    }),
  ];
}
