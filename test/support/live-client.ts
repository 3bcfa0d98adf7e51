import { io, type Socket } from 'socket.io-client';
import { checkLiveMessage } from './asyncapi-conformance.js';

export type Transport = 'websocket' | 'polling';

export interface LiveClient {
  socket: Socket;
  /** Every event received, in order, with its payload. */
  received: Array<{ event: string; payload: any }>;
  /**
   * Resolves with the payload of the next `event` matching `where` (also one already received),
   * checked against the AsyncAPI document (like acks from `request`).
   */
  next(event: string, where?: (payload: any) => boolean): Promise<any>;
  /** Emits and resolves with the ack. */
  request(event: string, payload?: unknown): Promise<any>;
  close(): void;
}

/** A real socket.io-client on /live, connected (and handed its first now-playing) before it returns. */
export async function connectLive(baseUrl: string, options: { transports?: Transport[]; headers?: Record<string, string>; agent?: import('node:http').Agent } = {}): Promise<LiveClient> {
  const socket = io(`${baseUrl}/live`, {
    transports: options.transports ?? ['websocket'],
    forceNew: true,
    reconnection: false,
    extraHeaders: options.headers,
    // An agent bound to a local address makes this client come from that address (nginx test).
    ...(options.agent ? { agent: options.agent as unknown as string } : {}),
  });
  const received: LiveClient['received'] = [];
  const waiters: Array<{ event: string; where: (p: any) => boolean; resolve: (p: any) => void }> = [];
  socket.onAny((event: string, payload: unknown) => {
    received.push({ event, payload });
    for (const waiter of [...waiters]) {
      if (waiter.event === event && waiter.where(payload)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(payload);
      }
    }
  });
  const client: LiveClient = {
    socket,
    received,
    next: async (event, where = () => true) => {
      const seen = received.find((r) => r.event === event && where(r.payload));
      const payload = seen ? seen.payload : await new Promise((resolve) => waiters.push({ event, where, resolve }));
      await checkLiveMessage(baseUrl, event, payload);
      return payload;
    },
    request: async (event, payload) => {
      const answer = await (payload === undefined ? socket.emitWithAck(event) : socket.emitWithAck(event, payload));
      await checkLiveMessage(baseUrl, `${event} ack`, answer);
      return answer;
    },
    close: () => socket.close(),
  };
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  await client.next('nowplaying');
  return client;
}

/** Resolves with the connect_error a refused client gets. */
export function refusedConnection(baseUrl: string, options: { transports?: Transport[]; namespace?: string; extraHeaders?: Record<string, string> } = {}): Promise<Error> {
  const socket = io(`${baseUrl}${options.namespace ?? '/live'}`, {
    transports: options.transports ?? ['websocket'],
    forceNew: true,
    reconnection: false,
    extraHeaders: options.extraHeaders,
  });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => reject(new Error('the connection was accepted')));
    socket.once('connect_error', (error) => {
      socket.close();
      resolve(error);
    });
  });
}
