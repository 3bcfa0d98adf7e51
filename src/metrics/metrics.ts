import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

const KNOWN_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

export interface MetricsOptions {
  /** Milliseconds since the epoch, for the age of the last good poll. */
  clock: () => number;
  /**
   * Add prom-client's process set (event-loop lag, memory, CPU, handles). Its event-loop monitor
   * and GC observer live as long as the process, so only an app that serves its metrics asks.
   */
  processMetrics: boolean;
}

/** A gauge whose value is read when scraped, from a count or time kept elsewhere (nothing to keep in step). */
function readAtScrape(registry: Registry, name: string, help: string, read: () => number): void {
  new Gauge({
    name,
    help,
    registers: [registry],
    collect() {
      this.set(read());
    },
  });
}

/**
 * One app's Prometheus metrics: its own registry and the hooks its doors call where something
 * happens (a request answered, a live client in or out, an event published, a poll). One per app
 * instance, handed to whoever records: two apps in one process never mix their counts.
 */
export class Metrics {
  readonly registry = new Registry();
  private lastGoodPoll: number | null = null;
  private redisProbe: (() => Promise<unknown>) | null = null;
  /** The SSE feed's own count, read at scrape time (nothing to keep in step per stream). */
  private sseStreams: () => number = () => 0;

  private readonly requests = new Counter({
    name: 'radio_hub_http_requests_total',
    help: 'HTTP requests answered, by route (the declared path, "unmatched" for 404s), method and status (499: the client left first)',
    labelNames: ['route', 'method', 'status'] as const,
    registers: [this.registry],
  });

  private readonly requestSeconds = new Histogram({
    name: 'radio_hub_http_request_duration_seconds',
    help: 'Time from the request to its answer, by route and method',
    labelNames: ['route', 'method'] as const,
    buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [this.registry],
  });

  /**
   * Socket.IO clients on /live, read at scrape time: a prom-client `inc()` hashes its labels and
   * writes a new entry on every connect, a measurable part of a reconnect wave's CPU.
   */
  private liveConnections = 0;

  private readonly published = new Counter({
    name: 'radio_hub_live_events_published_total',
    help: 'Live events published by this node, by event',
    labelNames: ['event'] as const,
    registers: [this.registry],
  });

  private readonly polls = new Counter({
    name: 'radio_hub_polls_total',
    help: 'Polls of the stream server by this node, by outcome (success: it answered; failure: unreachable or the state could not be stored)',
    labelNames: ['outcome'] as const,
    registers: [this.registry],
  });

  constructor(private readonly options: MetricsOptions) {
    const lastGoodPollAge = () => (this.lastGoodPoll === null ? Number.NaN : (options.clock() - this.lastGoodPoll) / 1000);
    readAtScrape(this.registry, 'radio_hub_last_good_poll_age_seconds', 'Seconds since this node last polled the stream server successfully (NaN: not yet)', lastGoodPollAge);
    readAtScrape(this.registry, 'radio_hub_live_connections', 'Socket.IO clients connected to /live on this node', () => this.liveConnections);
    readAtScrape(this.registry, 'radio_hub_sse_streams', 'SSE streams (GET /api/live/events) open or starting on this node', () => this.sseStreams());
    if (options.processMetrics) collectDefaultMetrics({ register: this.registry });
  }

  /** Counts one answered request; `route` is the declared path (never the raw URL: bounded label values). */
  observeRequest(route: string, method: string, status: number, seconds: number): void {
    const knownMethod = KNOWN_METHODS.has(method) ? method : 'OTHER';
    this.requests.inc({ route, method: knownMethod, status: String(status) });
    this.requestSeconds.observe({ route, method: knownMethod }, seconds);
  }

  liveClientConnected(): void {
    this.liveConnections += 1;
  }

  liveClientDisconnected(): void {
    this.liveConnections -= 1;
  }

  /** Where the SSE gauge reads how many streams this node holds. */
  countSseStreams(count: () => number): void {
    this.sseStreams = count;
  }

  countPublished(event: string): void {
    this.published.inc({ event });
  }

  pollSucceeded(): void {
    this.polls.inc({ outcome: 'success' });
    this.lastGoodPoll = this.options.clock();
  }

  pollFailed(): void {
    this.polls.inc({ outcome: 'failure' });
  }

  /**
   * With Redis, how a scrape checks it is up (the store's ping). The gauge exists only from here on:
   * with the in-memory store it is absent, not a misleading 0.
   */
  watchRedis(ping: () => Promise<unknown>): void {
    if (!this.redisProbe) {
      const probe = () => this.redisProbe?.();
      new Gauge({
        name: 'radio_hub_redis_up',
        help: 'Whether Redis answered a PING at scrape time (1) or not (0)',
        registers: [this.registry],
        async collect() {
          try {
            await probe();
            this.set(1);
          } catch {
            this.set(0);
          }
        },
      });
    }
    this.redisProbe = ping;
  }

  /** The text exposition format, for a scrape. */
  async scrape(): Promise<{ contentType: string; body: string }> {
    return { contentType: this.registry.contentType, body: await this.registry.metrics() };
  }
}

/** What the poller records. */
export type PollMetrics = Pick<Metrics, 'pollSucceeded' | 'pollFailed'>;
/** What the live door records. */
export type LiveMetrics = Pick<Metrics, 'liveClientConnected' | 'liveClientDisconnected' | 'countPublished'>;
