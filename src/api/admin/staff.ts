import { Type } from '@sinclair/typebox';
import { AppError } from '../../errors.js';
import { keyHashOf, newStaffKey } from '../../config/staff-key-hash.js';
import { created, defineRoute, ok, type RequestContext, type RouteDefinition } from '../../http/route.js';
import type { Actor, AuditTrail } from '../../station/audit-trail.js';
import { LimitParam, OneLineText } from '../../validation/text-rules.js';
import type { StaffDirectory } from '../../station/staff-directory.js';
import { AuditEntrySchema, StaffRoleSchema } from '../../station/shapes.js';
import { AUDIT_SCAN_MAX } from '../../station/audit-query.js';
import { CHAT_ID_PATTERN } from '../../station/chat-cursor.js';

/** The staff member a staff route's handler acts for (the pipeline checked the key before). */
export function actorOf(ctx: Pick<RequestContext, 'staff'>): Actor {
  if (!ctx.staff) throw new AppError('UNAUTHORIZED');
  return ctx.staff;
}

/** Unix seconds from 1970 to the end of year 9999. */
const UnixSecondsParam = (description: string) => Type.Integer({ minimum: 0, maximum: 253_402_300_799, description });

const AuditQueryParams = Type.Object({
  limit: Type.Optional(LimitParam(200)),
  before: Type.Optional(
    Type.String({
      pattern: CHAT_ID_PATTERN,
      'x-pattern-message': 'must be an audit id such as 1767225600000-0 (the `next` of the previous page)',
      description: "the previous page's `next`: entries older than it",
    }),
  ),
  actor: Type.Optional(Type.String({ minLength: 1, maxLength: 40, description: 'only this staff member’s actions (their name as listed)' })),
  action: Type.Optional(Type.String({ minLength: 1, maxLength: 40, pattern: '^[a-z]+(\\.[a-z-]+)*$', description: 'only this action, e.g. `staff.create`' })),
  from: Type.Optional(UnixSecondsParam('only actions at or after this time (Unix seconds)')),
  to: Type.Optional(UnixSecondsParam('only actions at or before this time (Unix seconds)')),
});

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
      body: Type.Object({
        name: OneLineText({ minLength: 1, maxLength: 40, description: 'unique as it looks: letter case, look-alike letters, accents and separators aside' }),
        role: StaffRoleSchema,
      }),
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
      summary: 'The audit log of staff actions (who, what, when, on what), newest first, kept `audit.retentionDays`; paged and filtered',
      auth: 'admin',
      query: AuditQueryParams,
      response: Type.Object({
        entries: Type.Array(AuditEntrySchema),
        count: Type.Integer(),
        next: Type.Union([Type.String(), Type.Null()], {
          description: `send it as \`before\` for the next (older) page; null: no more. A page reads at most ${AUDIT_SCAN_MAX} entries, so a filtered page may hold fewer than \`limit\` (even none) and still have a \`next\``,
        }),
      }),
      handler: async ({ query }) => {
        // `to` before `from` is an empty range, not an error: the document cannot say otherwise.
        const page = await audit.page({ ...query, limit: query.limit ?? 50 });
        return ok({ entries: page.entries, count: page.entries.length, next: page.next });
      },
    }),
  ];
}
