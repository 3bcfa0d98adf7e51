import type { Static, TSchema } from '@sinclair/typebox';
import type { WebhookEventType } from '../config/schema.js';
import {
  ChatDeletedSchema,
  ChatMessageSchema,
  ListenersSchema,
  NowPlayingSchema,
  ScheduleUpdatedSchema,
  SongRequestSchema,
  StatusSchema,
  StoreAwaySchema,
  StoreBackSchema,
} from './shapes.js';

// The one event catalog: everything the domain announces, each event once, with its payload
// schema, who hears it live and the webhook it becomes. Derived from it: the `LiveEvents` type
// (live-hub.ts), the AsyncAPI channels, the SSE defaults and allowed list, the webhook mapping
// and the web pages' types. Only TypeBox and types are imported: the web pages type-check it.

/** Which SSE readers get an event: every one that did not choose (`default`), those that ask for it by name (`asked`), none (`never`). */
export type SsePolicy = 'default' | 'asked' | 'never';

/** One webhook message an event occurrence becomes. */
export interface WebhookOccurrence<T extends WebhookEventType = WebhookEventType> {
  type: T;
  /**
   * The `webhook-id`, when one happening must be one message however often (and on whichever
   * node) it is announced; absent: every occurrence is a message of its own (a fresh id).
   */
  id?: string;
}

export interface WebhookRule<P, T extends WebhookEventType = WebhookEventType> {
  /** Every webhook type the event can become, with what it tells the receiver (documents). */
  types: Record<T, string>;
  /** The message this occurrence becomes, or null for none. Its `data` is the event's payload. */
  message(payload: P): WebhookOccurrence<T> | null;
}

export interface EventRule<S extends TSchema = TSchema, T extends WebhookEventType = WebhookEventType> {
  payload: S;
  /** When it is sent, for the documents. */
  summary: string;
  /** Its name in documents (the AsyncAPI message and schema). */
  documentName: string;
  /**
   * Delivered live at all: to the Socket.IO clients of /live, to the SSE readers its `sse` policy
   * lets ask for it, and recorded in the history they resume from. False: webhooks only.
   */
  live: boolean;
  sse: SsePolicy;
  webhook: WebhookRule<Static<S>, T> | null;
  /**
   * About the node that sends it, not the station: delivered to that node's own live clients
   * only, never recorded in the history (no id, nothing to resume) nor relayed to other nodes.
   */
  nodeOnly?: true;
}

/** Keeps each row's payload type (its webhook rule is checked against its own schema) and its webhook types. */
const rule = <S extends TSchema, T extends WebhookEventType = never>(entry: EventRule<S, T>): EventRule<S, T> => entry;

