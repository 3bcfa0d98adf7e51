import { EventSource } from 'eventsource';
import { SSE_EVENTS } from '../../src/station/event-catalog.js';

export interface SseMessage {
  event: string;
  id: string;
  payload: any;
}

export interface SseClient {
  source: EventSource;
  /** Every event received, in order (across reconnects). */
  received: SseMessage[];
  /** Resolves with the next `event` matching `where` (also one already received and not yet taken). */
  next(event: string, where?: (payload: any, message: SseMessage) => boolean): Promise<SseMessage>;
  /** Resolves once the source has opened `count` connections in all (the first, then reconnects). */
  opened(count: number): Promise<void>;
  close(): void;
}

/**
 * A real `eventsource` client (the WHATWG EventSource for Node), listening for every live event
 * name. `lastEventId`: sent as the Last-Event-ID header on the first connection, as a browser does
 * on a reconnect.
 */
export function connectSse(url: string, options: { lastEventId?: string } = {}): SseClient {
  const source = new EventSource(url, {
    fetch: (input, init) =>
      fetch(
        input,
        options.lastEventId && !(init?.headers as Record<string, string> | undefined)?.['Last-Event-ID']
          ? { ...init, headers: { ...(init?.headers as Record<string, string>), 'Last-Event-ID': options.lastEventId } }
          : init,
      ),
  });
  const received: SseMessage[] = [];
  let cursor = 0;
  const waiters: Array<() => void> = [];
  const wake = () => {
    for (const waiter of waiters.splice(0)) waiter();
  };
  for (const name of SSE_EVENTS) {
    source.addEventListener(name, (message) => {
      received.push({ event: name, id: message.lastEventId, payload: JSON.parse(message.data) });
      wake();
    });
  }
  let opens = 0;
  source.addEventListener('open', () => {
    opens += 1;
    wake();
  });
  const until = (done: () => boolean) =>
    new Promise<void>((resolve) => {
      const check = () => (done() ? resolve() : waiters.push(check));
      check();
    });
  return {
    source,
    received,
    next: async (event, where = () => true) => {
      let found: SseMessage | undefined;
      await until(() => {
        const index = received.findIndex((m, i) => i >= cursor && m.event === event && where(m.payload, m));
        if (index < 0) return false;
        found = received[index];
        cursor = index + 1;
        return true;
      });
      return found!;
    },
    opened: (count) => until(() => opens >= count),
    close: () => source.close(),
  };
}
