import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/**
 * The process's Prometheus metrics: one registry and small functions the doors call where something
 * happens (a request answered, a live client in or out, an event published, a poll). Module-level
 * on purpose: a one-line hook needs no plumbing, and there is one process per station node.
 */
export const registry = new Registry();

// Event-loop lag (nodejs_eventloop_lag_*), memory, CPU, handles: prom-client's standard set.
collectDefaultMetrics({ register: registry });

const KNOWN_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

const requests = new Counter({
  name: 'radio_hub_http_requests_total',
  help: 'HTTP requests answered, by route (the declared path, "unmatched" for 404s), method and status (499: the client left first)',
  labelNames: ['route', 'method', 'status'] as const,
  registers: [registry],
});

const requestSeconds = new Histogram({
  name: 'radio_hub_http_request_duration_seconds',
  help: 'Time from the request to its answer, by route and method',
  labelNames: ['route', 'method'] as const,
  buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
  registers: [registry],
});

const liveConnections = new Gauge({
  name: 'radio_hub_live_connections',
  help: 'Socket.IO clients connected to /live on this node',
  registers: [registry],
});

const published = new Counter({
  name: 'radio_hub_live_events_published_total',
  help: 'Live events published by this node, by event',
  labelNames: ['event'] as const,
  registers: [registry],
});

const polls = new Counter({
  name: 'radio_hub_polls_total',
  help: 'Polls of the stream server by this node, by outcome (success: it answered; failure: unreachable or the state could not be stored)',
  labelNames: ['outcome'] as const,
  registers: [registry],
});

let lastGoodPoll: number | null = null;
new Gauge({
  name: 'radio_hub_last_good_poll_age_seconds',
  help: 'Seconds since this node last polled the stream server successfully (NaN: not yet)',
  registers: [registry],
  collect() {
    this.set(lastGoodPoll === null ? Number.NaN : (Date.now() - lastGoodPoll) / 1000);
  },
});

/** Counts one answered request; `route` is the declared path (never the raw URL: bounded label values). */
export function observeRequest(route: string, method: string, status: number, seconds: number): void {
  const knownMethod = KNOWN_METHODS.has(method) ? method : 'OTHER';
  requests.inc({ route, method: knownMethod, status: String(status) });
  requestSeconds.observe({ route, method: knownMethod }, seconds);
}

export function liveClientConnected(): void {
  liveConnections.inc();
}

export function liveClientDisconnected(): void {
  liveConnections.dec();
}

export function countPublished(event: string): void {
  published.inc({ event });
}

export function pollSucceeded(): void {
  polls.inc({ outcome: 'success' });
  lastGoodPoll = Date.now();
}

export function pollFailed(): void {
  polls.inc({ outcome: 'failure' });
}

let redisProbe: (() => Promise<unknown>) | null = null;

/**
 * With Redis, how a scrape checks it is up (the store's ping). The gauge exists only from here on:
 * with the in-memory store it is absent, not a misleading 0.
 */
export function watchRedis(ping: () => Promise<unknown>): void {
  if (!redisProbe) {
    new Gauge({
      name: 'radio_hub_redis_up',
      help: 'Whether Redis answered a PING at scrape time (1) or not (0)',
      registers: [registry],
      async collect() {
        try {
          await redisProbe?.();
          this.set(1);
        } catch {
          this.set(0);
        }
      },
    });
  }
  redisProbe = ping;
}

/** The text exposition format, for a scrape. */
export async function scrape(): Promise<{ contentType: string; body: string }> {
  return { contentType: registry.contentType, body: await registry.metrics() };
}
