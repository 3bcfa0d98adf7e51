import { Type } from '@sinclair/typebox';
import { AppError } from '../../errors.js';
import { keyHashOf, newStaffKey } from '../../http/admin-auth.js';
import { created, defineRoute, ok, type RequestContext, type RouteDefinition } from '../../http/route.js';
import type { Actor, AuditTrail } from '../../station/audit-trail.js';
import { LimitParam, Text } from '../../validation/text-rules.js';
import type { StaffDirectory } from '../../station/staff-directory.js';
import { AuditEntrySchema, StaffRoleSchema } from '../../station/shapes.js';

/** The staff member a staff route's handler acts for (the pipeline checked the key before). */
export function actorOf(ctx: Pick<RequestContext, 'staff'>): Actor {
  if (!ctx.staff) throw new AppError('UNAUTHORIZED');
  return ctx.staff;
}

const StaffListingSchema = Type.Object({
  name: Type.String(),
  role: StaffRoleSchema,
  source: Type.Union([Type.Literal('config'), Type.Literal('console')], { description: 'config: the config file (or ADMIN_API_KEY); console: made by an admin, revocable here' }),
  created_at: Type.Union([Type.Integer(), Type.Null()]),
  created_by: Type.Union([Type.String(), Type.Null()]),
});

/** Who is signed in (the console asks, to show their name and only the views of their role), the staff, and the audit log. */
export function staffRoutes(audit: AuditTrail, staff: StaffDirectory): RouteDefinition[] {
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
      path: '/api/admin/staff',
      summary: 'The staff members with their roles and where their keys come from (never a key or its hash)',
      auth: 'admin',
      response: Type.Object({ staff: Type.Array(StaffListingSchema) }),
      handler: async () => ok({ staff: await staff.list() }),
    }),
    defineRoute({
      method: 'POST',
      path: '/api/admin/staff',
      summary: 'Make a key for a new staff member: answered once, kept only as its hash',
      auth: 'admin',
      body: Type.Object({ name: Text({ minLength: 1, maxLength: 40 }), role: StaffRoleSchema }),
      successStatus: 201,
      response: Type.Object({ name: Type.String(), role: StaffRoleSchema, key: Type.String({ description: 'the Bearer key: shown only in this answer' }) }),
      handler: async (ctx) => {
        const key = newStaffKey();
        await staff.create(ctx.body.name, ctx.body.role, keyHashOf(key), actorOf(ctx));
        return created({ name: ctx.body.name, role: ctx.body.role, key });
      },
    }),
    defineRoute({
      method: 'DELETE',
      path: '/api/admin/staff/:name',
      summary: 'Revoke a key made in the console (at once, on every node); keys of the config file change only there',
      auth: 'admin',
      errors: ['NOT_FOUND'],
      response: Type.Object({ name: Type.String(), revoked: Type.Literal(true) }),
      handler: async (ctx) => {
        const name = ctx.params.name ?? '';
        if (!(await staff.revoke(name, actorOf(ctx)))) throw new AppError('NOT_FOUND', { message: 'No console-made key has that name.' });
        return ok({ name, revoked: true });
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
