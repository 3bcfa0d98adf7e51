import type { Logger } from 'pino';
import type { Socket } from 'socket.io';
import { toErrorAnswer } from '../error-answer.js';
import { successEnvelope } from '../http/reply.js';
import { AppError } from '../errors.js';
import type { ServerCatalog } from '../messages/en.js';
import { catalogFor } from '../messages/languages.js';
import type { ChatService } from '../station/chat-service.js';
import type { StationService } from '../station/station-service.js';
import { ChatHistoryQuery, ChatPostBody } from '../station/input/chat-input.js';
import { compileBodyValidator, compileQueryValidator, trimStrings, validated } from '../validation/schema-validator.js';
import { eventPacket } from './event-packet.js';

export interface LiveConnectionDeps {
  chat: ChatService;
  station: StationService;
  log: Logger;
  /** The station's language, for acks to clients that ask for none we speak. */
  language: ServerCatalog;
  /** The client a socket's handshake was admitted as (its budgets and limits are that client's). */
  clientOf(socket: Socket): string;
}

type Ack = (answer: unknown) => void;

const validateChatPost = compileBodyValidator(ChatPostBody);
// History options arrive as JSON values: the query rules take them (integers must be finite
// integers in range; `since` may be a number, read as its decimal text).
const validateHistory = compileQueryValidator(ChatHistoryQuery);

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * An event's arguments: Socket.IO hands the ack as the last one, however many came before it, so
 * an event sent with two payloads (or none) is still answered.
 */
function acked(args: unknown[]): { payloads: unknown[]; ack: Ack | null } {
  const last = args.at(-1);
  return typeof last === 'function' ? { payloads: args.slice(0, -1), ack: last as Ack } : { payloads: args, ack: null };
}

/** The one payload of an event (absent: undefined); more than one is refused, naming the rule. */
function onePayload(payloads: unknown[]): unknown {
  if (payloads.length > 1) {
    throw new AppError('VALIDATION_FAILED', { details: [{ field: '(arguments)', message: `send one payload before the ack, not ${payloads.length}` }] });
  }
  return payloads[0];
}

/** The language of a socket's acks: its handshake's Accept-Language (among ours), else the station's. */
function stringsOf(socket: Socket, language: ServerCatalog): ServerCatalog {
  const accepted = socket.handshake.headers['accept-language'];
  return catalogFor(typeof accepted === 'string' ? accepted : '', language);
}

/**
 * Live clients' events: the current song on arrival, then `chat:send` and `chat:history`, each
 * answered through its ack in the REST shapes. A handler never throws: bad payloads get an error
 * ack (whatever the number of arguments before the ack), events without an ack callback are
 * dropped, unknown events are ignored.
 *
 * The handlers are made once and shared by every socket (Socket.IO calls a listener with the
 * socket as `this`): what one needs of its socket (the client key, the ack language, a logger) it
 * reads when an event comes, so a connection that never chats keeps no closure of ours.
 */
export function liveConnections(deps: LiveConnectionDeps): { serve(socket: Socket): void } {
  const log = (socket: Socket) => deps.log.child({ socket: socket.id });
  const answer = (socket: Socket, ack: Ack, work: () => Promise<unknown>) => {
    work().then(
      (data) => ack(successEnvelope(data)),
      (error: unknown) => ack(toErrorAnswer(error, log(socket), stringsOf(socket, deps.language)).payload),
    );
  };

  function chatSend(this: Socket, ...args: unknown[]): void {
    const { payloads, ack } = acked(args);
    if (!ack) return;
    answer(this, ack, async () => {
      const payload = onePayload(payloads);
      const input = validated(validateChatPost, isObject(payload) ? trimStrings(payload) : payload);
      return deps.chat.post(input, { client: deps.clientOf(this), connectionId: this.id });
    });
  }

  function chatHistory(this: Socket, ...args: unknown[]): void {
    const { payloads, ack } = acked(args);
    if (!ack) return;
    answer(this, ack, async () => {
      // `emit('chat:history', ack)` without options is fine too.
      const options = onePayload(payloads) ?? {};
      return deps.chat.page(validated(validateHistory, options));
    });
  }

  return {
    serve(socket) {
      void deps.station
        .nowPlayingJson()
        .then(
          // The packet `socket.emit('nowplaying', nowPlaying)` would write, from the text made once
          // for every client: Socket.IO would walk the snapshot for binary parts and encode it
          // again for each. Written as Socket.IO writes a packet: only on an open connection.
          (json) => {
            if (socket.conn.readyState === 'open') socket.conn.write(eventPacket(socket.nsp.name, 'nowplaying', json));
          },
          (error: unknown) => log(socket).warn({ err: error }, 'could not send now playing to a new client'),
        )
        .then(() => {
          // Connected while the store is away: told at once, as the clients already here were.
          const away = deps.station.storeAway();
          if (away) socket.emit('store:away', away);
        });
      socket.on('chat:send', chatSend);
      socket.on('chat:history', chatHistory);
    },
  };
}
