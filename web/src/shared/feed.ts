// The live feed over Server-Sent Events (GET /api/live/events): no client library, the browser
// reconnects by itself and resumes with Last-Event-ID, so nothing is missed across a drop.

export type FeedState = 'connecting' | 'open' | 'retrying';

export interface Feed {
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters -- the caller names the payload type of its event
  on<T>(event: string, handler: (payload: T) => void): void;
  onState(handler: (state: FeedState) => void): void;
  readonly state: FeedState;
  close(): void;
}

/**
 * Opens the feed of `events` on `origin` ('' for this server), resuming after `lastEventId`
 * (the bootstrap's, so events between the page's preparation and now are replayed). A refused
 * stream (429: too many connections from this address, or 503) is closed by the browser for
 * good; it is retried here, slower each time, up to once a minute.
 */
export function openFeed(origin: string, events: readonly string[], lastEventId?: string | null): Feed {
  const handlers = new Map<string, Array<(payload: unknown) => void>>();
  const stateHandlers: Array<(state: FeedState) => void> = [];
  let state: FeedState = 'connecting';
  let source: EventSource | null = null;
  let lastId = lastEventId ?? null;
  let retryMs = 2000;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let closed = false;

  const setState = (next: FeedState) => {
    if (next === state) return;
    state = next;
    for (const handler of stateHandlers) handler(next);
  };

  const connect = () => {
    clearTimeout(timer);
    if (closed) return;
    const query = `events=${encodeURIComponent(events.join(','))}${lastId ? `&lastEventId=${encodeURIComponent(lastId)}` : ''}`;
    const es = new EventSource(`${origin}/api/live/events?${query}`);
    source = es;
    es.onopen = () => {
      retryMs = 2000;
      setState('open');
    };
    es.onerror = () => {
      setState('retrying');
      if (es.readyState !== EventSource.CLOSED) return; // the browser retries by itself
      timer = setTimeout(connect, retryMs);
      retryMs = Math.min(retryMs * 2, 60_000);
    };
    for (const event of events) {
      es.addEventListener(event, (message) => {
        const { data, lastEventId: id } = message as MessageEvent<string>;
        if (id) lastId = id;
        let payload: unknown;
        try {
          payload = JSON.parse(data);
        } catch {
          return;
        }
        for (const handler of handlers.get(event) ?? []) handler(payload);
      });
    }
  };
  // The device says it lost the network: say so at once (a quiet stream notices only later).
  addEventListener('offline', () => setState('retrying'));
  // Back online: the stream may have survived; after a refusal, try at once rather than at the end of the backoff.
  addEventListener('online', () => {
    if (source?.readyState === EventSource.OPEN) setState('open');
    else if (source?.readyState === EventSource.CLOSED) connect();
  });
  connect();

  return {
    on: (event, handler) => handlers.set(event, [...(handlers.get(event) ?? []), handler as (payload: unknown) => void]),
    onState: (handler) => void stateHandlers.push(handler),
    get state() {
      return state;
    },
    close: () => {
      closed = true;
      clearTimeout(timer);
      source?.close();
    },
  };
}
