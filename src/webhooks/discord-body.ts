import type { SongRequest } from '../station/model.js';
import type { LiveEvents } from '../station/live-hub.js';
import type { WebhookMessage } from './webhook-messages.js';

/** Discord's limit on a message's `content`. */
export const DISCORD_MAX_CHARACTERS = 2000;

/**
 * A Discord channel webhook takes `{content}` (2,000 characters at most). Mentions are switched
 * off: a song title or a request message must never ping @everyone. Every text that comes from
 * outside (the request's artist, title and name, the stream's song text, even the station name)
 * is escaped (`discordText`), so an anonymous request cannot post formatting or a clickable link
 * into the station's channel; a message too long is cut between whole characters.
 */
export function discordBodyOf(message: WebhookMessage, stationName: string): string {
  const request = message.data as SongRequest;
  const station = discordText(stationName);
  const content = (() => {
    switch (message.type) {
      case 'song.changed':
        return `🎵 Now playing on ${station}: ${discordText((message.data as LiveEvents['nowplaying']).now_playing?.song.text ?? '')}`;
      case 'station.online':
        return `📻 ${station} is on air`;
      case 'station.offline':
        return `📴 ${station} is off air`;
      case 'request.queued':
        return `🙏 Song request: ${discordText(request.artist)} - ${discordText(request.song_title)} (from ${discordText(request.requester_name)})`;
      case 'request.played':
        return `▶️ Playing a request: ${discordText(request.artist)} - ${discordText(request.song_title)} (for ${discordText(request.requester_name)})`;
    }
  })();
  return JSON.stringify({ content: cutToCharacters(content, DISCORD_MAX_CHARACTERS), allowed_mentions: { parse: [] } });
}

// Every character Discord's Markdown gives a meaning to (emphasis, code, spoilers, quotes,
// headings, lists, masked links `[text](url)`, autolinks `<url>`, emoji `:name:`) and the
// backslash itself. An escaped `:` also breaks `https://`, so no URL is turned into a link.
const DISCORD_MARKUP = /[\\*_~`|>#\-[\]()<:]/g;

/** Listener text as Discord shows it literally: each markup character escaped with a backslash, line breaks as spaces. */
export function discordText(text: string): string {
  return text.replace(/[\r\n]+/g, ' ').replace(DISCORD_MARKUP, '\\$&');
}

const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });

/**
 * `text` cut to at most `max` UTF-16 units (how Discord counts) on a boundary between whole
 * characters (grapheme clusters: never half a surrogate pair, never an emoji without its
 * modifier), with `…` when cut; an escape backslash is never left without the character it escapes.
 */
export function cutToCharacters(text: string, max: number): string {
  if (text.length <= max) return text;
  let kept = '';
  for (const { segment } of graphemes.segment(text)) {
    if (kept.length + segment.length > max - 1) break;
    kept += segment;
  }
  if (/(^|[^\\])(\\\\)*\\$/.test(kept)) kept = kept.slice(0, -1);
  return `${kept}…`;
}
