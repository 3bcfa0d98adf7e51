import { connect } from 'node:net';
import { afterAll, beforeAll } from 'vitest';
import { startWithMetrics, type MetricsTestServer } from './metrics-server.js';

/** One HTTP answer read off a raw connection. */
export interface RawAnswer {
  status: number;
  /** Header lines in the order sent, names as sent. */
  headers: Array<[string, string]>;
  body: Buffer;
}

export interface RawConversation {
  answers: RawAnswer[];
  /** The server closed the connection (before the wait ended). */
  closed: boolean;
  /** Bytes after the last whole answer (a torn or unexpected answer). */
  rest: string;
}

export interface ConverseOptions {
  /** The method of each request sent, in order: a HEAD answer has no body whatever its length says. */
  methods: readonly string[];
  /** After the last answer, wait for the server to close (up to `timeoutMs`) instead of returning at once. */
  awaitClose?: boolean;
  /** Give up after this long (then `closed` is false and `answers` holds what came). */
  timeoutMs?: number;
}

export const headerValues = (answer: RawAnswer, name: string): string[] => answer.headers.filter(([key]) => key.toLowerCase() === name.toLowerCase()).map(([, value]) => value);

export const headerOf = (answer: RawAnswer, name: string): string | undefined => headerValues(answer, name)[0];

/** Splits whole answers off the front of `buffer`; a body is delimited by Content-Length (none for HEAD, 204, 304). */
function parseAnswers(buffer: Buffer, methods: readonly string[], answers: RawAnswer[]): Buffer {
  let rest = buffer;
  for (;;) {
    const end = rest.indexOf('\r\n\r\n');
    if (end < 0) return rest;
    const lines = rest.subarray(0, end).toString('latin1').split('\r\n');
    const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(lines[0]!)?.[1] ?? NaN);
    const headers = lines.slice(1).map((line): [string, string] => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 1).trim()]);
    const method = methods[answers.length] ?? 'GET';
    const length = Number(headers.find(([key]) => key.toLowerCase() === 'content-length')?.[1] ?? 0);
    const bodyLength = method === 'HEAD' || status === 204 || status === 304 ? 0 : length;
    if (rest.length < end + 4 + bodyLength) return rest;
    answers.push({ status, headers, body: rest.subarray(end + 4, end + 4 + bodyLength) });
    rest = rest.subarray(end + 4 + bodyLength);
  }
}

/**
 * Sends `bytes` on one new connection and reads the answers to the requests in it (one per entry
 * of `methods`), in order: all at once as a pipelining client does, or, given a list, each request
 * once the one before it is answered, as a keep-alive client does. For what fetch will not send.
 */
export function converse(port: number, bytes: string | readonly string[], options: ConverseOptions): Promise<RawConversation> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    const answers: RawAnswer[] = [];
    let buffer: Buffer = Buffer.alloc(0);
    let settled = false;
    const done = (closed: boolean) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      resolve({ answers, closed, rest: buffer.toString('latin1') });
    };
    const timer = setTimeout(() => done(false), options.timeoutMs ?? 5000);
    const turns = typeof bytes === 'string' ? [bytes] : [...bytes];
    socket.on('data', (chunk: Buffer) => {
      const before = answers.length;
      buffer = parseAnswers(Buffer.concat([buffer, chunk]), options.methods, answers);
      if (answers.length >= options.methods.length && !options.awaitClose) done(false);
      else if (answers.length > before && turns.length > 0 && typeof bytes !== 'string') socket.write(turns.shift()!);
    });
    socket.on('close', () => done(true));
    socket.on('error', () => undefined);
    socket.write(turns.shift()!);
  });
}

/** A request head (and body) as bytes; `headers` lines are added after Host. */
export function rawRequest(method: string, path: string, headers: Record<string, string> = {}, body = ''): string {
  const lines = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`);
  return `${method} ${path} HTTP/1.1\r\nHost: x\r\n${lines.join('')}\r\n${body}`;
}

/** A suite's server: started before its tests, closed after them; `port` for raw connections. */
export interface RawSuiteServer {
  readonly server: MetricsTestServer;
  readonly port: number;
}

export function rawSuiteServer(overrides: Record<string, unknown> = {}): RawSuiteServer {
  let server: MetricsTestServer | undefined;
  beforeAll(async () => {
    // With its metrics port, as deployed: a test can read what an operator reads.
    server = await startWithMetrics(overrides);
  });
  afterAll(() => server?.close());
  return {
    get server() {
      if (!server) throw new Error('the suite server is not started yet');
      return server;
    },
    get port() {
      return Number(new URL(this.server.url).port);
    },
  };
}
