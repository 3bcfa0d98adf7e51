import { describe, expect, it } from 'vitest';
import type { RouteDefinition } from '../../src/http/route.js';
import { installedUwsBuild } from '../support/uws-build.js';
import { converse, headerOf, rawRequest, rawSuiteServer } from '../support/raw-http.js';

// Issue 17 item 7: pipelined requests on one keep-alive connection are answered, all of them, in
// order, on every route. uWS answers a pipelined request only once the one before it is answered
// (both builds refuse "async pipelining" by closing the connection), so this holds as long as the
// edge answers inside the uWS callback whenever nothing has to be waited for.

const build = installedUwsBuild();

const suite = rawSuiteServer();

/** One request to a route: GET as GET (HEAD too), a body route with an empty JSON object (refused, or served, at once). */
function requestTo(route: RouteDefinition, method: string, id: string): string {
  const path = route.path.replace(/:[a-z]+/g, 'x');
  if (route.body) return rawRequest(method, path, { 'X-Request-Id': id, 'Content-Type': 'application/json', 'Content-Length': '2' }, '{}');
  return rawRequest(method, path, { 'X-Request-Id': id });
}

// A GET of the SSE feed is a stream that never ends: nothing pipelined behind it can be answered
// (by any server); its HEAD is answered like any other.
const STREAM_PATHS = new Set(['/api/live/events']);
const methodsOf = (route: RouteDefinition) => (route.method !== 'GET' ? [route.method] : STREAM_PATHS.has(route.path) ? ['HEAD'] : ['GET', 'HEAD']);

describe(`pipelined requests on uWS ${build.name}@${build.version}`, () => {
  it('every route, depth 1 to 8: every answer comes, in order, and the connection stays open', async () => {
    const routes = suite.server.app.http.routes;
    expect(routes.length).toBeGreaterThan(20);
    for (const route of routes) {
      for (const method of methodsOf(route)) {
        for (let depth = 1; depth <= 8; depth++) {
          const ids = Array.from({ length: depth }, (_, i) => `pipe-${depth}-${i}`);
          const talk = await converse(suite.port, ids.map((id) => requestTo(route, method, id)).join(''), { methods: ids.map(() => method) });
          const where = `${method} ${route.path} x${depth}`;
          expect(
            talk.answers.map((answer) => headerOf(answer, 'X-Request-Id')),
            where,
          ).toEqual(ids);
          expect(talk.closed, where).toBe(false);
        }
      }
    }
  });

  it('every route in one pipeline, mixed: answers in the order asked', async () => {
    const requests = suite.server.app.http.routes.flatMap((route) => methodsOf(route).map((method) => ({ route, method })));
    const ids = requests.map((_, i) => `mixed-${i}`);
    const bytes = requests.map(({ route, method }, i) => requestTo(route, method, ids[i]!)).join('');
    const talk = await converse(suite.port, bytes, { methods: requests.map(({ method }) => method) });
    expect(talk.answers.map((answer) => headerOf(answer, 'X-Request-Id'))).toEqual(ids);
    expect(talk.closed).toBe(false);
  });

  it('16 connections x 4 pipelined budgeted requests: 64 of 64 answered', async () => {
    const paths = ['/api/mobile/status', '/api/mobile/playlists'];
    const talks = await Promise.all(
      Array.from({ length: 16 }, (_, c) => {
        const path = paths[c % paths.length]!;
        return converse(suite.port, Array.from({ length: 4 }, () => rawRequest('GET', path)).join(''), { methods: ['GET', 'GET', 'GET', 'GET'] });
      }),
    );
    const answered = talks.flatMap((talk) => talk.answers).filter((answer) => answer.status === 200);
    expect(answered).toHaveLength(64);
    for (const answer of answered) expect(headerOf(answer, 'RateLimit')).toMatch(/^"hourly";r=\d+;t=\d+$/);
  });
});
