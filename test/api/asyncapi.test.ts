import { Parser } from '@asyncapi/parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkLiveMessage } from '../support/asyncapi-conformance.js';

/** Spectral's DiagnosticSeverity.Error is 0 (the enum is not exported by the parser). */
const isError = (severity: unknown) => severity === 0;
import { call, startTestServer, type TestServer } from '../support/test-server.js';

let server: TestServer;
let document: any;
let parsed: Awaited<ReturnType<Parser['parse']>>;
beforeAll(async () => {
  server = await startTestServer();
  const res = await call(`${server.url}/api/asyncapi.json`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  document = res.body;
  parsed = await new Parser().parse(structuredClone(document));
});
afterAll(() => server.close());

describe('GET /api/asyncapi.json', () => {
  it('is accepted by the official AsyncAPI parser as AsyncAPI 3, without an error or a warning', () => {
    // (3.0.0 is what the parser's own spec package validates; "a newer version exists" is the one hint left)
    const problems = parsed.diagnostics.map((d) => `${isError(d.severity) ? 'error' : 'warning'} ${d.code}: ${d.message} at ${d.path.join('.')}`);
    expect(problems.filter((p) => !p.startsWith('warning asyncapi-latest-version'))).toEqual([]);
    expect(parsed.document?.version()).toBe('3.0.0');
  });

  it('the parser would catch a broken document (a message referring to a schema that is not there)', async () => {
    const broken = structuredClone(document);
    delete broken.components.schemas.nowPlaying;
    const result = await new Parser().parse(broken);
    expect(result.document).toBeUndefined();
    expect(result.diagnostics.some((d) => isError(d.severity))).toBe(true);
  });

  it('describes every live event, the acknowledged socket requests, the SSE feed and every webhook', () => {
    const doc = parsed.document!;
    const names = (channel: string) =>
      doc
        .channels()
        .get(channel)!
        .messages()
        .all()
        .map((m) => m.name());
    expect(names('live')).toEqual(expect.arrayContaining(['nowplaying', 'listeners', 'status', 'request:new', 'chat:message', 'chat:deleted', 'chat:send', 'chat:history']));
    expect(doc.channels().get('sse')!.address()).toBe('/api/live/events');
    expect(names('sse')).toEqual(expect.arrayContaining(['nowplaying', 'listeners', 'status', 'request:new', 'chat:message', 'chat:deleted']));
    expect(names('webhooks').sort()).toEqual(['request.played', 'request.queued', 'song.changed', 'station.offline', 'station.online']);
    const chatSend = doc.operations().get('receiveChatSend')!;
    expect(
      chatSend
        .reply()
        ?.messages()
        .all()
        .map((m) => m.name()),
    ).toEqual(['chat:send ack']);
  });

  it("the live client's check catches a payload or an event that drifts from it", async () => {
    await expect(checkLiveMessage(server.url, 'listeners', { current: 'many' })).rejects.toThrow(/listeners: .*current/);
    await expect(checkLiveMessage(server.url, 'chat:send ack', { success: true })).rejects.toThrow(/chat:send ack/);
    await expect(checkLiveMessage(server.url, 'song:skipped', {})).rejects.toThrow(/not documented/);
    await expect(checkLiveMessage(server.url, 'listeners', { current: 3, peak_today: 9 })).resolves.toBeUndefined();
  });

  it('uses the schemas the code validates with: chat:send is the REST chat body', async () => {
    const openapi = (await call(`${server.url}/api/openapi.json`)).body;
    const restBody = openapi.paths['/api/mobile/chat'].post.requestBody.content['application/json'].schema;
    expect(document.components.schemas.chatSend).toEqual(restBody);
    expect(document.servers.socketio.host).toBe(new URL(server.url).host);
    expect(openapi['x-asyncapi']).toBe('/api/asyncapi.json');
  });
});
