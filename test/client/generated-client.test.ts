import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { runExampleApp } from './example-app.js';

// A TypeScript client generated from /api/openapi.json (openapi-typescript types, openapi-fetch
// calls) type-checks a small app (example-app.ts) and that app works against a real server. The
// generated types are committed; this test regenerates them from the served document and fails
// when they differ (RADIO_HUB_UPDATE_CLIENT=1 writes them anew).

const ADMIN_KEY = 'admin-key-for-the-example-app-0123';
const GENERATED = fileURLToPath(new URL('./generated/radio-hub-api.d.ts', import.meta.url));
const APP = fileURLToPath(new URL('./example-app.ts', import.meta.url));

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ adminApiKey: ADMIN_KEY, requests: { delaySeconds: 0, thresholdSeconds: 0 } });
});
afterAll(() => server.close());

/** Type-checks `files` (with `extra` in memory) under the project's compiler options; the diagnostics as text. */
function typeCheck(files: string[], extra: Record<string, string> = {}): string[] {
  const config = ts.getParsedCommandLineOfConfigFile(
    fileURLToPath(new URL('../../tsconfig.json', import.meta.url)),
    {},
    { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => undefined },
  )!;
  const host = ts.createCompilerHost(config.options);
  const read = host.readFile.bind(host);
  host.readFile = (name) => extra[name] ?? read(name);
  const exists = host.fileExists.bind(host);
  host.fileExists = (name) => name in extra || exists(name);
  const program = ts.createProgram([...files, ...Object.keys(extra)], config.options, host);
  return ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
}

describe('a TypeScript client generated from the OpenAPI document', () => {
  it('is the committed one: openapi-typescript gives the same types from the served document', { timeout: 60_000 }, async () => {
    const document = (await (await fetch(`${server.url}/api/openapi.json`)).json()) as Parameters<typeof openapiTS>[0];
    const generated = astToString(await openapiTS(document));
    if (process.env.RADIO_HUB_UPDATE_CLIENT === '1') writeFileSync(GENERATED, generated);
    expect(generated === readFileSync(GENERATED, 'utf8'), 'test/client/generated/radio-hub-api.d.ts is out of date: RADIO_HUB_UPDATE_CLIENT=1 npx vitest run test/client').toBe(true);
  });

  it('type-checks the example app, and refuses calls the document does not allow', { timeout: 60_000 }, () => {
    expect(typeCheck([APP])).toEqual([]);
    const misuse = APP.replace(/example-app\.ts$/, 'misuse.ts');
    const problems = typeCheck([APP], {
      [misuse]: `import createClient from 'openapi-fetch';
import type { paths } from './generated/radio-hub-api.js';
const api = createClient<paths>({ baseUrl: 'http://x' });
export const a = api.GET('/api/mobile/nowhere');
export const b = api.POST('/api/mobile/chat', { body: { nickname: 42, message: 'hi' } });
export const c = api.DELETE('/api/admin/chat/bans/{kind}/{value}', { params: { path: { kind: 'email', value: 'x' } } });
export const d = api.POST('/api/analytics/revenue.php', { body: { type: 'donation', amount: 5, currency: 'AAA' } });
export const e = api.GET('/api/mobile/status').then((r) => r.data?.data.no_such_field);
`,
    });
    // One error per wrong call: an unknown path, a number for a nickname, an unknown ban kind, a made-up currency, a field no answer has.
    expect(problems, problems.join('\n')).toEqual([
      // TypeScript names the unknown path, or (since a GET route has a required path parameter: /art/{key}) the missing options it would then need.
      expect.stringMatching(/"\/api\/mobile\/nowhere"|Expected 2 arguments, but got 1/),
      expect.stringContaining("Type 'number' is not assignable to type 'string'"),
      expect.stringContaining(`Type '"email"' is not assignable to type '"nickname" | "ip" | "sender"'`),
      expect.stringContaining(`Type '"AAA"' is not assignable`),
      expect.stringContaining("Property 'no_such_field' does not exist"),
    ]);
  });

  it('works against a running station', async () => {
    const run = await runExampleApp(server.url, ADMIN_KEY);
    expect(run).toMatchObject({ apiVersion: '1.0.0', notModified: true, refusedWith: 'VALIDATION_FAILED', requestStatus: 201, banLifted: true });
    expect(run.budgetLeft).toMatch(/^"hourly";r=\d+;t=\d+$/);
    expect(run.chatCount).toBeGreaterThanOrEqual(1);
    expect(run.sseEvents).toEqual(['chat:message', 'nowplaying', 'listeners']);
  });
});
