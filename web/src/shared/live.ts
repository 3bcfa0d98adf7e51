import { io, type Socket } from 'socket.io-client';

// The shapes and live events are the server's own, declared once (src/station/shapes.ts and the
// event catalog). Type-only imports: nothing of the server's code reaches the bundle.
import type { ChatMessage } from '../../../src/station/shapes.js';
export type { ChatMessage, NowPlaying, PlayedSong, Song, SongRequest, StationStatus } from '../../../src/station/shapes.js';
export type { LiveEvents } from '../../../src/station/live-hub.js';

/**
 * The live connection (Socket.IO namespace /live). Socket.IO reconnects by itself with backoff;
 * `online` tells the page when to say it is offline.
 */
export function connectLive(origin = ''): Socket {
  return io(`${origin}/live`, { transports: ['websocket', 'polling'], reconnectionDelayMax: 10_000 });
}

/** The chat messages from `since` (ms) on, through the socket (no REST rate limit). */
export function chatHistory(socket: Socket, sinceMs?: number): Promise<ChatMessage[]> {
  return socket
    .timeout(10_000)
    .emitWithAck('chat:history', sinceMs === undefined ? { limit: 50 } : { since: sinceMs, limit: 50 })
    .then((answer: { success: boolean; data?: { messages: ChatMessage[] } }) => (answer.success ? answer.data!.messages : []))
    .catch(() => []);
}

export { chatIdMs } from './chat-id.js';
