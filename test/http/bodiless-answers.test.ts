import { describe, expect, it } from 'vitest';
import { sseStreams } from '../support/metrics-server.js';
import { installedUwsBuild } from '../support/uws-build.js';
import { converse, headerOf, headerValues, rawRequest, type RawAnswer, rawSuiteServer } from '../support/raw-http.js';

// Issue 17 item 6: answers without a body (HEAD, 304, 204) leave the connection correct on both
// builds. On the 2023 build a HEAD or 304 answer used to leave uWS waiting for a body that never
// came: the next request on the connection got no answer and the connection closed; pipelined,
// the HEAD's own answer was lost; `HEAD` with `Connection: close` was never closed. And every 304
// said `Content-Length: 9223372036854775808`.

const build = installedUwsBuild();

const suite = rawSuiteServer();

const HEALTH = rawRequest('GET', '/healthz');
const statuses = (answers: RawAnswer[]) => answers.map((answer) => answer.status);

/** The ETag of the playlists (a 304 needs it). */
async function playlistsEtag(): Promise<string> {
  const res = await fetch(`${suite.server.url}/api/mobile/playlists`);
  await res.arrayBuffer();
  return res.headers.get('etag')!;
}

describe(`HEAD on uWS ${build.name}@${build.version}`, () => {
  it('then GET on the same connection: both answered', async () => {
    const talk = await converse(suite.port, [rawRequest('HEAD', '/healthz'), HEALTH], { methods: ['HEAD', 'GET'] });
    expect(statuses(talk.answers)).toEqual([200, 200]);
    expect(talk.answers[1]!.body.toString()).toContain('"ok"');
  });

  it('pipelined before a GET: both answered, in order', async () => {
    const talk = await converse(suite.port, rawRequest('HEAD', '/api/mobile/status') + HEALTH, { methods: ['HEAD', 'GET'] });
    expect(statuses(talk.answers)).toEqual([200, 200]);
    expect(talk.rest).toBe('');
  });

  it('with Connection: close: answered with Connection: close, once, and the connection closes', async () => {
    const talk = await converse(suite.port, rawRequest('HEAD', '/healthz', { Connection: 'close' }), { methods: ['HEAD'], awaitClose: true });
    expect(statuses(talk.answers)).toEqual([200]);
    expect(headerValues(talk.answers[0]!, 'Connection')).toEqual(['close']);
    expect(talk.closed).toBe(true);
    expect(talk.rest).toBe('');
  });

  it('asked to close in a list ("keep-alive, close"): the answer says so', async () => {
    const talk = await converse(suite.port, rawRequest('HEAD', '/healthz', { Connection: 'keep-alive, close' }), { methods: ['HEAD'] });
    expect(headerValues(talk.answers[0]!, 'Connection')).toEqual(['close']);
  });

  it('every GET route: the headers GET sends (its Content-Length included), and never a body', async () => {
    const ignored = new Set(['date', 'x-request-id', 'ratelimit']);
    const comparable = (answer: RawAnswer) =>
      answer.headers
        .filter(([name]) => !ignored.has(name.toLowerCase()))
        .map(([name, value]) => `${name.toLowerCase()}: ${value}`)
        .sort();
    // The SSE feed's GET is a stream that never ends (its HEAD has its own test below).
    const routes = suite.server.app.http.routes.filter((route) => route.method === 'GET' && route.path !== '/api/live/events');
    for (const route of routes) {
      const path = route.path.replace(/:[a-z]+/g, 'x');
      // One connection: GET, HEAD, GET; a body on the HEAD would show up as a torn third answer.
      const talk = await converse(suite.port, [rawRequest('GET', path), rawRequest('HEAD', path), rawRequest('GET', path)], { methods: ['GET', 'HEAD', 'GET'] });
      const [get, head, again] = talk.answers;
      expect(head?.status, path).toBe(get!.status);
      expect(comparable(head!), path).toEqual(comparable(get!));
      expect(Number(headerOf(head!, 'Content-Length')), path).toBe(get!.body.length);
      expect(head!.body.length, path).toBe(0);
      expect(again?.status, path).toBe(get!.status);
      expect(talk.rest, path).toBe('');
    }
  });

  it("an unknown path and a refused method: the error answer's headers, no body, the connection kept", async () => {
    const talk = await converse(suite.port, [rawRequest('HEAD', '/no/such/thing'), rawRequest('HEAD', '/api/mobile/feedback'), HEALTH], { methods: ['HEAD', 'HEAD', 'GET'] });
    expect(statuses(talk.answers)).toEqual([404, 405, 200]);
    expect(Number(headerOf(talk.answers[0]!, 'Content-Length'))).toBeGreaterThan(0);
    expect(headerOf(talk.answers[1]!, 'Allow')).toBe('POST, OPTIONS');
  });

  it("the SSE feed: the stream's headers and no body (no stream opened), then the next request", async () => {
    const talk = await converse(suite.port, [rawRequest('HEAD', '/api/live/events'), HEALTH], { methods: ['HEAD', 'GET'] });
    expect(statuses(talk.answers)).toEqual([200, 200]);
    expect(headerOf(talk.answers[0]!, 'Content-Type')).toBe('text/event-stream; charset=utf-8');
    expect(await sseStreams(suite.server)).toBe(0);
    const refused = await converse(suite.port, [rawRequest('HEAD', '/api/live/events?events=bogus'), HEALTH], { methods: ['HEAD', 'GET'] });
    expect(statuses(refused.answers)).toEqual([400, 200]);
    expect(Number(headerOf(refused.answers[0]!, 'Content-Length'))).toBeGreaterThan(0);
    expect(refused.rest).toBe('');
  });
});

