import { capturedLog } from './captured-log.js';
import { scrapeMetrics, valueOf } from './prometheus-text.js';
import { startTestServer, type TestServer, type TestServerOptions } from './test-server.js';

export interface MetricsTestServer extends TestServer {
  metricsUrl: string;
}

/** A server with metrics on a port of its own (port 0), found as an operator finds it: in the start-up line that names it. */
export async function startWithMetrics(overrides: Record<string, unknown> = {}, options: Omit<TestServerOptions, 'log'> = {}): Promise<MetricsTestServer> {
  const captured = capturedLog();
  const server = await startTestServer({ metrics: { port: 0 }, ...overrides }, { ...options, log: captured.log });
  const [line] = captured.matching('metrics on GET /metrics');
  return { ...server, metricsUrl: `http://127.0.0.1:${String(line!.port)}/metrics` };
}

/** The SSE streams the server holds, as an operator reads them: the `radio_hub_sse_streams` gauge. */
export async function sseStreams(server: MetricsTestServer): Promise<number> {
  return valueOf((await scrapeMetrics(server.metricsUrl)).families, 'radio_hub_sse_streams')!;
}
