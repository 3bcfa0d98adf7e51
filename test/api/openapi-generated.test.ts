import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import * as ajvFormats from 'ajv-formats';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeStripe } from '../support/fake-stripe.js';
import { checkAnswer, inline } from '../support/openapi-conformance.js';
import { invalid, valid } from '../support/openapi-inputs.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

// Schemathesis-style: for EVERY operation of /api/openapi.json, requests made from the document
// alone, some following it and some breaking it in one place, sent to a real server. Every answer
// must be documented (status, envelope, body, headers: openapi-conformance.ts), none may be a 5xx,
// a request the document allows is not refused as invalid, and one it forbids is refused (4xx).
// The seed is printed; RADIO_HUB_SEED=<seed> replays a run.

type Json = Record<string, any>;
const addFormats = ajvFormats.default.default;
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv, ['date-time', 'date', 'uri', 'ipv4', 'ipv6']);

const ADMIN_KEY = 'admin-key-for-generation-0123456789';
const VALID_RUNS = 30;
const INVALID_RUNS = 30;
const seed = Number(process.env.RADIO_HUB_SEED ?? Date.now() % 2 ** 31);

/**
 * Rules between fields, which a JSON Schema cannot state: a request the document allows may be
 * refused for these (each named in the operation's description), and only with these fields named.
 */
const CROSS_FIELD_RULES: Record<string, string[]> = {
  // from must not be after to; the range covers at most a year
  'GET /api/analytics/revenue.php': ['from'],
  // the same for the reports (at most 400 days), and hours only for at most 7 days
  'GET /api/admin/reports/listeners': ['from', 'by'],
  'GET /api/admin/reports/listeners.csv': ['from'],
  'GET /api/admin/reports/royalties.csv': ['from'],
  // the revenue events: the revenue range rules (at most 366 days), and at most 20,000 events in it
  'GET /api/admin/revenue/events.csv': ['from'],
  // the id in the body is the one in the path; a show ends at another time than it starts, an event after it starts
  'PUT /api/admin/programme/shows/{id}': ['id', 'end'],
  'PUT /api/admin/programme/events/{id}': ['id', 'end'],
  'PUT /api/admin/programme/playlists/{id}': ['id'],
};

let stripe: FakeStripe;
let server: TestServer;
let document: Json;
const counts = { operations: 0, requests: 0, valid: 0, invalid: 0, overHeadLimit: 0, byStatus: new Map<number, number>() };
/**
 * uWS v20.57 answers a request head (request line and headers) over 4 KiB with its own HTML 431
 * before our code runs (docs/limits.md, "Request head size"); a long query the document allows can
 * get there (2,048 characters of emoji, percent-encoded, are 24 KB). Such a head, counted with room
 * for what fetch adds, may take that 431 instead of a documented answer.
 */
const UWS_HEAD_LIMIT = 4096;
const FETCH_OWN_HEADERS = 512;
const perOperation: string[] = [];
/**
 * Values the server handed out, by the name they had (`id`, `value`): a path parameter of that
 * name takes them too, so an operation on an existing message, request or ban is reached, as
 * schemathesis follows links. Operations run in document order: the posts come before the deletes.
 */
const seen = new Map<string, Set<string>>();
function remember(value: unknown): void {
  if (Array.isArray(value)) value.forEach(remember);
  else if (typeof value === 'object' && value !== null) {
    for (const [key, field] of Object.entries(value)) {
      if (typeof field === 'string' && (key === 'id' || key === 'value')) (seen.get(key) ?? seen.set(key, new Set()).get(key)!).add(field);
      else remember(field);
    }
  }
}

beforeAll(async () => {
  stripe = new FakeStripe();
  await stripe.start();
  server = await startTestServer(
    {
      adminApiKey: ADMIN_KEY,
      requests: { delaySeconds: 0, thresholdSeconds: 0 },
      stripeSecretKey: 'sk_test_radiohub123',
      // Every route configured, so no answer is a 503 for want of a setting (the payment webhook's signing secret).
      stripeWebhookSecret: 'whsec_radiohub_generated_requests',
      payments: { stripe: { host: '127.0.0.1', port: stripe.port, protocol: 'http' } },
    },
    {},
  );
  document = (await (await fetch(`${server.url}/api/openapi.json`)).json()) as Json;
});
afterAll(async () => {
  await server?.close();
  await stripe?.close();
  console.log(perOperation.join('\n'));
  console.log(
    `openapi generation (seed ${seed}): ${counts.operations} operations, ${counts.requests} requests (${counts.valid} following the document, ${counts.invalid} breaking it, ${counts.overHeadLimit} over uWS's head limit: its own 431); statuses ${JSON.stringify(Object.fromEntries([...counts.byStatus].sort()))}`,
  );
});

