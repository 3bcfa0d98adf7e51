import { isIP } from 'node:net';
import { Type } from '@sinclair/typebox';
import { AppError } from '../../errors.js';
import { created, defineRoute, ok, type RouteDefinition } from '../../http/route.js';
import type { ClientIdentity } from '../../limits/client-identity.js';
import { normalizeIp } from '../../net/ip-address.js';
import type { ChatModeration } from '../../station/chat-moderation.js';
import { Text } from '../../validation/text-rules.js';
import { ChatBanSchema, ChatMessageSchema } from '../../station/shapes.js';
import { actorOf } from './staff.js';

const Seconds = Type.Integer({ minimum: 1, maximum: 90 * 86_400, description: 'how long the ban lasts' });
const Reason = Type.Optional(Text({ maxLength: 200 }));

/** A ban names a nickname, an address, or both. */
export const BanBody = Type.Object(
  {
    nickname: Type.Optional(Text({ minLength: 1, maxLength: 20 })),
    ip: Type.Optional(
      Type.String({
        anyOf: [{ format: 'ipv4' }, { format: 'ipv6' }],
        'x-messages': { anyOf: 'must be an IPv4 or IPv6 address' },
        description: 'IPv4 or IPv6 address (an IPv6 address bans its /64)',
      }),
    ),
    seconds: Seconds,
    reason: Reason,
  },
  {
    // Each branch names its property again: Ajv's strict mode wants a required property defined beside it.
    anyOf: [
      { properties: { nickname: {} }, required: ['nickname'] },
      { properties: { ip: {} }, required: ['ip'] },
    ],
    'x-messages': { anyOf: 'give a nickname, an ip, or both' },
  },
);

const UndoSchema = Type.Object({
  token: Type.String({ description: 'POST /api/admin/chat/undo/{token} undoes the action, once' }),
  until: Type.Integer({ description: 'Unix seconds: the undo works until then (30 s)' }),
});
const BanKind = Type.Union([Type.Literal('nickname'), Type.Literal('ip')], { description: 'what the ban is on' });
const MessageId = Type.String({ minLength: 1, description: 'the id of the chat message' });

export function chatModerationRoutes(moderation: ChatModeration, clients: Pick<ClientIdentity, 'keyOf'>): RouteDefinition[] {
  return [
    defineRoute({
      method: 'DELETE',
      path: '/api/admin/chat/messages/:id',
      summary: 'Delete a chat message: gone from history and from every live client (undo within 30 s)',
      auth: 'moderator',
      params: { id: MessageId },
      response: Type.Object({ id: Type.String(), deleted: Type.Literal(true), undo: UndoSchema }),
      errors: ['NOT_FOUND'],
      handler: async (ctx) => {
        const id = ctx.params.id ?? '';
        const undo = await moderation.remove(id, actorOf(ctx));
        if (!undo) throw new AppError('NOT_FOUND', { message: 'No chat message has that id.' });
        return ok({ id, deleted: true, undo });
      },
    }),
    defineRoute({
      method: 'POST',
      path: '/api/admin/chat/messages/:id/ban',
      summary: 'Ban whoever sent this message (the client the server kept with it: IPv4 address or IPv6 /64, never shown), whatever nickname they use (undo within 30 s)',
      auth: 'moderator',
      params: { id: MessageId },
      body: Type.Object({ seconds: Seconds, reason: Reason }),
      successStatus: 201,
      errors: ['NOT_FOUND'],
      response: Type.Object({ ban: ChatBanSchema, undo: UndoSchema }),
      handler: async (ctx) => created(await moderation.banSender(ctx.params.id ?? '', ctx.body.seconds, ctx.body.reason || null, actorOf(ctx))),
    }),
    defineRoute({
      method: 'POST',
      path: '/api/admin/chat/bans',
      summary: 'Ban a nickname or a client (an IPv4 address, or the IPv6 /64 of an address) from the chat for a time (undo within 30 s)',
      auth: 'moderator',
      body: BanBody,
      successStatus: 201,
      response: Type.Object({
        bans: Type.Array(Type.Object({ kind: BanKind, value: Type.String() })),
        until: Type.Integer(),
        reason: Type.Union([Type.String(), Type.Null()]),
        undo: UndoSchema,
      }),
      handler: async (ctx) => {
        const { body } = ctx;
        const targets = [
          ...(body.nickname ? [{ kind: 'nickname' as const, value: body.nickname }] : []),
          // An address bans its client: the IPv4 address, or the whole IPv6 network it belongs to.
          ...(body.ip ? [{ kind: 'ip' as const, value: clients.keyOf(normalizeIp(body.ip)) }] : []),
        ];
        const reason = body.reason || null;
        const done = await moderation.ban(targets, body.seconds, reason, actorOf(ctx));
        return created({ ...done, reason });
      },
    }),
    defineRoute({
      method: 'GET',
      path: '/api/admin/chat/bans',
      summary: 'The chat bans in force, soonest to end first, with who set them and why (a sender ban never shows its address)',
      auth: 'moderator',
      response: Type.Object({ bans: Type.Array(ChatBanSchema) }),
      handler: async () => ok({ bans: await moderation.bans() }),
    }),
    defineRoute({
      method: 'DELETE',
      path: '/api/admin/chat/bans/:kind/:value',
      summary: 'Lift a ban on a nickname, on a client (an address, its IPv6 /64 when IPv6, or the network as listed, URL-encoded), or on a sender (the value listed)',
      auth: 'moderator',
      params: {
        kind: Type.Union([Type.Literal('nickname'), Type.Literal('ip'), Type.Literal('sender')], { description: 'what the ban is on' }),
        value: Type.String({ minLength: 1, description: 'a nickname, an address, a network as listed (e.g. 2001:db8::/64), or a sender ban as listed' }),
      },
      errors: ['NOT_FOUND'],
      response: Type.Object({ kind: ChatBanSchema.properties.kind, value: Type.String(), lifted: Type.Literal(true) }),
      handler: async (ctx) => {
        const kind = ctx.params.kind;
        if (kind !== 'nickname' && kind !== 'ip' && kind !== 'sender') throw new AppError('NOT_FOUND', { message: 'A ban is on a nickname, an ip or a sender.' });
        const raw = ctx.params.value ?? '';
        // An address lifts the ban on its client; a network ("2001:db8::/64") is taken as listed.
        const value = kind === 'ip' && !raw.includes('/') && isIP(raw) ? clients.keyOf(normalizeIp(raw)) : raw;
        if (!(await moderation.unban(kind, value, actorOf(ctx)))) throw new AppError('NOT_FOUND', { message: 'No ban in force on that ' + kind + '.' });
        return ok({ kind, value, lifted: true });
      },
    }),
    defineRoute({
      method: 'POST',
      path: '/api/admin/chat/undo/:token',
      summary: 'Undo a delete (the message comes back, under a new id at the end of the chat) or a ban (lifted), within 30 s, once',
      auth: 'moderator',
      errors: ['NOT_FOUND'],
      response: Type.Object({ undone: Type.Union([Type.Literal('delete'), Type.Literal('ban')]), message: Type.Union([ChatMessageSchema, Type.Null()]) }),
      handler: async (ctx) => {
        const done = await moderation.undo(ctx.params.token ?? '', actorOf(ctx));
        if (!done) throw new AppError('NOT_FOUND', { message: 'Nothing to undo: the time is up, or it was undone already.' });
        return ok(done);
      },
    }),
  ];
}
