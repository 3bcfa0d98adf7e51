import spectralCore from '@stoplight/spectral-core';
import { oas } from '@stoplight/spectral-rulesets';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestServer, type TestServer } from '../support/test-server.js';

// The document as outside tools read it: Spectral's `spectral:oas` ruleset (the one most API
// gateways and portals run) must find nothing to say, not even a hint. Redocly's recommended
// ruleset is checked in openapi.test.ts.

const { Spectral } = spectralCore;
const SEVERITY = ['error', 'warning', 'info', 'hint'];

let server: TestServer;
let document: unknown;
beforeAll(async () => {
  server = await startTestServer();
  document = (await call(`${server.url}/api/openapi.json`)).body;
});
afterAll(() => server.close());

async function lint(rules: 'recommended' | 'all'): Promise<string[]> {
  const spectral = new Spectral();
  spectral.setRuleset({ extends: [[oas as never, rules]] });
  const results = await spectral.run(JSON.stringify(document, null, 1));
  return results.map((r) => `${SEVERITY[r.severity]} ${r.code}: ${r.message} at ${r.path.join('.')}`);
}

describe("Spectral's spectral:oas ruleset on /api/openapi.json", () => {
  it('the recommended rules report no error, warning, information or hint', async () => {
    expect(await lint('recommended')).toEqual([]);
  });

  it('all its rules too, but a license and a contact e-mail (a private service: there is neither to name)', async () => {
    const listed = await lint('all');
    expect(listed.filter((line) => !/^warning (info-license|license-url|contact-properties):/.test(line))).toEqual([]);
  });
});