const validators = new Map<string, ValidateFunction>();
function follows(schema: Json, value: unknown): boolean {
  const key = JSON.stringify(schema);
  let validate = validators.get(key);
  if (!validate) validators.set(key, (validate = ajv.compile(schema)));
  return validate(value);
}

interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header';
  required: boolean;
  schema: Json;
  style?: string;
}

interface Request {
  path: Record<string, unknown>;
  query: Record<string, unknown>;
  header: Record<string, unknown>;
  body?: unknown;
}

/** One request's parts: every required parameter, some optional ones, and the body. */
function requests(parameters: Parameter[], body: Json | undefined, breaking: boolean): fc.Arbitrary<Request> {
  const valueOf = (p: Parameter) => {
    const handedOut = p.in === 'path' ? [...(seen.get(p.name) ?? [])] : [];
    return handedOut.length > 0 ? fc.oneof(valid(p.schema), fc.constantFrom(...handedOut)) : valid(p.schema);
  };
  const part = (where: Parameter['in']) =>
    fc.record(Object.fromEntries(parameters.filter((p) => p.in === where).map((p) => [p.name, valueOf(p)])), {
      requiredKeys: parameters.filter((p) => p.in === where && p.required).map((p) => p.name),
    });
  const whole = fc.record({ path: part('path'), query: part('query'), header: part('header'), ...(body ? { body: valid(body) } : {}) }) as fc.Arbitrary<Request>;
  if (!breaking) return whole;
  // One place broken: the body, or one parameter.
  const targets: Array<fc.Arbitrary<Request>> = [];
  if (body) targets.push(fc.tuple(whole, invalid(body)).map(([request, broken]) => ({ ...request, body: broken })));
  for (const parameter of parameters.filter((p) => p.in !== 'header')) {
    targets.push(fc.tuple(whole, invalid(parameter.schema)).map(([request, broken]) => ({ ...request, [parameter.in]: { ...request[parameter.in], [parameter.name]: broken } })));
  }
  return targets.length > 0 ? fc.oneof(...targets) : whole;
}

const text = (value: unknown) => (Array.isArray(value) ? value.join(',') : typeof value === 'string' ? value : JSON.stringify(value));

/** Whether the request follows the document (parameters as a server reads them back). */
function followsDocument(request: Request, parameters: Parameter[], body: Json | undefined): boolean {
  for (const p of parameters) {
    const value = request[p.in][p.name];
    if (value === undefined) {
      if (p.required) return false;
      continue;
    }
    // What arrives is text: a value that is not text, a number or a list of them is sent as JSON text.
    const sent = text(value);
    const read = p.schema.type === 'integer' && /^-?\d+$/.test(sent) ? Number(sent) : p.schema.type === 'array' ? sent.split(',') : sent;
    if (p.in === 'path' && sent === '') return false;
    if (!follows(p.schema, read)) return false;
  }
  return body === undefined || follows(body, request.body);
}

