import { Ajv, type ErrorObject } from 'ajv';
import * as ajvFormats from 'ajv-formats';
import type { TSchema, Static } from '@sinclair/typebox';
import { AppError, type FieldProblem, type Localized } from '../errors.js';
import en from '../messages/en.js';
import type { ValidationStrings } from '../messages/server-strings.js';

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

const TYPE_WORDS: Record<string, (v: ValidationStrings) => string> = {
  string: (v) => v.text,
  number: (v) => v.number,
  integer: (v) => v.wholeNumber,
  boolean: (v) => v.boolean,
  array: (v) => v.list,
  object: (v) => v.object,
};

const FORMAT_WORDS: Record<string, (v: ValidationStrings) => string> = {
  'date-time': (v) => v.dateTime,
  date: (v) => v.date,
  uri: (v) => v.url,
  email: (v) => v.email,
};

/** The values a schema allows when it is a choice of constants (a TypeBox union of literals). */
function constantsOf(schema: unknown): unknown[] | null {
  if (!Array.isArray(schema)) return null;
  const values: unknown[] = [];
  for (const branch of schema as Array<{ const?: unknown }>) {
    if (!('const' in branch)) return null;
    values.push(branch.const);
  }
  return values;
}

const listed = (values: readonly unknown[]) => values.map((value) => (typeof value === 'string' ? value : JSON.stringify(value))).join(', ');

/**
 * A broken rule in plain words, in any of the server's languages: the rule and, for a choice, the
 * allowed values (never the validator's own "must be equal to constant").
 */
function wordsOf(error: ErrorObject): Localized {
  // A schema's own message for this rule (`x-messages`) says it best; translated where the catalog knows it.
  const own = ownMessage(error);
  if (own) return (s) => s.validation.pattern(own);
  const params = error.params as Record<string, unknown>;
  const limit = params.limit as number;
  switch (error.keyword) {
    case 'pattern': {
      const own = (error.parentSchema as { 'x-pattern-message'?: string } | undefined)?.['x-pattern-message'];
      return own ? (s) => s.validation.pattern(own) : (s) => s.validation.invalid;
    }
    case 'type': {
      const word = TYPE_WORDS[String(error.schema)];
      return word ? (s) => word(s.validation) : (s) => s.validation.invalid;
    }
    case 'required':
      return (s) => s.validation.required;
    case 'additionalProperties':
      return (s) => s.validation.unknownField;
    case 'minLength':
      return (s) => s.validation.atLeastCharacters(limit);
    case 'maxLength':
      return (s) => s.validation.atMostCharacters(limit);
    case 'minimum':
      return (s) => s.validation.atLeast(limit);
    case 'maximum':
      return (s) => s.validation.atMost(limit);
    case 'exclusiveMinimum':
      return (s) => s.validation.moreThan(limit);
    case 'exclusiveMaximum':
      return (s) => s.validation.lessThan(limit);
    case 'minItems':
      return (s) => s.validation.atLeastItems(limit);
    case 'maxItems':
      return (s) => s.validation.atMostItems(limit);
    case 'maxProperties':
      return (s) => s.validation.atMostKeys(limit);
    case 'const':
      return (s) => s.validation.oneOf(listed([params.allowedValue]));
    case 'enum':
      return (s) => s.validation.oneOf(listed(params.allowedValues as unknown[]));
    case 'anyOf': {
      const values = constantsOf(error.schema);
      return values ? (s) => s.validation.oneOf(listed(values)) : (s) => s.validation.invalid;
    }
    case 'format': {
      const word = FORMAT_WORDS[String(params.format)];
      return word ? (s) => word(s.validation) : (s) => s.validation.invalid;
    }
    default:
      return (s) => s.validation.invalid;
  }
}

export function toProblems(errors: ErrorObject[] | null | undefined): FieldProblem[] {
  const all = errors ?? [];
  // A choice of constants fails once per branch ("must be equal to constant") and then as a whole:
  // only the whole is reported, with the allowed values.
  const choices = all.filter((error) => error.keyword === 'anyOf' && constantsOf(error.schema)).map((error) => `${error.schemaPath}/`);
  const seen = new Set<string>();
  const problems: FieldProblem[] = [];
  // An `anyOf` with its own message says it all: the broken rules of its branches are not listed.
  const explained = all.filter((e) => e.keyword === 'anyOf' && ownMessage(e)).map((e) => `${e.schemaPath}/`);
  for (const error of all) {
    if (choices.some((prefix) => error.schemaPath.startsWith(prefix)) || explained.some((prefix) => error.schemaPath.startsWith(prefix))) continue;
    const text = wordsOf(error);
    const problem = { field: fieldOf(error), message: text(en), text };
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
