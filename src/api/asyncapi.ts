import { Type, type TSchema } from '@sinclair/typebox';
import type { WebhookEventType } from '../config/schema.js';
import { defineRoute, documentAnswer, type RouteDefinition } from '../http/route.js';
import { EVENT_CATALOG, SOCKET_EVENTS, SSE_EVENTS, SSE_PATH, WEBHOOK_TYPES, type EventName } from '../station/event-catalog.js';
import { ChatHistoryQuery, ChatPostBody } from '../station/input/chat-input.js';
import { STAFF_EVENTS, type StaffEventName } from '../station/staff-events.js';
import { portableSchema } from './openapi-portable.js';
import { ChatListSchema, ChatMessageSchema, ErrorEnvelopeSchema } from './response-schemas.js';

export const ASYNCAPI_PATH = '/api/asyncapi.json';

const plain = (schema: TSchema): Record<string, unknown> => JSON.parse(JSON.stringify(schema)) as Record<string, unknown>;
const ref = (kind: string, name: string) => ({ $ref: `#/components/${kind}/${name}` });

// Socket.IO acks answer in the REST envelope: `{success: true, data}` or the error envelope.
const ack = (data: TSchema) => Type.Union([Type.Object({ success: Type.Literal(true), data }), ErrorEnvelopeSchema]);
// Socket options arrive as JSON values; `since` may be a number (milliseconds) as well as text.
const ChatHistoryOptions = Type.Object({
  since: Type.Optional(Type.Union([ChatHistoryQuery.properties.since, Type.Number({ description: 'Unix seconds or milliseconds' })])),
  limit: ChatHistoryQuery.properties.limit,
});

const WEBHOOKS = new Map(WEBHOOK_TYPES.map((webhook) => [webhook.type, webhook]));

/** The body of a webhook of `type` (Standard Webhooks shape), as the dispatcher sends it: its `data` is the payload of the event it comes from. */
export function webhookPayloadSchema(type: WebhookEventType): TSchema {
  const data = EVENT_CATALOG[WEBHOOKS.get(type)!.event].payload;
  return Type.Object({ type: Type.Literal(type), timestamp: Type.String({ format: 'date-time' }), data }, { additionalProperties: false });
}

const WebhookHeaders = Type.Object({
  'webhook-id': Type.String({ description: 'message id: the same on every attempt; de-duplicate by it' }),
  'webhook-timestamp': Type.String({ pattern: '^[0-9]+$', description: 'Unix seconds of this attempt' }),
  'webhook-signature': Type.String({ description: 'v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<body>" with the secret>' }),
});

const messageName = (type: string) => type.replace(/[.:](\w)/g, (_, c: string) => c.toUpperCase());

/**
 * AsyncAPI 3.0 of the live API, generated from the TypeBox schemas the code validates with (the
 * socket inputs) and answers in (the REST shapes that live events carry).
 */
