import type { Logger } from 'pino';
import type { Socket } from 'socket.io';
import { toErrorAnswer } from '../error-answer.js';
import type { ServerCatalog } from '../messages/en.js';
import { catalogFor } from '../messages/languages.js';
import type { ChatService } from '../station/chat-service.js';
import type { StationService } from '../station/station-service.js';
import { ChatHistoryQuery, ChatPostBody } from '../station/input/chat-input.js';
import { compileBodyValidator, compileQueryValidator, trimStrings, validated } from '../validation/schema-validator.js';

export interface LiveConnectionDeps {
  chat: ChatService;
  station: StationService;
  log: Logger;
  /** The station's language, for acks to clients that ask for none we speak. */
  language: ServerCatalog;
}

type Ack = (answer: unknown) => void;

const validateChatPost = compileBodyValidator(ChatPostBody);
// History options arrive as JSON values: the query rules take them (integers must be finite
// integers in range; `since` may be a number, read as its decimal text).
const validateHistory = compileQueryValidator(ChatHistoryQuery);

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Wires one live client: the current song on arrival, then `chat:send` and `chat:history`,
 * each answered through its ack in the REST shapes. A handler never throws: bad payloads get
 * an error ack, events without an ack callback are dropped, unknown events are ignored.
 */
export function serveLiveConnection(socket: Socket, client: string, deps: LiveConnectionDeps): void {
  const log = deps.log.child({ socket: socket.id });
  // Acks speak the handshake's Accept-Language (among ours), else the station's language.
  const accepted = socket.handshake.headers['accept-language'];
  const strings = catalogFor(typeof accepted === 'string' ? accepted : '', deps.language);
  const answer = (ack: Ack, work: () => Promise<unknown>) => {
    work().then(
      (data) => ack({ success: true, data }),
      (error: unknown) => ack(toErrorAnswer(error, log, strings).payload),
    );
  };

  deps.station.nowPlaying().then(
    (nowPlaying) => socket.emit('nowplaying', nowPlaying),
    (error: unknown) => log.warn({ err: error }, 'could not send now playing to a new client'),
  );

  socket.on('chat:send', (payload: unknown, ack: unknown) => {
    if (typeof ack !== 'function') return;
    answer(ack as Ack, async () => {
      const input = validated(validateChatPost, isObject(payload) ? trimStrings(payload) : payload);
      return deps.chat.post(input, { client, connectionId: socket.id });
    });
  });

  socket.on('chat:history', (payload: unknown, ack: unknown) => {
    // `emit('chat:history', ack)` without options is fine too.
    if (typeof payload === 'function' && ack === undefined) [payload, ack] = [{}, payload];
    if (typeof ack !== 'function') return;
    answer(ack as Ack, async () => {
      const options = payload ?? {};
      return deps.chat.page(validated(validateHistory, options));
    });
  });
}
