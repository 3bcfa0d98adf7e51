import { useEffect, useState } from 'preact/hooks';
import { io, type Socket } from 'socket.io-client';
import type { StaffEvents } from '../../../src/station/staff-events.js';

/**
 * The staff channel (Socket.IO namespace /staff, docs/live.md): ban changes and, for admins, audit
 * entries, for signed-in staff only. The key goes in the handshake; the socket shares the page's
 * one connection with /live (same origin, same Manager). `onRefused` hears a key the server no
 * longer takes (revoked: the socket is closed by the server, a new handshake is 401) so the
 * console asks for one again.
 */
export function connectStaff(key: string, onRefused: () => void): Socket {
  const socket = io('/staff', { auth: { key }, transports: ['websocket', 'polling'], reconnectionDelayMax: 10_000 });
  socket.on('connect_error', (error: Error & { data?: { error?: { code?: string } } }) => {
    if (error.data?.error?.code === 'UNAUTHORIZED') onRefused();
  });
  // The server closes a staff socket itself only when its key was revoked.
  socket.on('disconnect', (reason) => {
    if (reason === 'io server disconnect') onRefused();
  });
  return socket;
}

/** Calls `listener` on each staff event `event` while mounted. */
export function useStaffEvent<E extends keyof StaffEvents>(socket: Socket, event: E, listener: (payload: StaffEvents[E]) => void, deps: unknown[] = []): void {
  useEffect(() => {
    const handler = (payload: StaffEvents[E]) => listener(payload);
    const name: string = event; // socket.io-client types a listener by its reserved events only
    socket.on(name, handler);
    return () => void socket.off(name, handler);
  }, [socket, ...deps]);
}

/** Whether the staff channel is connected (the console says when staff updates are paused). */
export function useStaffConnected(socket: Socket): boolean {
  const [connected, setConnected] = useState(socket.connected);
  useEffect(() => {
    const on = () => setConnected(true);
    const off = () => setConnected(false);
    socket.on('connect', on);
    socket.on('disconnect', off);
    return () => {
      socket.off('connect', on);
      socket.off('disconnect', off);
    };
  }, [socket]);
  return connected;
}
