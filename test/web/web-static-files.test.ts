import { readdirSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEB_ROOT } from '../../src/api/web/web-pages.js';
import { call, startTestServer, type TestServer } from '../support/test-server.js';

// The built pages as the server sends them: types, caching, compression, CSP, 404s. Raw HTTP
// (node:http), because fetch would decode the compression we want to see.

interface Raw {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

function get(url: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('the built web pages, served by the uWS app', () => {
  let server: TestServer;
  const asset = readdirSync(join(WEB_ROOT, 'assets')).find((name) => /^index-[\w-]+\.js$/.test(name))!;

  beforeAll(async () => {
    server = await startTestServer({ station: { name: 'Grace & <Truth> "FM"', language: 'es' } });
  });
  afterAll(() => server?.close());

  it('serves the listener page as HTML, not cached, with a strict CSP and the station config written in (escaped)', async () => {
    const page = await get(`${server.url}/`);
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['cache-control']).toBe('no-cache');
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-inline');
    const html = page.body.toString();
    expect(html).toContain('<html lang="es"');
    expect(html).toContain('<title>Grace &#38; &#60;Truth&#62; &#34;FM&#34;</title>');
    expect(html).not.toMatch(/<script>(?!<)/); // no inline script for the CSP to refuse
    expect(html).toContain(`/assets/${asset}`);
  });

  it('lets other sites frame the widget pages only', async () => {
    for (const path of ['/widget/now-playing', '/widget/player']) {
      const page = await get(server.url + path);
      expect(page.status).toBe(200);
      expect(page.headers['content-security-policy']).toContain('frame-ancestors *');
    }
    expect((await get(`${server.url}/console`)).headers['content-security-policy']).toContain("frame-ancestors 'none'");
  });

  it('caches hashed assets for a year and sends the smallest encoding the browser accepts', async () => {
    const plain = await get(`${server.url}/assets/${asset}`);
    expect(plain.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toBe('Accept-Encoding');

    const br = await get(`${server.url}/assets/${asset}`, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.body).equals(plain.body)).toBe(true);
    expect(br.body.length).toBeLessThan(plain.body.length / 2);

    const gzip = await get(`${server.url}/assets/${asset}`, { 'accept-encoding': 'gzip, br;q=0' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).equals(plain.body)).toBe(true);

    const head = await get(`${server.url}/assets/${asset}`, {}, 'HEAD');
    expect(head.status).toBe(200);
    expect(Number(head.headers['content-length'])).toBe(plain.body.length);
    expect(head.body.length).toBe(0);
  });

  it('serves widget.js for one <script> tag on any site, with a short cache', async () => {
    const script = await get(`${server.url}/widget.js`);
    expect(script.status).toBe(200);
    expect(script.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(script.headers['cache-control']).toBe('public, max-age=300');
    expect(script.body.toString()).toContain('radio-now-playing');
  });

  it('answers 404 for unknown files and for paths that try to leave the folder', async () => {
    for (const path of ['/assets/nope.js', '/assets/..%2F..%2Fpackage.json', '/assets/%2e%2e%2fconsole.html', '/../package.json', '/index.html.br', '/nope']) {
      const answer = await call(server.url + path);
      expect(answer.status, path).toBe(404);
      expect(answer.body.error.code, path).toBe('NOT_FOUND');
    }
  });

  it('keeps the pages out of the OpenAPI document (the artwork images under /art/ are API answers, not pages)', async () => {
    const document = (await call(`${server.url}/api/openapi.json`)).body;
    expect(Object.keys(document.paths).filter((path) => !path.startsWith('/api/') && !path.startsWith('/art/') && !path.endsWith('z'))).toEqual([]);
  });
});
