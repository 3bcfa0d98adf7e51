import { Agent, request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installedUwsBuild } from '../support/uws-build.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

// Finding 8 of issue 10, tried with raw TCP: every request gets an HTTP answer. What our code can
// fix is tested on every build; what the 2023 uWS build (v20.30, Node 20) drops inside its C++
// parser, before any callback reaches JavaScript, is asserted too but skipped on that build with
// the reason printed (the current build, v20.57 on Node 24, answers these itself).

const build = installedUwsBuild();
const PARSER_REASON = `uWS ${build.name}@${build.version} drops these requests in its C++ parser (no callback reaches JS, no answer until the idle close); fixed by the move to uWS v20.57 on Node 24`;
if (build.legacy) process.stdout.write(`\n[radio-hub tests] abuse-http-edge: parser-level cases SKIPPED: ${PARSER_REASON}\n`);

let server: TestServer;
let port: number;
beforeAll(async () => {
  server = await startTestServer({ rateLimit: { mobile: { limit: 3, windowSeconds: 3600 } } });
  port = Number(new URL(server.url).port);
});
afterAll(() => server.close());

interface RawAnswer {
  /** Everything the server sent before it closed the connection or the wait ended. */
  text: string;
  status: number | null;
  closed: boolean;
}

/**
 * Sends raw bytes and collects the answer until the server closes the connection, or until
 * `waitMs` passes with the connection still open (then `closed` is false: no answer is the finding).
 */
function rawTo(toPort: number, bytes: string, waitMs = 2000): Promise<RawAnswer> {
  return new Promise((resolve) => {
    const socket = connect(toPort, '127.0.0.1');
    let text = '';
    const done = (closed: boolean) => {
      clearTimeout(timer);
      socket.destroy();
      resolve({ text, closed, status: /^HTTP\/1\.[01] (\d{3})/.test(text) ? Number(/^HTTP\/1\.[01] (\d{3})/.exec(text)![1]) : null });
    };
    const timer = setTimeout(() => done(false), waitMs);
    socket.on('data', (chunk) => (text += chunk.toString('latin1')));
    socket.on('close', () => done(true));
    socket.on('error', () => undefined);
    socket.write(bytes);
  });
}

const raw = (bytes: string) => rawTo(port, bytes);

const headerLines = (count: number) => Array.from({ length: count }, (_, i) => `X-Filler-${i}: ${i}\r\n`).join('');
const headerCount = (text: string, name: string) =>
  text
    .split('\r\n\r\n')[0]!
    .split('\r\n')
    .filter((line) => line.toLowerCase().startsWith(`${name.toLowerCase()}:`)).length;

describe('HTTP edge: what our code answers', () => {
  it('a Connection: close request gets Connection: close in the answer, once, and the connection closes', async () => {
    const answer = await raw('GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    expect(answer.status).toBe(200);
    expect(answer.closed).toBe(true);
    expect(headerCount(answer.text, 'Connection')).toBe(1);
    expect(answer.text).toMatch(/\r\nConnection: close\r\n/i);
  });

  it('a keep-alive client that asks to close each connection gets every answer (none fails on a reused dead socket)', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      for (let i = 0; i < 6; i++) {
        const status = await new Promise<number>((resolve, reject) => {
          const req = httpRequest({ host: '127.0.0.1', port, path: '/healthz', agent, headers: { connection: 'close' } }, (res) => {
            res.resume();
            res.on('end', () => resolve(res.statusCode ?? 0));
          });
          req.on('error', reject);
          req.end();
        });
        expect(status, `request ${i + 1}`).toBe(200);
      }
    } finally {
      agent.destroy();
    }
  });

  it('two different Content-Length headers: 400 naming Content-Length, and the connection closes', async () => {
    const body = '{"nickname":"grace","message":"hi"}';
    const answer = await raw(`POST /api/mobile/chat HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nContent-Length: 5\r\n\r\n${body}`);
    expect(answer.status).toBe(400);
    expect(answer.closed).toBe(true);
    const json = JSON.parse(answer.text.slice(answer.text.indexOf('\r\n\r\n') + 4)) as { error: { code: string; details: Array<{ field: string }> } };
    expect(json.error.code).toBe('VALIDATION_FAILED');
    expect(json.error.details[0]!.field).toBe('Content-Length');
  });

  it('OPTIONS to an unknown mobile path does not use the budget', async () => {
    // a server of its own, so the budget of 3 is untouched by the other tests
    const own = await startTestServer({ rateLimit: { mobile: { limit: 3, windowSeconds: 3600 } } });
    const ownPort = Number(new URL(own.url).port);
    const raw = (bytes: string) => rawTo(ownPort, bytes);
    try {
      for (let i = 0; i < 5; i++) {
        const answer = await raw('OPTIONS /api/mobile/no-such-thing HTTP/1.1\r\nHost: x\r\nOrigin: https://app.example\r\nConnection: close\r\n\r\n');
        expect(answer.status).toBe(404);
        expect(answer.text).not.toMatch(/\r\nRateLimit:/i);
      }
      // the budget of 3 is whole: three counted requests pass, the fourth is limited
      const statuses = [];
      for (let i = 0; i < 4; i++) statuses.push((await raw('GET /api/mobile/no-such-thing HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n')).status);
      expect(statuses).toEqual([404, 404, 404, 429]);
    } finally {
      await own.close();
    }
  });
});

const parserTitle = `HTTP edge: what the uWS parser must answer itself${build.legacy ? ` (SKIPPED: ${PARSER_REASON})` : ''}`;
describe.skipIf(build.legacy)(parserTitle, () => {
  it('HTTP/1.0 is served or refused with a status, never left unanswered', async () => {
    for (const request of ['GET /healthz HTTP/1.0\r\n\r\n', 'GET /healthz HTTP/1.0\r\nHost: x\r\n\r\n']) {
      const answer = await raw(request);
      expect(answer.status, JSON.stringify(request)).not.toBeNull();
    }
  });

  it('many headers are served; more than uWS holds (100 and up): 431', async () => {
    // The 2023 build dropped 49 headers without a word; the current one serves them.
    expect((await raw(`GET /healthz HTTP/1.1\r\nHost: x\r\n${headerLines(49)}\r\n`)).status).toBe(200);
    for (const count of [100, 200]) expect((await raw(`GET /healthz HTTP/1.1\r\nHost: x\r\n${headerLines(count)}\r\n`)).status, `${count} headers`).toBe(431);
  });

  it('a malformed header line: 400', async () => {
    // A request line without an HTTP version ("GARBAGE", "GET") still gets no answer from uWS
    // v20.57 until its idle timeout closes the connection (docs/limits.md, "HTTP edge"): nothing of ours runs.
    expect((await raw('GET /healthz HTTP/1.1\r\nHost: x\r\nNo colon here\r\n\r\n')).status).toBe(400);
  });

  it('Content-Length lists and Content-Length with Transfer-Encoding: 400', async () => {
    const head = 'POST /api/mobile/chat HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n';
    expect((await raw(`${head}Content-Length: 5, 6\r\n\r\n{"a":1}`)).status).toBe(400);
    expect((await raw(`${head}Content-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n`)).status).toBe(400);
  });
});