describe(`304 Not Modified on uWS ${build.name}@${build.version}`, () => {
  it('carries no Content-Length, and the next request on the connection is answered', async () => {
    const etag = await playlistsEtag();
    const notModified = rawRequest('GET', '/api/mobile/playlists', { 'If-None-Match': etag });
    const talk = await converse(suite.port, [notModified, HEALTH], { methods: ['GET', 'GET'] });
    expect(statuses(talk.answers)).toEqual([304, 200]);
    expect(headerOf(talk.answers[0]!, 'Content-Length')).toBeUndefined();
    expect(headerOf(talk.answers[0]!, 'ETag')).toBe(etag);
    const pipelined = await converse(suite.port, notModified + notModified + HEALTH, { methods: ['GET', 'GET', 'GET'] });
    expect(statuses(pipelined.answers)).toEqual([304, 304, 200]);
  });

  it('with Connection: close: says so, once, and the connection closes', async () => {
    const etag = await playlistsEtag();
    const talk = await converse(suite.port, rawRequest('GET', '/api/mobile/playlists', { 'If-None-Match': etag, Connection: 'close' }), { methods: ['GET'], awaitClose: true });
    expect(statuses(talk.answers)).toEqual([304]);
    expect(headerValues(talk.answers[0]!, 'Connection')).toEqual(['close']);
    expect(talk.closed).toBe(true);
  });
});

describe(`204 (CORS preflight) on uWS ${build.name}@${build.version}`, () => {
  it('carries no Content-Length (RFC 9110 8.6), and the connection is kept', async () => {
    for (const path of ['/api/mobile/chat', '/api/live/events']) {
      const preflight = rawRequest('OPTIONS', path, { Origin: 'https://app.example', 'Access-Control-Request-Method': 'GET' });
      const talk = await converse(suite.port, [preflight, HEALTH], { methods: ['OPTIONS', 'GET'] });
      expect(statuses(talk.answers), path).toEqual([204, 200]);
      expect(headerOf(talk.answers[0]!, 'Content-Length'), path).toBeUndefined();
    }
  });
});
