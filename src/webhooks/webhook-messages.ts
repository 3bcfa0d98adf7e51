import { randomUUID } from 'node:crypto';
import type { WebhookEventType } from '../config/schema.js';
import type { SongRequest } from '../station/model.js';
import { webhookOccurrenceOf } from '../station/event-catalog.js';
import type { LiveEvents } from '../station/live-hub.js';

/** The body of a webhook, in the Standard Webhooks shape: `{type, timestamp, data}`. */
export interface WebhookMessage {
  /** `webhook-id`: the same for every attempt and every endpoint; receivers de-duplicate by it. */
  id: string;
  type: WebhookEventType;
  /** ISO-8601, when the event happened. */
  timestamp: string;
  data: unknown;
}

/**
 * Turns a domain event into the webhook message it means, or null: the event catalog says which
 * type and which id (a song start is one message however often it is announced, on any node).
 */
export function webhookMessageOf<E extends keyof LiveEvents>(event: E, payload: LiveEvents[E], now = new Date()): WebhookMessage | null {
  const occurrence = webhookOccurrenceOf(event, payload);
  if (!occurrence) return null;
  return { id: occurrence.id ?? `msg_${randomUUID()}`, type: occurrence.type, timestamp: now.toISOString(), data: payload };
}

/**
 * A Discord channel webhook takes `{content}` (2,000 characters at most). Mentions are switched
 * off: a song title or a request message must never ping @everyone.
 */
export function discordBodyOf(message: WebhookMessage, stationName: string): string {
  const request = message.data as SongRequest;
  const content = (() => {
    switch (message.type) {
      case 'song.changed':
        return `🎵 Now playing on ${stationName}: ${(message.data as LiveEvents['nowplaying']).now_playing?.song.text ?? ''}`;
      case 'station.online':
        return `📻 ${stationName} is on air`;
      case 'station.offline':
        return `📴 ${stationName} is off air`;
      case 'request.queued':
        return `🙏 Song request: ${request.artist} - ${request.song_title} (from ${request.requester_name})`;
      case 'request.played':
        return `▶️ Playing a request: ${request.artist} - ${request.song_title} (for ${request.requester_name})`;
    }
  })();
  return JSON.stringify({ content: content.slice(0, 2000), allowed_mentions: { parse: [] } });
}
