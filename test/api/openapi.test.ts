import { createConfig, lintFromString } from '@redocly/openapi-core';
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkAnswer } from '../support/openapi-conformance.js';
import { call, startTestServer, type TestServer } from '../support/test-server.js';

let server: TestServer;
let document: any;
beforeAll(async () => {
  server = await startTestServer();
  const res = await call(`${server.url}/api/openapi.json`);
  expect(res.status).toBe(200);
  document = res.body;
});
afterAll(() => server.close());

describe('GET /api/openapi.json', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const result = await new Validator().validate(structuredClone(document));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(document.openapi).toBe('3.1.0');
  });

  it("passes Redocly's recommended ruleset without an error or a warning", async () => {
    const config = await createConfig({
      extends: ['recommended'],
      rules: {
        // A feed or health check without input has no 4xx answer: documenting one would be the lie.
        'operation-4xx-response': 'off',
        // A private service: there is no license to name.
        'info-license': 'off',
      },
    });
    const problems = await lintFromString({ source: JSON.stringify(document), absoluteRef: 'openapi.json', config });
    const listed = problems.map((p) => `${p.severity} ${p.ruleId}: ${p.message} at ${p.location[0]?.pointer ?? ''}`);
    expect(listed).toEqual([]);
  });

  it('documents every success and error status a route answers, and public operations as public', () => {
    const post = (path: string) => document.paths[path].post.responses;
    expect(Object.keys(post('/api/mobile/requests'))).toEqual(expect.arrayContaining(['200', '201', '409', '429']));
    expect(post('/api/mobile/requests')['200'].content['application/json'].schema).toEqual(post('/api/mobile/requests')['201'].content['application/json'].schema);
    expect(Object.keys(post('/api/song-request.php'))).toEqual(expect.arrayContaining(['200', '201', '409', '429']));
    expect(post('/api/mobile/chat')['422'].description).toMatch(/^CONTENT_REJECTED/);
    expect(Object.keys(post('/api/analytics/revenue.php'))).toEqual(expect.arrayContaining(['200', '201', '401', '409']));
    expect(document.paths['/api/mobile/status'].get.security).toEqual([]);
    // the document itself is served bare, and documented so
    const self = document.paths['/api/openapi.json'].get.responses['200'].content['application/json'].schema;
    expect(self.required).toEqual(['openapi', 'info', 'paths']);
    expect(document['x-asyncapi']).toBe('/api/asyncapi.json');
  });

  it("the suite's answer check catches a drift of status, body or header", async () => {
    const status = `${server.url}/api/mobile/status`;
    const real = await call(status);
    const json = new Headers({ 'content-type': 'application/json' });
    await expect(checkAnswer(status, 'GET', 200, real.headers, { success: true, data: { online: 'yes' } })).rejects.toThrow(/drifts.*GET \/api\/mobile\/status → 200/);
    await expect(checkAnswer(status, 'GET', 409, real.headers, { success: false, error: { code: 'X', message: 'y' } })).rejects.toThrow(/status 409 falls under `default`/);
    await expect(checkAnswer(`${server.url}/api/mobile/chat`, 'POST', 200, json, { success: true, data: {} })).rejects.toThrow(/status 200 is not documented|falls under/);
    await expect(checkAnswer(`${server.url}/nowhere`, 'GET', 200, json, {})).rejects.toThrow(/undocumented path must answer 404/);
    await expect(checkAnswer(status, 'GET', real.status, real.headers, real.body)).resolves.toBeUndefined();
    // headers: a required one missing, one malformed, one the document does not declare there
    const changed = (name: string, value: string | null) => {
      const headers = new Headers(real.headers);
      if (value === null) headers.delete(name);
      else headers.set(name, value);
      return headers;
    };
    const without = (name: string) => changed(name, null);
    await expect(checkAnswer(status, 'GET', real.status, without('RateLimit'), real.body)).rejects.toThrow(/header ratelimit is required/i);
    await expect(checkAnswer(status, 'GET', real.status, without('X-Request-Id'), real.body)).rejects.toThrow(/header x-request-id is required/i);
    await expect(checkAnswer(status, 'GET', real.status, without('ETag'), real.body)).rejects.toThrow(/header etag is required/i);
    await expect(checkAnswer(status, 'GET', real.status, changed('ETag', 'not-quoted'), real.body)).rejects.toThrow(/header etag/i);
    await expect(checkAnswer(status, 'GET', real.status, changed('Retry-After', '5'), real.body)).rejects.toThrow(/header retry-after is sent but not declared/i);
  });

  it('lists every route of the table, with its method', () => {
    const routes = server.app.http.routes;
    expect(routes.length).toBeGreaterThan(15);
    for (const route of routes) {
      if (route.undocumented) continue; // static files of the web pages
      const path = route.path.replace(/:(\w+)/g, '{$1}');
      expect(document.paths[path]?.[route.method.toLowerCase()], `${route.method} ${route.path}`).toBeDefined();
    }
  });

  it('covers every mobile and general endpoint of the spec', () => {
    const spec = [
      ['get', '/api/mobile/status'],
      ['get', '/api/mobile/stats'],
      ['get', '/api/mobile/chat'],
      ['post', '/api/mobile/chat'],
      ['get', '/api/mobile/requests'],
      ['post', '/api/mobile/requests'],
      ['get', '/api/mobile/nowplaying'],
      ['get', '/api/mobile/schedule'],
      ['get', '/api/mobile/playlists'],
      ['post', '/api/mobile/feedback'],
      ['get', '/api/current-song.php'],
      ['get', '/api/stream-stats.php'],
      ['get', '/api/now-playing.php'],
      ['post', '/api/song-request.php'],
      ['post', '/api/subscription/provider/create.php'],
      ['post', '/api/analytics/revenue.php'],
    ];
    for (const [method, path] of spec) expect(document.paths[path!]?.[method!], `${method} ${path}`).toBeDefined();
  });

  it('describes bodies and queries with the schemas the routes validate with', () => {
    const chatPost = document.paths['/api/mobile/chat'].post;
    const body = chatPost.requestBody.content['application/json'].schema;
    expect(body.required).toEqual(['nickname', 'message']);
    expect(body.properties.nickname).toMatchObject({ minLength: 2, maxLength: 20 });
    expect(body.properties.message).toMatchObject({ minLength: 1, maxLength: 500 });
    expect(Object.keys(chatPost.responses)).toEqual(expect.arrayContaining(['201', '400', '413', '415', '429']));
    const limit = document.paths['/api/mobile/chat'].get.parameters.find((p: { name: string }) => p.name === 'limit');
    expect(limit).toMatchObject({ in: 'query', required: false, schema: { type: 'integer', minimum: 1, maximum: 50 } });
    expect(document.paths['/api/analytics/revenue.php'].post.security).toEqual([{ adminKey: [] }]);
    expect(document.paths['/api/mobile/status'].get.responses['200'].content['application/json'].schema.properties.api_version).toEqual({ const: '1.0.0', type: 'string' });
  });
});
