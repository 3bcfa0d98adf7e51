import { describe, expect, it } from 'vitest';
import { installedUwsBuild } from '../support/uws-build.js';
import { converse, headerValues, rawRequest, type RawAnswer, rawSuiteServer } from '../support/raw-http.js';

// Issue 17 item 8: unknown methods, odd Transfer-Encoding and request heads over uWS's limit, tried
// over raw TCP on each build. What our code answers is asserted where it runs; what uWS does
// before any JavaScript runs is asserted per build too (docs/limits.md, "HTTP edge").

const build = installedUwsBuild();
const current = build.name === 'current';

const suite = rawSuiteServer();

const HEALTH = rawRequest('GET', '/healthz');
const errorOf = (answer: RawAnswer) => (JSON.parse(answer.body.toString()) as { error: { code: string; details?: Array<{ field: string }> } }).error;

describe(`unknown methods on uWS ${build.name}@${build.version}`, () => {
  const methods = ['QUERY', 'PROPFIND', 'PURGE', 'BREW'];

  if (current) {
    it('a known path: 405 METHOD_NOT_ALLOWED with Allow, in our envelope; the connection is kept', async () => {
      for (const method of methods) {
        const talk = await converse(suite.port, [rawRequest(method, '/api/mobile/status'), HEALTH], { methods: [method, 'GET'] });
        expect(
          talk.answers.map((a) => a.status),
          method,
        ).toEqual([405, 200]);
        expect(headerValues(talk.answers[0]!, 'Allow'), method).toEqual(['GET, HEAD, OPTIONS']);
        expect(errorOf(talk.answers[0]!).code, method).toBe('METHOD_NOT_ALLOWED');
      }
    });

    it('an unknown path: 404 NOT_FOUND (the path is what is unknown, whatever the method)', async () => {
      for (const method of methods) {
        const talk = await converse(suite.port, rawRequest(method, '/no/such/thing'), { methods: [method] });
        expect(
          talk.answers.map((a) => a.status),
          method,
        ).toEqual([404]);
        expect(errorOf(talk.answers[0]!).code, method).toBe('NOT_FOUND');
      }
    });

    it('the SSE feed: 405 naming GET, HEAD, OPTIONS', async () => {
      const talk = await converse(suite.port, rawRequest('PURGE', '/api/live/events'), { methods: ['PURGE'] });
      expect(talk.answers.map((a) => a.status)).toEqual([405]);
      expect(headerValues(talk.answers[0]!, 'Allow')).toEqual(['GET, HEAD, OPTIONS']);
    });
  } else {
    // The 2023 build routes only the methods it knows: for any other one it closes the connection
    // in C++ before a callback runs, so nothing of ours can answer.
    it('any path: the connection is closed without an answer (uWS, before JavaScript), and the server keeps serving', async () => {
      for (const method of methods) {
        for (const path of ['/api/mobile/status', '/no/such/thing', '/api/live/events']) {
          const talk = await converse(suite.port, rawRequest(method, path), { methods: [method], awaitClose: true });
          expect(talk.answers, `${method} ${path}`).toEqual([]);
          expect(talk.closed, `${method} ${path}`).toBe(true);
        }
      }
      expect((await converse(suite.port, HEALTH, { methods: ['GET'] })).answers[0]!.status).toBe(200);
    });
  }
});

describe(`odd Transfer-Encoding on uWS ${build.name}@${build.version}`, () => {
  const body = '{"nickname":"grace","message":"smuggled?"}';
  const chunked = `${body.length.toString(16)}\r\n${body}\r\n0\r\n\r\n`;
  const post = (codings: string[], payload: string) =>
    `POST /api/mobile/chat HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n${codings.map((c) => `Transfer-Encoding: ${c}\r\n`).join('')}\r\n${payload}`;
  const odd: Array<[string, string[]]> = [
    ['xchunked', ['xchunked']],
    ['chunked, identity', ['chunked, identity']],
    ['gzip', ['gzip']],
    ['two headers: chunked and identity', ['chunked', 'identity']],
    ['two headers: chunked twice', ['chunked', 'chunked']],
  ];

  for (const [name, codings] of odd) {
    it(`${name}: 400 naming Transfer-Encoding, with Connection: close, and the connection closes`, async () => {
      const talk = await converse(suite.port, post(codings, chunked), { methods: ['POST'], awaitClose: true });
      expect(talk.answers.map((a) => a.status)).toEqual([400]);
      expect(errorOf(talk.answers[0]!).details?.[0]?.field).toBe('Transfer-Encoding');
      expect(headerValues(talk.answers[0]!, 'Connection')).toEqual(['close']);
      expect(talk.closed).toBe(true);
    });
  }

  it('on a route without a body too (GET): 400 and close', async () => {
    const talk = await converse(suite.port, `GET /healthz HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: xchunked\r\n\r\n${chunked}`, { methods: ['GET'], awaitClose: true });
    expect(talk.answers.map((a) => a.status)).toEqual([400]);
    expect(talk.closed).toBe(true);
  });

  it('a request hidden in the body of one is never answered, and the connection closes', async () => {
    // uWS reads the body as chunked whatever the header says; the hidden request is no chunk, so
    // its parser drops the connection (on the 2023 build before our 400 leaves).
    const talk = await converse(suite.port, post(['xchunked'], HEALTH), { methods: ['POST', 'GET'], awaitClose: true });
    expect(talk.answers.map((a) => a.status)).not.toContain(200);
    expect(talk.answers.length).toBeLessThanOrEqual(1);
    expect(talk.closed).toBe(true);
  });

  it('a request pipelined behind one is never served: the connection closes', async () => {
    const talk = await converse(suite.port, post(['xchunked'], chunked) + HEALTH, { methods: ['POST', 'GET'], awaitClose: true });
    expect(talk.answers.map((a) => a.status)).not.toContain(200);
    expect(talk.closed).toBe(true);
  });

  it('one `chunked` (any letter case) is read as usual', async () => {
    for (const [i, coding] of ['chunked', 'Chunked'].entries()) {
      const distinct = `${body.slice(0, -2)} number ${i + 1}"}`;
      const payload = `${distinct.length.toString(16)}\r\n${distinct}\r\n0\r\n\r\n`;
      const talk = await converse(suite.port, [post([coding], payload), HEALTH], { methods: ['POST', 'GET'] });
      expect(
        talk.answers.map((a) => a.status),
        coding,
      ).toEqual([201, 200]);
    }
  });
});

describe(`request heads over uWS's limit on uWS ${build.name}@${build.version}`, () => {
  const withCookie = (bytes: number) => rawRequest('GET', '/healthz', { Cookie: `session=${'x'.repeat(bytes)}` });

  it('a head of about 3 KB is served', async () => {
    expect((await converse(suite.port, withCookie(3000), { methods: ['GET'] })).answers.map((a) => a.status)).toEqual([200]);
  });

  if (current) {
    it('over 4 KiB: uWS answers 431 itself (its own HTML, not our envelope) and closes', async () => {
      const talk = await converse(suite.port, withCookie(4200), { methods: ['GET'], awaitClose: true });
      expect(talk.answers.map((a) => a.status)).toEqual([431]);
      expect(talk.answers[0]!.body.toString()).not.toContain('"success"');
      expect(talk.closed).toBe(true);
    });
  } else {
    it('over 4 KiB in one read: the 2023 build serves it (its 4 KiB limit binds only a head split across reads)', async () => {
      expect((await converse(suite.port, withCookie(16_000), { methods: ['GET'] })).answers.map((a) => a.status)).toEqual([200]);
    });
  }
});
