import { io, type Socket } from 'socket.io-client';

export interface Song {
  id: string;
  title: string;
  artist: string;
  text: string;
  album?: string;
  art?: string;
}
export interface NowPlaying {
  now_playing: { song: Song; played_at: number } | null;
  song_history: Array<{ song: Song; played_at: number }>;
  listeners: { current: number; peak_today: number };
  online: boolean;
}
/** The status `data` (the live `status` event), as far as the pages read it. */
export interface StationStatus {
  online: boolean;
  listeners: number;
  stream_url: string;
}
export interface ChatMessage {
  id: string;
  nickname: string;
  message: string;
  timestamp: number;
}
export interface SongRequest {
  id: string;
  song_title: string;
  artist: string;
  requester_name: string;
  message: string | null;
  priority: 'low' | 'normal' | 'high';
  status: 'pending' | 'played' | 'rejected';
  created_at: number;
}

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