async function send(method: string, template: string, request: Request, admin: boolean): Promise<{ status: number; headers: Headers; body: unknown; overHeadLimit?: true }> {
  const path = template.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(text(request.path[name])));
  const query = new URLSearchParams(Object.entries(request.query).map(([name, value]) => [name, text(value)]));
  const url = `${server.url}${path}${query.size > 0 ? `?${query}` : ''}`;
  const headers: Record<string, string> = Object.fromEntries(Object.entries(request.header).map(([name, value]) => [name, text(value)]));
  if (admin) headers.authorization = `Bearer ${ADMIN_KEY}`;
  if (request.body !== undefined) headers['content-type'] = 'application/json';
  const aborter = new AbortController();
  const response = await fetch(url, { method, headers, body: request.body === undefined ? undefined : JSON.stringify(request.body), signal: aborter.signal });
  const head =
    Buffer.byteLength(`${method} ${url.slice(server.url.length)} HTTP/1.1\r\n`) + Object.entries(headers).reduce((n, [name, value]) => n + Buffer.byteLength(`${name}: ${value}\r\n`), 0);
  if (response.status === 431 && head + FETCH_OWN_HEADERS > UWS_HEAD_LIMIT) {
    await response.arrayBuffer();
    return { status: 431, headers: response.headers, body: undefined, overHeadLimit: true };
  }
  let body: unknown;
  if (response.headers.get('content-type')?.startsWith('text/event-stream'))
    aborter.abort(); // a stream: its head is the answer
  else {
    const raw = await response.text();
    // A CSV report is text; everything else JSON.
    body = raw === '' ? undefined : response.headers.get('content-type')?.startsWith('text/csv') ? raw : JSON.parse(raw);
  }
  await checkAnswer(url, method, response.status, response.headers, body);
  return { status: response.status, headers: response.headers, body };
}

describe('requests generated from the OpenAPI document, for every operation', () => {
  it(
    'answers each as documented: no 5xx, the envelope always, documented statuses and headers; allowed input is not refused as invalid, forbidden input is refused',
    { timeout: 600_000 },
    async () => {
      let run = seed;
      for (const [template, methods] of Object.entries(document.paths as Json)) {
        for (const [method, rawOperation] of Object.entries(methods as Json)) {
          const operation = inline(rawOperation, document) as Json;
          const where = `${method.toUpperCase()} ${template}`;
          const parameters = (operation.parameters ?? []) as Parameter[];
          const body = operation.requestBody?.content?.['application/json']?.schema as Json | undefined;
          const admin = (operation.security ?? []).length > 0;
          counts.operations++;
          const cases = [
            ...fc.sample(requests(parameters, body, false), { numRuns: VALID_RUNS, seed: run++ }),
            ...fc.sample(requests(parameters, body, true), { numRuns: INVALID_RUNS, seed: run++ }),
          ];
          const statuses = new Map<number, number>();
          let allowedCount = 0;
          for (const request of cases) {
            const allowed = followsDocument(request, parameters, body);
            const answer = await send(method.toUpperCase(), template, request, admin).catch((error: unknown) => {
              throw new Error(`${where} ${JSON.stringify(request).slice(0, 400)}: ${(error as Error).message}`);
            });
            counts.requests++;
            if (answer.overHeadLimit) {
              counts.overHeadLimit++; // uWS's own 431 for a head over its limit: no answer of ours to check
              continue;
            }
            counts[allowed ? 'valid' : 'invalid']++;
            counts.byStatus.set(answer.status, (counts.byStatus.get(answer.status) ?? 0) + 1);
            statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
            if (allowed) allowedCount++;
            remember(answer.body);
            const context = `${where} ${allowed ? 'allowed' : 'forbidden'} ${JSON.stringify(request).slice(0, 400)} → ${answer.status} ${JSON.stringify(answer.body)?.slice(0, 400)}`;
            expect(answer.status, context).toBeLessThan(500);
            if (allowed && answer.status === 400) {
              // Only a field whose document pattern is an approximation (the exact rule in its description), or a rule between fields.
              const details = ((answer.body as Json).error.details ?? []) as Array<{ field: string }>;
              for (const { field } of details) {
                const schema = JSON.stringify(body?.properties?.[field] ?? parameters.find((p) => p.name === field)?.schema ?? {});
                const explained = schema.includes('Exact rule') || (CROSS_FIELD_RULES[where] ?? []).includes(field);
                expect(explained, `the document allows what the API refuses: ${context}`).toBe(true);
              }
            }
            if (!allowed) expect(answer.status, `the API takes what the document forbids: ${context}`).toBeGreaterThanOrEqual(400);
          }
          perOperation.push(
            `${where}: ${allowedCount} allowed, ${cases.length - allowedCount} forbidden → ${[...statuses]
              .sort()
              .map(([status, n]) => `${status}×${n}`)
              .join(' ')}`,
          );
        }
      }
      expect(counts.operations).toBe(Object.values(document.paths as Json).reduce((n: number, methods: Json) => n + Object.keys(methods).length, 0));
    },
  );
});
