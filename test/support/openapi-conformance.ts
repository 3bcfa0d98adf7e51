import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import * as ajvFormats from 'ajv-formats';

// Every answer a test receives through `call` is checked against the OpenAPI document the server
// under test serves at /api/openapi.json, the way a validating proxy (Prism) would: the status must
// be documented for that path and method (or fall under `default`), the body must match the
// documented schema, every header the document requires must be there and every documented header
// sent must match its schema, and no header of the API may be sent where the document does not
// declare it. A drift fails the test that met it, naming path, status and the broken rule.

const addFormats = ajvFormats.default.default;
const ajv = new Ajv2020({ allErrors: true, strict: false, validateFormats: true });
addFormats(ajv, ['date-time', 'date', 'uri', 'ipv4', 'ipv6']);

type Json = Record<string, any>;

interface Document {
  doc: Json;
  /** Path templates as regular expressions, e.g. /api/admin/chat/messages/{id}. */
  paths: Array<{ template: string; pattern: RegExp }>;
  validators: Map<string, ValidateFunction>;
}

const documents = new Map<string, Promise<Document | null>>();

async function documentOf(origin: string): Promise<Document | null> {
  let found = documents.get(origin);
  if (!found) {
    found = fetch(`${origin}/api/openapi.json`)
      .then(async (res) => (res.ok ? ((await res.json()) as Json) : null))
      .then((doc) => {
        if (!doc?.openapi) return null;
        const paths = Object.keys(doc.paths).map((template) => ({
          template,
          pattern: new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{\w+\\?\}/g, '[^/]+')}$`),
        }));
        return { doc, paths, validators: new Map() };
      })
      .catch(() => null);
    documents.set(origin, found);
  }
  return found;
}

/** The schema with every `#/components/...` reference replaced by what it points at. */
export function inline(schema: unknown, doc: Json): unknown {
  if (Array.isArray(schema)) return schema.map((s) => inline(s, doc));
  if (typeof schema !== 'object' || schema === null) return schema;
  const ref = (schema as Json).$ref;
  if (typeof ref === 'string' && ref.startsWith('#/')) {
    const target = ref
      .slice(2)
      .split('/')
      .reduce((node: Json, key) => node?.[key.replace(/~1/g, '/').replace(/~0/g, '~')], doc);
    return inline(target, doc);
  }
  return Object.fromEntries(Object.entries(schema).map(([k, v]) => [k, inline(v, doc)]));
}

function validatorFor(document: Document, key: string, schema: unknown): ValidateFunction {
  let validate = document.validators.get(key);
  if (!validate) {
    validate = ajv.compile(inline(schema, document.doc) as object);
    document.validators.set(key, validate);
  }
  return validate;
}

/** Headers of the transport, the CORS policy and the edge: not the API's to declare per answer. */
const TRANSPORT_HEADERS = new Set(['content-type', 'content-length', 'date', 'connection', 'keep-alive', 'transfer-encoding', 'vary', 'uwebsockets', 'allow']);

function checkHeaders(document: Document, response: Json, headers: Headers, where: string, drift: (why: string) => never): void {
  const declared = new Map<string, Json>();
  for (const [name, header] of Object.entries((response.headers ?? {}) as Json)) declared.set(name.toLowerCase(), inline(header, document.doc) as Json);
  for (const [name, header] of declared) {
    const value = headers.get(name);
    if (value === null) {
      if (header.required) drift(`header ${name} is required by the document but was not sent`);
      continue;
    }
    const schema = header.schema ?? {};
    const typed = schema.type === 'integer' && /^-?[0-9]+$/.test(value) ? Number(value) : value;
    const validate = validatorFor(document, `header ${JSON.stringify(schema)}`, schema);
    if (!validate(typed)) drift(`header ${name}: ${JSON.stringify(value)} ${ajv.errorsText(validate.errors, { separator: '; ' })}`);
  }
  headers.forEach((_, name) => {
    if (TRANSPORT_HEADERS.has(name) || name.startsWith('access-control-')) return;
    if (!declared.has(name)) drift(`header ${name} is sent but not declared for ${where}`);
  });
}

/**
 * Throws when the answer is not what the document says. Answers to paths the document does not
 * list must be the error envelope with 404 (and 405 for a listed path with another method).
 */
export async function checkAnswer(url: string, method: string, status: number, headers: Headers, body: unknown): Promise<void> {
  const contentType = headers.get('content-type');
  const { origin, pathname } = new URL(url);
  const document = await documentOf(origin);
  if (!document) return; // not a radio hub (a test double)
  const where = `${method} ${pathname} → ${status}`;
  const drift = (why: string): never => {
    throw new Error(`answer drifts from the OpenAPI document: ${where}: ${why}\nbody: ${JSON.stringify(body)?.slice(0, 600)}`);
  };
  const errorSchema = document.doc.components.schemas.Error;
  const path = document.paths.find((p) => p.pattern.test(pathname));
  const operation = path ? document.doc.paths[path.template][method.toLowerCase()] : undefined;
  if (method === 'OPTIONS' || method === 'HEAD') return; // CORS preflights are the edge's, not an operation's
  if (!operation) {
    const expected = path ? 405 : 404;
    if (status !== expected && status !== 429 && status !== 503) drift(`an undocumented ${path ? 'method' : 'path'} must answer ${expected}`);
    if (!validatorFor(document, 'Error', errorSchema)(body)) drift('not the error envelope');
    return;
  }
  const statusKey = operation.responses[String(status)] ? String(status) : 'default';
  const response = operation.responses[statusKey];
  if (!response) drift(`status ${status} is not documented (documented: ${Object.keys(operation.responses).join(', ')})`);
  // `default` stands for the unforeseen (500); every answer a route means to give is listed.
  if (statusKey === 'default' && status !== 500) drift(`status ${status} falls under \`default\`: document it explicitly`);
  checkHeaders(document, response, headers, where, drift);
  const media = response.content?.['application/json'];
  if (!media) {
    // Not JSON: text such as CSV, or the bytes of an image; the type must be one the document names.
    const declared = Object.keys((response.content ?? {}) as Json);
    if (declared.length > 0) {
      const type = contentType?.split(';', 1)[0]!.trim();
      if (!declared.some((documented) => type === documented)) drift(`content type ${contentType}, documented ${declared.join(', ')}`);
      if (type?.startsWith('text/') && body !== undefined && typeof body !== 'string') drift(`not ${type} text`);
      return;
    }
    if (body !== undefined) drift('a body where the document says none');
    return;
  }
  if (contentType && !contentType.startsWith('application/json')) drift(`content type ${contentType}, documented application/json`);
  const validate = validatorFor(document, `${method} ${path!.template} ${statusKey}`, media.schema);
  if (!validate(body)) drift(ajv.errorsText(validate.errors, { separator: '; ' }));
}