export function buildAsyncApiDocument(info: { title: string; version: string; host: string }) {
  const schemas: Record<string, unknown> = { Error: plain(ErrorEnvelopeSchema) };
  const messages: Record<string, unknown> = {};
  // The live events (Socket.IO and SSE) and the webhooks, as the event catalog says.
  const liveEvents = [...new Set<EventName>([...SOCKET_EVENTS, ...SSE_EVENTS])];
  for (const event of liveEvents) {
    const { documentName, payload, summary } = EVENT_CATALOG[event];
    schemas[documentName] = plain(payload);
    messages[documentName] = { name: event, title: event, summary, payload: ref('schemas', documentName) };
  }
  schemas.chatSend = plain(ChatPostBody);
  schemas.chatSendAck = plain(ack(ChatMessageSchema));
  schemas.chatHistory = plain(ChatHistoryOptions);
  schemas.chatHistoryAck = plain(ack(ChatListSchema));
  messages.chatSend = {
    name: 'chat:send',
    summary: 'Post a chat message: the same validation and moderation as POST /api/mobile/chat; needs an ack callback',
    payload: ref('schemas', 'chatSend'),
  };
  messages.chatSendAck = { name: 'chat:send ack', summary: 'The posted message, or the error (VALIDATION_FAILED, CONTENT_REJECTED, RATE_LIMITED…)', payload: ref('schemas', 'chatSendAck') };
  messages.chatHistory = { name: 'chat:history', summary: 'Messages since a time, to fill a gap after reconnecting; needs an ack callback', payload: ref('schemas', 'chatHistory') };
  messages.chatHistoryAck = { name: 'chat:history ack', summary: 'The messages, oldest first', payload: ref('schemas', 'chatHistoryAck') };
  const staffNames = (Object.keys(STAFF_EVENTS) as StaffEventName[]).map((event) => {
    const { documentName, payload, summary } = STAFF_EVENTS[event];
    schemas[documentName] = plain(payload);
    messages[documentName] = { name: event, title: event, summary, payload: ref('schemas', documentName) };
    return documentName;
  });
  schemas.webhookHeaders = plain(WebhookHeaders);
  for (const { type, summary } of WEBHOOK_TYPES) {
    const name = `webhook${messageName(`.${type}`)}`;
    schemas[name] = plain(webhookPayloadSchema(type));
    messages[name] = { name: type, summary, headers: ref('schemas', 'webhookHeaders'), payload: ref('schemas', name) };
  }

  const pick = (names: string[]) => Object.fromEntries(names.map((n) => [n, ref('messages', n)]));
  const liveNames = SOCKET_EVENTS.map((event) => EVENT_CATALOG[event].documentName);
  const sseNames = SSE_EVENTS.map((event) => EVENT_CATALOG[event].documentName);
  const webhookNames = WEBHOOK_TYPES.map(({ type }) => `webhook${messageName(`.${type}`)}`);
  const channelMessages = (channel: string, names: string[]) => names.map((n) => ({ $ref: `#/channels/${channel}/messages/${n}` }));

  return {
    asyncapi: '3.0.0',
    info: {
      title: info.title,
      version: info.version,
      description:
        'The live side of the radio hub: Socket.IO namespace /live (events and acknowledged requests), namespace /staff (staff events, signed in), the Server-Sent Events feed, and the signed webhooks. Payloads are the REST shapes of the OpenAPI document at /api/openapi.json.',
    },
    defaultContentType: 'application/json',
    servers: {
      socketio: {
        host: info.host,
        protocol: 'ws',
        pathname: '/socket.io/',
        description: 'Socket.IO 4 on the same port as the REST API (WebSocket, or HTTP long-polling with sticky sessions); connect to namespace /live.',
      },
      sse: { host: info.host, protocol: 'http', description: 'The REST API origin; the SSE feed is a GET with Accept: text/event-stream.' },
    },
    channels: {
      live: {
        address: '/live',
        title: 'Socket.IO namespace /live',
        description:
          'Every client gets now playing on connect, then every event. chat:send and chat:history are answered through the Socket.IO acknowledgement; an event without an ack callback is dropped.',
        servers: [{ $ref: '#/servers/socketio' }],
        messages: pick([...liveNames, 'chatSend', 'chatSendAck', 'chatHistory', 'chatHistoryAck']),
      },
      staff: {
        address: '/staff',
        title: 'Socket.IO namespace /staff',
        description:
          "Signed-in staff only: connect with the staff key as the handshake's auth (`io('/staff', {auth: {key}})`). A wrong key is a connect_error whose `data` is the error envelope (401 UNAUTHORIZED; past the sign-in budget 429 RATE_LIMITED), as is a store that is away (503 UNAVAILABLE) or too many staff connections from one client (429). Every staff member gets bans:changed; admins also audit:entry. Nothing is replayed: read the REST routes again on reconnect. None of these events is ever sent on /live.",
        servers: [{ $ref: '#/servers/socketio' }],
        messages: pick(staffNames),
      },
      sse: {
        address: SSE_PATH,
        title: 'Server-Sent Events feed',
        description:
          'text/event-stream; each event has an `id` and the event name of the Socket.IO event, its `data` the same JSON payload. Now playing is sent at once on connect; chat events only when asked with ?events=chat:message,chat:deleted. Reconnect with Last-Event-ID to get what was missed from a bounded history; a comment line is a heartbeat.',
        servers: [{ $ref: '#/servers/sse' }],
        messages: pick(sseNames),
      },
      webhooks: {
        address: null,
        title: 'Webhooks',
        description:
          'POSTed to each configured endpoint (webhooks.endpoints) for the events it subscribes to, signed per Standard Webhooks; retried with exponential backoff and jitter until a 2xx. A `discord` endpoint gets a Discord message `{content}` instead.',
        messages: pick(webhookNames),
      },
    },
    operations: {
      pushLiveEvents: {
        action: 'send',
        channel: { $ref: '#/channels/live' },
        summary: 'Live events to every client of /live',
        messages: channelMessages('live', liveNames),
      },
      receiveChatSend: {
        action: 'receive',
        channel: { $ref: '#/channels/live' },
        summary: 'chat:send, answered through the ack',
        messages: channelMessages('live', ['chatSend']),
        reply: { channel: { $ref: '#/channels/live' }, messages: channelMessages('live', ['chatSendAck']) },
      },
      receiveChatHistory: {
        action: 'receive',
        channel: { $ref: '#/channels/live' },
        summary: 'chat:history, answered through the ack',
        messages: channelMessages('live', ['chatHistory']),
        reply: { channel: { $ref: '#/channels/live' }, messages: channelMessages('live', ['chatHistoryAck']) },
      },
      pushStaffEvents: {
        action: 'send',
        channel: { $ref: '#/channels/staff' },
        summary: 'Staff events to signed-in staff on /staff (admins: the audit entries too)',
        messages: channelMessages('staff', staffNames),
      },
      streamEvents: {
        action: 'send',
        channel: { $ref: '#/channels/sse' },
        summary: 'The SSE feed',
        messages: channelMessages('sse', sseNames),
      },
      sendWebhooks: {
        action: 'send',
        channel: { $ref: '#/channels/webhooks' },
        summary: 'Signed webhook deliveries',
        messages: channelMessages('webhooks', webhookNames),
      },
    },
    components: { schemas, messages },
  };
}

/** GET /api/asyncapi.json; servers name the host the client asked (the document is built per host, once). */
export function asyncApiRoute(info: { title: string; version: string }): RouteDefinition {
  const byHost = new Map<string, ReturnType<typeof buildAsyncApiDocument>>();
  return defineRoute({
    method: 'GET',
    path: ASYNCAPI_PATH,
    summary: 'The live API (Socket.IO /live, SSE feed, webhooks) as an AsyncAPI 3.0 document',
    headers: ['host'],
    bare: true,
    response: Type.Object({ asyncapi: Type.Literal('3.0.0'), info: Type.Object({}), channels: Type.Object({}) }, { description: 'the document itself, without the envelope' }),
    handler: ({ headers }) => {
      const host = /^[A-Za-z0-9.:[\]-]{1,255}$/.test(headers.host ?? '') ? headers.host! : 'localhost:8080';
      let document = byHost.get(host);
      if (!document) {
        if (byHost.size > 16) byHost.clear(); // Host is the client's to choose: keep the memo small
        document = portableSchema(buildAsyncApiDocument({ ...info, host }));
        byHost.set(host, document);
      }
      return documentAnswer(document);
    },
  });
}
