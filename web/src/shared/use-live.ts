import { useEffect, useState } from 'preact/hooks';
import type { Socket } from 'socket.io-client';
import { chatHistory, chatIdMs, type ChatMessage } from './live.js';

/** Connected or not, for the offline notice; Socket.IO reconnects by itself. */
export function useConnected(socket: Socket): boolean {
  const [connected, setConnected] = useState(socket.connected);
  useEffect(() => {
    const up = () => setConnected(true);
    const down = () => setConnected(false);
    socket.on('connect', up);
    socket.on('disconnect', down);
    socket.on('connect_error', down);
    // Back online: trust the socket (it reconnects by itself if the connection was lost meanwhile).
    const online = () => setConnected(socket.connected);
    window.addEventListener('offline', down);
    window.addEventListener('online', online);
    return () => {
      window.removeEventListener('online', online);
      socket.off('connect', up);
      socket.off('disconnect', down);
      socket.off('connect_error', down);
      window.removeEventListener('offline', down);
    };
  }, [socket]);
  return connected;
}

/**
 * The chat as it stands: history on first connect, live messages and deletions after, and on
 * every reconnect the gap since the last message seen (de-duplicated by id).
 */
export function useChat(socket: Socket): ChatMessage[] {
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  useEffect(() => {
    let last: number | undefined;
    const add = (incoming: ChatMessage[]) =>
      setMessages((current) => {
        const known = new Set(current.map((m) => m.id));
        const merged = [...current, ...incoming.filter((m) => !known.has(m.id))].sort((a, b) => chatIdMs(a.id) - chatIdMs(b.id) || (a.id < b.id ? -1 : 1));
        const kept = merged.slice(-100);
        if (kept.length) last = chatIdMs(kept[kept.length - 1]!.id) - 1;
        return kept;
      });
    const onConnect = () => void chatHistory(socket, last).then(add);
    const onMessage = (m: ChatMessage) => add([m]);
    const onDeleted = ({ id }: { id: string }) => setMessages((current) => current.filter((m) => m.id !== id));
    socket.on('connect', onConnect);
    socket.on('chat:message', onMessage);
    socket.on('chat:deleted', onDeleted);
    if (socket.connected) onConnect();
    return () => {
      socket.off('connect', onConnect);
      socket.off('chat:message', onMessage);
      socket.off('chat:deleted', onDeleted);
    };
  }, [socket]);
  return messages;
}

/** A value pushed by one live event (the server sends nowplaying on every connect). */
export function useLiveValue<T>(socket: Socket, event: string, initial: T): [T, (value: T) => void] {
  const [value, setValue] = useState<T>(initial);
  useEffect(() => {
    const on = (payload: T) => setValue(payload);
    socket.on(event, on);
    return () => void socket.off(event, on);
  }, [socket, event]);
  return [value, setValue];
}
