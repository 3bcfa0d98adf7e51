import { readFileSync } from 'node:fs';
import { pino, type Logger } from 'pino';
import { createApp, type App } from '../../src/app.js';
import { deepMerge, loadConfig } from '../../src/config/load-config.js';
import { eventually } from './eventually.js';
import { checkAnswer } from './openapi-conformance.js';
import type { Clock } from '../../src/station/clock.js';
import type { PaymentProvider } from '../../src/payments/payment-provider.js';

export interface TestServer {
  app: App;
  url: string;
  close(): Promise<void>;
}

type Overrides = Record<string, unknown>;

/**
 * Budgets too large to reach, so suites about something else can send what they need. The one
 * place the test override lives: a suite about limits asks for the real ones (`realLimits`) or
 * sets its own under `rateLimit` / `chat.socketFlood`, which win over these.
 */
export const UNREACHABLE_LIMITS: Overrides = {
  rateLimit: {
    mobile: { limit: 1_000_000_000, windowSeconds: 3600 },
    chat: { limit: 1_000_000, windowSeconds: 60 },
    sseOpens: { limit: 1_000_000, windowSeconds: 60 },
    reports: { limit: 1_000_000, windowSeconds: 60 },
    staffActions: { limit: 1_000_000, windowSeconds: 3600 },
    nowPlayingPush: { limit: 1_000_000, windowSeconds: 60 },
    artwork: { limit: 1_000_000, windowSeconds: 3600 },
  },
  chat: { socketFlood: { messages: 10_000, windowSeconds: 60 } },
};

/**
 * The suites' station: a fresh start has no programme and no stream (config/default.json), so the
 * suites run the demo programme (config/demo.json: every suite loads the file a newcomer is
 * told about) with a stream and a website set. A suite about the bare default sets these back.
 */
export const TEST_STATION: Overrides = {
  ...(JSON.parse(readFileSync(new URL('../../config/demo.json', import.meta.url), 'utf8')) as Overrides),
  station: { websiteUrl: 'https://radio.example.org/', streamUrl: 'https://stream.example.org/live.mp3' },
};

export interface TestServerOptions {
  clock?: Clock;
  /** Keep config/default.json's limits (100 an hour per client, 5 chat messages per 10 s). */
  realLimits?: boolean;
  /** config/default.json's own station (no programme, no stream) instead of TEST_STATION. */
  bareStation?: boolean;
  /** The app's logger (e.g. one writing into an array, to count log lines); logLevel is ignored then. */
  log?: Logger;
  /** A payment provider handed to createApp instead of the one config names. */
  payments?: PaymentProvider | null;
}

/**
 * A real server on 127.0.0.1, port 0, with config/default.json, TEST_STATION and `overrides`,
 * environment ignored. Stream polling is off unless the overrides turn it on, so seeded state stays put.
 */
export async function startTestServer(overrides: Overrides = {}, options: TestServerOptions = {}): Promise<TestServer> {
  const base: Overrides = {
    ...(options.bareStation ? {} : TEST_STATION),
    logLevel: 'silent',
    server: { host: '127.0.0.1', port: 0 },
    stream: { enabled: false },
    ...(options.realLimits ? {} : UNREACHABLE_LIMITS),
  };
  const config = loadConfig({}, deepMerge(base, overrides));
  const app = createApp(config, {
    log: options.log ?? pino({ level: config.logLevel }),
    clock: options.clock,
    ...(options.payments !== undefined ? { payments: options.payments } : {}),
  });
  const port = await app.listen();
  // The Redis client connects in the background (the service starts before Redis answers); a test
  // starts talking once it has, or its first request races the connection and gets a 503.
  if (config.redis.url) await eventually(() => app.store.ping());
  return { app, url: `http://127.0.0.1:${port}`, close: () => app.close() };
}

export interface JsonResponse {
  status: number;
  headers: Headers;
  body: any;
}

/**
 * fetch + JSON, with a JSON content type for object bodies. Every answer is checked against the
 * server's OpenAPI document (openapi-conformance.ts): a drift fails the test.
 */
export async function call(url: string, init: { method?: string; body?: unknown; headers?: Record<string, string> } = {}): Promise<JsonResponse> {
  const headers: Record<string, string> = { ...init.headers };
  let body: string | undefined;
  if (init.body !== undefined) {
    body = typeof init.body === 'string' ? init.body : JSON.stringify(init.body);
    headers['content-type'] ??= 'application/json';
  }
  const response = await fetch(url, { method: init.method ?? (body === undefined ? 'GET' : 'POST'), headers, body });
  const text = await response.text();
  const parsed = text ? JSON.parse(text) : undefined;
  await checkAnswer(url, init.method ?? (body === undefined ? 'GET' : 'POST'), response.status, response.headers, parsed);
  return { status: response.status, headers: response.headers, body: parsed };
}

/**
 * fetch, with the answer checked against the server's OpenAPI document like `call` does; the
 * Response is returned unread (its body is read from a clone).
 */
export async function checkedFetch(url: string, init: RequestInit = {}): Promise<Response> {
  const response = await fetch(url, init);
  const text = await response.clone().text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    // not JSON: the check reports it wherever the document promises JSON
  }
  await checkAnswer(url, init.method ?? 'GET', response.status, response.headers, parsed);
  return response;
}
