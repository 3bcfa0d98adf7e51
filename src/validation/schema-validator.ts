import { Ajv, type ErrorObject } from 'ajv';
import * as ajvFormats from 'ajv-formats';
import type { TSchema, Static } from '@sinclair/typebox';
import { AppError, type FieldProblem } from '../errors.js';

// ajv-formats is CommonJS with `exports.default`; under NodeNext the plugin sits on `.default`.
const addFormats = ajvFormats.default.default;


export type ValidationResult<T> = { ok: true; value: T } | { ok: false; problems: FieldProblem[] };
export type Validator<T> = (input: unknown) => ValidationResult<T>;

function createAjv(coerceTypes: boolean): Ajv {
  // allErrors: a client fixing a form wants every broken rule at once, not one per round trip.
  // verbose: gives the failing sub-schema, so an `x-pattern-message` can replace a raw regex in the answer.
  const ajv = new Ajv({ allErrors: true, verbose: true, coerceTypes, strict: true, useDefaults: false });
  addFormats(ajv, ['date-time', 'uri']);
  ajv.addKeyword({ keyword: 'x-pattern-message', schemaType: 'string' });
  return ajv;
}

const bodyAjv = createAjv(false);
// Query strings only carry text: "20" must count as the integer 20.
const queryAjv = createAjv(true);

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

function messageOf(error: ErrorObject): string {
  const parent = error.parentSchema as { 'x-pattern-message'?: string } | undefined;
  if (error.keyword === 'pattern' && parent?.['x-pattern-message']) return parent['x-pattern-message'];
  if (error.keyword === 'required') return 'is required';
  if (error.keyword === 'additionalProperties') return 'is not a known setting';
  return error.message ?? 'is invalid';
}

export function toProblems(errors: ErrorObject[] | null | undefined): FieldProblem[] {
  const seen = new Set<string>();
  const problems: FieldProblem[] = [];
  for (const error of errors ?? []) {
    const problem = { field: fieldOf(error), message: messageOf(error) };
    const key = `${problem.field}\u0000${problem.message}`;
    if (!seen.has(key)) {
      seen.add(key);
      problems.push(problem);
    }
  }
  return problems;
}

function compileWith<S extends TSchema>(ajv: Ajv, schema: S): Validator<Static<S>> {
  const check = ajv.compile(schema);
  return (input) => (check(input) ? { ok: true, value: input as Static<S> } : { ok: false, problems: toProblems(check.errors) });
}

/** Compiles a JSON body schema once; the validator is then called per request. */
export const compileBodyValidator = <S extends TSchema>(schema: S) => compileWith(bodyAjv, schema);

/** Compiles a query schema once; values are coerced from text ("20" → 20) while validating. */
export const compileQueryValidator = <S extends TSchema>(schema: S) => compileWith(queryAjv, schema);

/** The value if it passes, else 400 VALIDATION_FAILED with one detail per broken rule (both doors). */
export function validated<T>(validate: Validator<T>, input: unknown): T {
  const result = validate(input);
  if (!result.ok) throw new AppError('VALIDATION_FAILED', { details: result.problems });
  return result.value;
}

/** A copy with top-level strings trimmed (also for socket payloads, so both doors measure alike). */
export function trimStrings(value: Record<string, unknown>): Record<string, unknown> {
  const trimmed: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value)) {
    // Assigning "__proto__" would swap the object's prototype; no field of ours has that name.
    if (key === '__proto__') continue;
    trimmed[key] = typeof field === 'string' ? field.trim() : field;
  }
  return trimmed;
}
