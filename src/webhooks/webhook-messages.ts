import { randomUUID } from 'node:crypto';
import type { WebhookEventType } from '../config/schema.js';
import type { SongRequest } from '../station/model.js';
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
 * Turns a live event into the webhook message it means, or null. A song change is a
 * `nowplaying` event carrying a song; its id is built from the song and its start time, so the
 * same change announced twice (on/off air re-sends now playing) is one message, on any node.
 */
export function webhookMessageOf<E extends keyof LiveEvents>(event: E, payload: LiveEvents[E], now = new Date()): WebhookMessage | null {
  const timestamp = now.toISOString();
  switch (event) {
    case 'nowplaying': {
      const nowPlaying = (payload as LiveEvents['nowplaying']).now_playing;
      if (!nowPlaying) return null;
      return { id: `msg_song_${nowPlaying.played_at}_${nowPlaying.song.id}`, type: 'song.changed', timestamp, data: payload };
    }
    case 'status': {
      const online = (payload as LiveEvents['status']).online;
      return { id: `msg_${randomUUID()}`, type: online ? 'station.online' : 'station.offline', timestamp, data: payload };
    }
    case 'request:new':
      return { id: `msg_request_queued_${(payload as SongRequest).id}`, type: 'request.queued', timestamp, data: payload };
    case 'request:played':
      return { id: `msg_request_played_${(payload as SongRequest).id}`, type: 'request.played', timestamp, data: payload };
    default:
      return null;
  }
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
