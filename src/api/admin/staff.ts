import { Type } from '@sinclair/typebox';
import { AppError } from '../../errors.js';
import { defineRoute, ok, type RequestContext, type RouteDefinition } from '../../http/route.js';
import type { Actor, AuditTrail } from '../../station/audit-trail.js';
import { LimitParam } from '../../station/input/text-rules.js';
import { AuditEntrySchema, StaffRoleSchema } from '../../station/shapes.js';

/** The staff member a staff route's handler acts for (the pipeline checked the key before). */
export function actorOf(ctx: Pick<RequestContext, 'staff'>): Actor {
  if (!ctx.staff) throw new AppError('UNAUTHORIZED');
  return ctx.staff;
}

/** Who is signed in (the console asks, to show their name and only the views of their role), and the audit log. */
export function staffRoutes(audit: AuditTrail): RouteDefinition[] {
  return [
    defineRoute({
      method: 'GET',
      path: '/api/admin/me',
      summary: 'The staff member this key belongs to: name and role',
      auth: 'moderator',
      response: Type.Object({ name: Type.String(), role: StaffRoleSchema }),
      handler: (ctx) => {
        const { name, role } = actorOf(ctx);
        return ok({ name, role });
      },
    }),
    defineRoute({
      method: 'GET',
      path: '/api/admin/audit',
      summary: 'The audit log of staff actions (who, what, when, on what), newest first',
      auth: 'admin',
      query: Type.Object({ limit: Type.Optional(LimitParam(200)) }),
      response: Type.Object({ entries: Type.Array(AuditEntrySchema), count: Type.Integer() }),
      handler: async ({ query }) => {
        const entries = await audit.recent(query.limit ?? 50);
        return ok({ entries, count: entries.length });
      },
    }),
  ];
}