export const EVENT_CATALOG = {
  nowplaying: rule({
    payload: NowPlayingSchema,
    documentName: 'nowPlaying',
    summary: 'Now playing: on connect, on every song change and when the station goes on or off air',
    live: true,
    sse: 'default',
    webhook: null,
  }),
  /**
   * A new song started (the poll saw another song). Not sent to live clients: `nowplaying`
   * already tells them, with the same object; it is the webhooks' `song.changed`.
   */
  'song:started': rule({
    payload: NowPlayingSchema,
    documentName: 'songStarted',
    summary: 'A new song started: now playing, with the song that started',
    live: false,
    sse: 'never',
    webhook: {
      types: { 'song.changed': 'A new song started: now playing' },
      // One song start is one message, even if two nodes saw it.
      message: ({ now_playing: song }) => song && { type: 'song.changed', id: `msg_song_${song.played_at}_${song.song.id}` },
    },
  }),
  listeners: rule({
    payload: ListenersSchema,
    documentName: 'listeners',
    summary: 'The listener count or the peak of the day changed',
    live: true,
    sse: 'default',
    webhook: null,
  }),
  status: rule({
    payload: StatusSchema,
    documentName: 'status',
    summary: 'The station went on or off air (the `data` of GET /api/mobile/status)',
    live: true,
    sse: 'default',
    webhook: {
      types: { 'station.online': 'The station went on air: its status', 'station.offline': 'The station went off air: its status' },
      message: (status) => ({ type: status.online ? 'station.online' : 'station.offline' }),
    },
  }),
  'schedule:updated': rule({
    payload: ScheduleUpdatedSchema,
    documentName: 'scheduleUpdated',
    summary: 'Staff changed the programme (a show, one-off event or playlist): the new schedule and playlists',
    live: true,
    sse: 'default',
    webhook: null,
  }),
  'request:new': rule({
    payload: SongRequestSchema,
    documentName: 'requestNew',
    summary: 'A song request was queued',
    live: true,
    sse: 'default',
    webhook: { types: { 'request.queued': 'A song request was queued' }, message: (request) => ({ type: 'request.queued', id: `msg_request_queued_${request.id}` }) },
  }),
  'request:played': rule({
    payload: SongRequestSchema,
    documentName: 'requestPlayed',
    summary: 'A pending request started playing (detected on air, or marked Played by staff)',
    live: true,
    sse: 'never',
    webhook: {
      types: { 'request.played': 'A pending song request started playing (detected on air, or marked Played by staff)' },
      message: (request) => ({ type: 'request.played', id: `msg_request_played_${request.id}` }),
    },
  }),
  'request:updated': rule({
    payload: SongRequestSchema,
    documentName: 'requestUpdated',
    summary: 'A request left the queue: played (on air, or marked by staff) or rejected',
    live: true,
    sse: 'asked',
    webhook: null,
  }),
  'chat:message': rule({
    payload: ChatMessageSchema,
    documentName: 'chatMessage',
    summary: 'A chat message was posted (REST or socket)',
    live: true,
    sse: 'asked',
    webhook: null,
  }),
  'chat:deleted': rule({
    payload: ChatDeletedSchema,
    documentName: 'chatDeleted',
    summary: 'An administrator deleted a chat message',
    live: true,
    sse: 'asked',
    webhook: null,
  }),
  /**
   * This node's store (Redis) is away: until `store:back` its reads are its last known state
   * (the REST answers carry `Data-Stale` and `Age`) and writes answer 503. Sent by each node to
   * its own clients when it finds the store away, and on connect while it is.
   */
  'store:away': rule({
    payload: StoreAwaySchema,
    documentName: 'storeAway',
    summary: "This node's store is away: answers are its last known state, writes are refused (503) until `store:back`; also on connect while away",
    live: true,
    sse: 'default',
    webhook: null,
    nodeOnly: true,
  }),
  'store:back': rule({
    payload: StoreBackSchema,
    documentName: 'storeBack',
    summary: "This node's store answers again: reads are fresh and writes accepted",
    live: true,
    sse: 'default',
    webhook: null,
    nodeOnly: true,
  }),
};

export type EventName = keyof typeof EVENT_CATALOG;
/** Event name → payload, every event of the catalog. */
export type EventPayloads = { [E in EventName]: Static<(typeof EVENT_CATALOG)[E]['payload']> };

const names = Object.keys(EVENT_CATALOG) as EventName[];
const withSse = (policy: SsePolicy) => names.filter((name) => EVENT_CATALOG[name].sse === policy);

/** Sent to the Socket.IO clients of /live, in catalog order. */
export const SOCKET_EVENTS: readonly EventName[] = names.filter((name) => EVENT_CATALOG[name].live);
/** Sent to an SSE reader unless `?events=` says otherwise; chat is opt-in (busy, and most widgets show only the song). */
export const DEFAULT_SSE_EVENTS: readonly EventName[] = withSse('default');
/** Every event an SSE reader may ask for: the defaults first. */
export const SSE_EVENTS: readonly EventName[] = [...DEFAULT_SSE_EVENTS, ...withSse('asked')];
/**
 * Where the SSE feed is read (docs/api.md "Live"): the live door serves it, the AsyncAPI document
 * names it. Kept here, beside the SSE policy, because neither door may import the other.
 */
export const SSE_PATH = '/api/live/events';

/** Each webhook type with the event it comes from and what it tells, in catalog order. */
export const WEBHOOK_TYPES = names.flatMap((event) =>
  Object.entries<string>(EVENT_CATALOG[event].webhook?.types ?? {}).map(([type, summary]) => ({ type: type as WebhookEventType, event, summary })),
);

/** The webhook message an occurrence of `event` becomes (null for none). */
export function webhookOccurrenceOf<E extends EventName>(event: E, payload: EventPayloads[E]): WebhookOccurrence | null {
  const webhook = EVENT_CATALOG[event].webhook as WebhookRule<EventPayloads[E]> | null;
  return webhook ? webhook.message(payload) : null;
}

// Every webhook type a configuration may subscribe to (config/schema.ts, the ground floor, which
// cannot import this) is produced by some event here: this line stops compiling otherwise.
type ProducedWebhookTypes = { [E in EventName]: (typeof EVENT_CATALOG)[E] extends EventRule<TSchema, infer T> ? T : never }[EventName];
export const EVERY_WEBHOOK_TYPE_HAS_AN_EVENT: [WebhookEventType] extends [ProducedWebhookTypes] ? true : never = true;
