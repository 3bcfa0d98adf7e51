import { Ajv, type ErrorObject } from 'ajv';
import * as ajvFormats from 'ajv-formats';
import type { TSchema, Static } from '@sinclair/typebox';
import { AppError, type FieldProblem } from '../errors.js';

// ajv-formats is CommonJS with `exports.default`; under NodeNext the plugin sits on `.default`.
const addFormats = ajvFormats.default.default;

export type ValidationResult<T> = { ok: true; value: T } | { ok: false; problems: FieldProblem[] };
export type Validator<T> = (input: unknown) => ValidationResult<T>;

function createAjv(): Ajv {
  // allErrors: a client fixing a form wants every broken rule at once, not one per round trip.
  // verbose: gives the failing sub-schema, so an `x-pattern-message` can replace a raw regex in the answer.
  // strictNumbers: Infinity and NaN are never numbers (JSON.parse turns 1e400 into Infinity).
  // No coerceTypes: Ajv would read "Infinity", "0x10", "1e1", " 5" and "+5" as numbers; query text is
  // converted by our own strict pre-pass below instead.
  const ajv = new Ajv({ allErrors: true, verbose: true, strict: true, strictNumbers: true, useDefaults: false });
  addFormats(ajv, ['date-time', 'date', 'uri', 'ipv4', 'ipv6']);
  ajv.addKeyword({ keyword: 'x-pattern-message', schemaType: 'string' });
  // `{ enum: '…', anyOf: '…', format: '…' }`: the message for a broken rule of this schema, by keyword.
  ajv.addKeyword({ keyword: 'x-messages', schemaType: 'object' });
  return ajv;
}

const ajv = createAjv();

/** The only text read as an integer: plain decimal digits, no sign, no leading zero, no exponent. */
const DECIMAL_INTEGER = /^(?:0|[1-9][0-9]{0,14})$/;
const INTEGER_MESSAGE = 'must be a whole number written in plain decimal digits, within its range';

function fieldOf(error: ErrorObject): string {
  const path = error.instancePath.replace(/^\//, '').replace(/\//g, '.');
  if (error.keyword === 'required') {
    const missing = (error.params as { missingProperty: string }).missingProperty;
    return path ? `${path}.${missing}` : missing;
  }
  if (error.keyword === 'additionalProperties') {
    const extra = (error.params as { additionalProperty: string }).additionalProperty;
    return path ? `${path}.${extra}` : extra;
  }
  return path || '(root)';
}

interface Messages {
  'x-pattern-message'?: string;
  'x-messages'?: Record<string, string>;
}

/** The message a schema gives for this broken rule of its own, if any. */
const ownMessage = (error: ErrorObject): string | undefined => (error.parentSchema as Messages | undefined)?.['x-messages']?.[error.keyword];

function messageOf(error: ErrorObject): string {
  const parent = error.parentSchema as Messages | undefined;
  if (error.keyword === 'pattern' && parent?.['x-pattern-message']) return parent['x-pattern-message'];
  const own = ownMessage(error);
  if (own) return own;
  if (error.keyword === 'type' && (error.schema === 'integer' || error.schema === 'number')) return INTEGER_MESSAGE;
  if (error.keyword === 'required') return 'is required';
  if (error.keyword === 'additionalProperties') return 'is not a known setting';
  return error.message ?? 'is invalid';
}

export function toProblems(errors: ErrorObject[] | null | undefined): FieldProblem[] {
  const seen = new Set<string>();
  const problems: FieldProblem[] = [];
  // An `anyOf` with its own message says it all: the broken rules of its branches are not listed.
  const explained = (errors ?? []).filter((e) => e.keyword === 'anyOf' && ownMessage(e)).map((e) => `${e.schemaPath}/`);
  for (const error of errors ?? []) {
    if (explained.some((prefix) => error.schemaPath.startsWith(prefix))) continue;
    const problem = { field: fieldOf(error), message: messageOf(error) };
    const key = `${problem.field}\u0000${problem.message}`;
    if (!seen.has(key)) {
      seen.add(key);
      problems.push(problem);
    }
  }
  return problems;
}

function compile<S extends TSchema>(schema: S): Validator<Static<S>> {
  const check = ajv.compile(schema);
  return (input) => (check(input) ? { ok: true, value: input as Static<S> } : { ok: false, problems: toProblems(check.errors) });
}

/** Compiles a JSON body schema once; the validator is then called per request. */
export const compileBodyValidator = <S extends TSchema>(schema: S) => compile(schema);

/**
 * Compiles a query schema (a flat object of strings and integers) once. Query values are text:
 * an integer field takes only plain decimal digits ("20"; not "020", "+5", " 5", "5.0", "1e1",
 * "0x10", "Infinity"), anything else stays text and fails as "not a whole number". The same
 * options sent as JSON (a socket's `chat:history`) may carry real numbers: an integer field takes
 * a finite integer, a text field takes a finite number as its decimal text.
 */
export function compileQueryValidator<S extends TSchema>(schema: S): Validator<Static<S>> {
  const properties = (schema as { properties?: Record<string, { type?: unknown; anyOf?: unknown }> }).properties ?? {};
  const integerFields = new Set<string>();
  const textFields = new Set<string>();
  for (const [name, property] of Object.entries(properties)) {
    if (property.type === 'integer') integerFields.add(name);
    else if (property.type === 'string') textFields.add(name);
    else if (property.type !== undefined) throw new Error(`query field ${name}: only strings and integers can come in a query`);
  }
  const check = compile(schema);
  return (input) => {
    if (typeof input !== 'object' || input === null || Array.isArray(input)) return check(input);
    const converted: Record<string, unknown> = {};
    for (const [name, value] of Object.entries(input as Record<string, unknown>)) {
      if (name === '__proto__') continue;
      if (integerFields.has(name) && typeof value === 'string' && DECIMAL_INTEGER.test(value)) converted[name] = Number(value);
      else if (textFields.has(name) && typeof value === 'number' && Number.isFinite(value)) converted[name] = String(value);
      else converted[name] = value;
    }
    return check(converted);
  };
}

/** The value if it passes, else 400 VALIDATION_FAILED with one detail per broken rule (both doors). */
export function validated<T>(validate: Validator<T>, input: unknown): T {
  const result = validate(input);
  if (!result.ok) throw new AppError('VALIDATION_FAILED', { details: result.problems });
  return result.value;
}

/**
 * A copy with top-level strings NFC-normalised and trimmed (also for socket payloads, so both
 * doors measure alike): what is validated is what is stored, and the same text typed as
 * decomposed (NFD "José") or precomposed characters is stored, served and compared as one.
 */
export function trimStrings(value: Record<string, unknown>): Record<string, unknown> {
  const trimmed: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value)) {
    // Assigning "__proto__" would swap the object's prototype; no field of ours has that name.
    if (key === '__proto__') continue;
    trimmed[key] = typeof field === 'string' ? field.normalize('NFC').trim() : field;
  }
  return trimmed;
}
