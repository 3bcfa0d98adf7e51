import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkedFetch, call, startTestServer, type TestServer } from '../support/test-server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({});
});
afterAll(() => server.close());

const chat = () => `${server.url}/api/mobile/chat`;

/** Sends raw bytes and returns the raw answer, for what fetch refuses to send. */
function rawRequest(request: string | Buffer): Promise<string> {
  const { port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), '127.0.0.1');
    let answer = '';
    socket.on('data', (chunk) => {
      answer += chunk.toString();
      if (answer.includes('\r\n\r\n')) {
        const length = Number(/content-length: (\d+)/i.exec(answer)?.[1] ?? 0);
        if (answer.length >= answer.indexOf('\r\n\r\n') + 4 + length) socket.destroy();
      }
    });
    socket.on('close', () => resolve(answer));
    socket.on('error', reject);
    socket.write(request);
  });
}

describe('routing', () => {
  it('answers an unknown path with 404 NOT_FOUND in the error envelope', async () => {
    const res = await call(`${server.url}/api/mobile/nothing-here`);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ success: false, error: { code: 'NOT_FOUND', message: expect.any(String) } });
  });

  it('answers a known path with another method with 405 and an Allow header', async () => {
    const res = await call(`${server.url}/api/mobile/status`, { method: 'DELETE' });
    expect(res.status).toBe(405);
    expect(res.body.error.code).toBe('METHOD_NOT_ALLOWED');
    expect(res.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
    const post = await call(`${server.url}/api/mobile/feedback`, { method: 'GET' });
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('POST, OPTIONS');
  });

  it('answers a CORS preflight with 204 and the allowed methods and headers', async () => {
    const res = await checkedFetch(chat(), {
      method: 'OPTIONS',
      headers: { origin: 'https://app.example', 'access-control-request-method': 'POST' },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('access-control-allow-methods')).toBe('GET, HEAD, POST, OPTIONS');
    expect(res.headers.get('access-control-allow-headers')).toMatch(/Content-Type/);
  });

  it('answers HEAD like GET without a body', async () => {
    const get = await checkedFetch(`${server.url}/api/mobile/playlists`);
    const head = await checkedFetch(`${server.url}/api/mobile/playlists`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(get.headers.get('content-length'));
    expect(await head.text()).toBe('');
  });
});

describe('request id', () => {
  it('echoes a sane X-Request-Id and generates one otherwise', async () => {
    const echoed = await call(`${server.url}/healthz`, { headers: { 'x-request-id': 'abc-123' } });
    expect(echoed.headers.get('x-request-id')).toBe('abc-123');
    const generated = await call(`${server.url}/healthz`, { headers: { 'x-request-id': 'bad id\twith spaces' } });
    const another = await call(`${server.url}/healthz`);
    // ours: a per-process prefix and a counter, safe to put in logs and headers, never repeated
    expect(generated.headers.get('x-request-id')).toMatch(/^[A-Za-z0-9_-]{8}-[0-9a-z]+$/);
    expect(another.headers.get('x-request-id')).toMatch(/^[A-Za-z0-9_-]{8}-[0-9a-z]+$/);
    expect(another.headers.get('x-request-id')).not.toBe(generated.headers.get('x-request-id'));
  });
});

describe('request bodies', () => {
  // Distinct texts: the chat refuses one sender repeating a message.
  let sent = 0;
  const valid = () => ({ nickname: 'grace', message: `hello number ${++sent}` });

  it('refuses broken JSON with 400 INVALID_JSON', async () => {
    const res = await call(chat(), { body: '{"nickname": "grace", ' });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('INVALID_JSON');
  });

  it.each([
    ['an array', '[1,2]'],
    ['a string', '"hi"'],
    ['null', 'null'],
    ['an empty body', ''],
  ])('refuses %s as a body with 400 INVALID_JSON', async (_, body) => {
    const res = await checkedFetch(chat(), { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    expect(res.status).toBe(400);
    expect((await res.json()).error.code).toBe('INVALID_JSON');
  });

  it('refuses bytes that are not UTF-8 with 400 INVALID_JSON', async () => {
    const bytes = Buffer.concat([Buffer.from('{"nickname":"grace","message":"'), Buffer.from([0xff, 0xfe]), Buffer.from('"}')]);
    const res = await checkedFetch(chat(), { method: 'POST', headers: { 'content-type': 'application/json' }, body: bytes });
    expect(res.status).toBe(400);
    expect((await res.json()).error.code).toBe('INVALID_JSON');
  });

  it('refuses a form-encoded body with 415, and one without a content type', async () => {
    const form = await checkedFetch(chat(), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'nickname=grace&message=hello',
    });
    expect(form.status).toBe(415);
    expect((await form.json()).error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
    const none = await checkedFetch(chat(), { method: 'POST', body: new Blob([JSON.stringify(valid())]) });
    expect(none.status).toBe(415);
  });

  it('accepts a charset parameter and any letter case in the content type', async () => {
    const res = await call(chat(), { body: valid(), headers: { 'content-type': 'Application/JSON; charset=UTF-8' } });
    expect(res.status).toBe(201);
  });

  it('accepts a body of exactly 16 KiB and refuses 16 KiB + 1 byte with 413', async () => {
    const padTo = (size: number) => {
      const body = valid();
      const base = JSON.stringify({ ...body, padding: '' });
      return JSON.stringify({ ...body, padding: 'x'.repeat(size - base.length) });
    };
    const exact = padTo(16 * 1024);
    expect(Buffer.byteLength(exact)).toBe(16384);
    expect((await call(chat(), { body: exact })).status).toBe(201);
    const over = padTo(16 * 1024 + 1);
    const res = await call(chat(), { body: over });
    expect(res.status).toBe(413);
    expect(res.body.error.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('stops a chunked upload at the limit with 413 even without a Content-Length', async () => {
    const chunk = 'x'.repeat(8192);
    const body = `{"nickname":"grace","message":"${chunk}${chunk}${chunk}"}`;
    const path = new URL(chat()).pathname;
    const hex = Buffer.byteLength(body).toString(16);
    const answer = await rawRequest(`POST ${path} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n${hex}\r\n${body}\r\n0\r\n\r\n`);
    expect(answer).toMatch(/^HTTP\/1\.1 413/);
    expect(answer).toContain('PAYLOAD_TOO_LARGE');
  });

  it('ignores unknown fields and never stores them', async () => {
    const res = await call(chat(), { body: { ...valid(), admin: true, __proto__: { polluted: 1 }, id: 'forged' } });
    expect(res.status).toBe(201);
    expect(Object.keys(res.body.data).sort()).toEqual(['id', 'message', 'nickname', 'timestamp']);
    expect(res.body.data.id).not.toBe('forged');
  });

  it('survives a client that disconnects halfway through a body, and keeps serving', async () => {
    const path = new URL(chat()).pathname;
    const { port } = new URL(server.url);
    await new Promise<void>((resolve) => {
      const socket = connect(Number(port), '127.0.0.1', () => {
        socket.write(`POST ${path} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"nick`);
        socket.destroy();
        resolve();
      });
    });
    expect((await call(`${server.url}/healthz`)).status).toBe(200);
  });
});
