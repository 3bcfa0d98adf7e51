import { Type } from '@sinclair/typebox';
import { AppError } from '../../errors.js';
import { created, defineRoute, ok, type RouteDefinition } from '../../http/route.js';
import type { ClientIdentity } from '../../limits/client-identity.js';
import { normalizeIp } from '../../net/ip-address.js';
import { toUnixSeconds, type Clock } from '../../station/clock.js';
import type { ChatService } from '../../station/chat-service.js';
import { Text } from '../../station/input/text-rules.js';

/** A ban names a nickname, an address, or both. */
export const BanBody = Type.Object(
  {
    nickname: Type.Optional(Type.String({ minLength: 1, maxLength: 20 })),
    ip: Type.Optional(
      Type.String({
        anyOf: [{ format: 'ipv4' }, { format: 'ipv6' }],
        'x-messages': { anyOf: 'must be an IPv4 or IPv6 address' },
        description: 'IPv4 or IPv6 address (an IPv6 address bans its /64)',
      }),
    ),
    seconds: Type.Integer({ minimum: 1, maximum: 90 * 86_400, description: 'how long the ban lasts' }),
    reason: Type.Optional(Text({ maxLength: 200 })),
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

const BanKind = Type.Union([Type.Literal('nickname'), Type.Literal('ip')], { description: 'what the ban is on' });
const BanSchema = Type.Object({
  kind: BanKind,
  value: Type.String({ description: 'what the ban matches on (a nickname skeleton, or a client): give it to lift the ban' }),
  label: Type.String({ description: 'the nickname or address as staff wrote it' }),
  until: Type.Integer({ description: 'Unix seconds' }),
});

export function chatModerationRoutes(chat: ChatService, clients: Pick<ClientIdentity, 'keyOf'>, clock: Clock): RouteDefinition[] {
  return [
    defineRoute({
      method: 'DELETE',
      path: '/api/admin/chat/messages/:id',
      summary: 'Delete a chat message: gone from history and from every live client',
      auth: 'admin',
      params: { id: Type.String({ minLength: 1, description: 'the id of the chat message' }) },
      response: Type.Object({ id: Type.String(), deleted: Type.Literal(true) }),
      errors: ['NOT_FOUND'],
      handler: async ({ params, log }) => {
        const id = params.id ?? '';
        if (!(await chat.delete(id))) throw new AppError('NOT_FOUND', { message: 'No chat message has that id.' });
        log.info({ messageId: id }, 'chat message deleted by an administrator');
        return ok({ id, deleted: true });
      },
    }),
    defineRoute({
      method: 'POST',
      path: '/api/admin/chat/bans',
      summary: 'Ban a nickname or a client (an IPv4 address, or the IPv6 /64 of an address) from the chat for a time',
      auth: 'admin',
      body: BanBody,
      successStatus: 201,
      response: Type.Object({
        bans: Type.Array(Type.Object({ kind: BanKind, value: Type.String() })),
        until: Type.Integer(),
        reason: Type.Union([Type.String(), Type.Null()]),
      }),
      handler: async ({ body, log, requestId }) => {
        const targets = [
          ...(body.nickname ? [{ kind: 'nickname' as const, value: body.nickname }] : []),
          // An address bans its client: the IPv4 address, or the whole IPv6 network it belongs to.
          ...(body.ip ? [{ kind: 'ip' as const, value: clients.keyOf(normalizeIp(body.ip)) }] : []),
        ];
        for (const target of targets) await chat.ban(target, body.seconds);
        log.info({ targets, seconds: body.seconds, reason: body.reason, requestId }, 'chat ban');
        return created({ bans: targets, until: toUnixSeconds(clock()) + body.seconds, reason: body.reason ?? null });
      },
    }),
    defineRoute({
      method: 'GET',
      path: '/api/admin/chat/bans',
      summary: 'The chat bans in force, soonest to end first (nicknames in lower case)',
      auth: 'admin',
      response: Type.Object({ bans: Type.Array(BanSchema) }),
      handler: async () => ok({ bans: await chat.bans() }),
    }),
    defineRoute({
      method: 'DELETE',
      path: '/api/admin/chat/bans/:kind/:value',
      summary: 'Lift a ban on a nickname, or on a client: an address (its IPv6 /64 when IPv6) or the network as listed (URL-encoded)',
      auth: 'admin',
      params: { kind: BanKind, value: Type.String({ minLength: 1, description: 'a nickname, an address, or a network as listed (e.g. 2001:db8::/64)' }) },
      errors: ['NOT_FOUND'],
      response: Type.Object({ kind: BanKind, value: Type.String(), lifted: Type.Literal(true) }),
      handler: async ({ params, log }) => {
        const kind = params.kind;
        if (kind !== 'nickname' && kind !== 'ip') throw new AppError('NOT_FOUND', { message: 'A ban is on a nickname or an ip.' });
        const raw = params.value ?? '';
        // An address lifts the ban on its client; a network ("2001:db8::/64") is taken as listed.
        const value = kind === 'ip' ? (raw.includes('/') ? raw : clients.keyOf(normalizeIp(raw))) : raw;
        if (!(await chat.unban({ kind, value }))) throw new AppError('NOT_FOUND', { message: 'No ban in force on that ' + kind + '.' });
        log.info({ kind, value }, 'chat ban lifted');
        return ok({ kind, value, lifted: true });
      },
    }),
  ];
}
