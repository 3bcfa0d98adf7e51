import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestServer, type TestServer } from './support/test-server.js';

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
