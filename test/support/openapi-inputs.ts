import fc, { type Arbitrary } from 'fast-check';

/** Length as JSON Schema counts it (Ajv too): in code points, so an astral emoji is one, not two UTF-16 units. */
const codePoints = (text: string) => text.replace(/[\uD800-\uDBFF][\uDC00-\uDFFF]/g, '_').length;

// Inputs made from the OpenAPI document alone, the way schemathesis makes them (it is Python, and
// this workplace reaches no Python registry): for a JSON Schema, values that follow it, and values
// that break it in one place. Whether a value really follows the schema is left to the caller's
// validator (patterns and combinations are only aimed at here, not guaranteed).

type Json = Record<string, any>;

/** Letters, digits and a few scripts: text that shows, in several scripts, with marks after a base. */
const TEXT_UNIT = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 _-'.split('')) },
  { weight: 1, arbitrary: fc.constantFrom('é', 'ß', 'Ж', 'न', 'म', 'ह', 'ي', '中', '🎵', 'ñ', 'ø') },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 }) },
);

function stringOf(schema: Json): Arbitrary<string> {
  const minLength: number = schema.minLength ?? 0;
  const maxLength = Math.min(schema.maxLength ?? 40, minLength + 40);
  switch (schema.format) {
    case 'date':
      return fc.date({ min: new Date('1990-01-01T00:00:00Z'), max: new Date('2040-12-31T00:00:00Z'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
    case 'date-time':
      return fc.date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2040-12-31T00:00:00Z'), noInvalidDate: true }).map((d) => d.toISOString());
    case 'uri':
      return fc.webUrl();
    case 'ipv4':
      return fc.ipV4();
    case 'ipv6':
      return fc.ipV6();
  }
  if (Array.isArray(schema.examples) && schema.examples.length > 0) {
    // The document's own examples, beside made-up values: a pattern that only says how a value starts makes few that pass.
    return fc.oneof(fc.constantFrom(...(schema.examples as string[])), stringOf({ ...schema, examples: undefined }));
  }
  if (typeof schema.pattern === 'string' && !schema.allOf) {
    return fc.stringMatching(new RegExp(schema.pattern)).filter((s) => s.length >= minLength && s.length <= (schema.maxLength ?? Infinity));
  }
  return fc.string({ unit: TEXT_UNIT, minLength, maxLength }).map((s) => (minLength > 0 ? s.trim().padEnd(minLength, 'x') : s.trim()));
}

/** The parent with a branch's rules added: its properties' rules merged, its required names added. */
function narrowed(parent: Json, branch: Json): Json {
  const properties: Json = { ...parent.properties };
  for (const [name, rules] of Object.entries((branch.properties ?? {}) as Json)) properties[name] = { ...properties[name], ...rules };
  const required = [...new Set([...(parent.required ?? []), ...(branch.required ?? [])])];
  return { ...parent, ...branch, ...(parent.properties || branch.properties ? { properties } : {}), ...(required.length > 0 ? { required } : {}) };
}

/** Values meant to follow `schema` ($refs already inlined). */
export function valid(schema: Json | boolean): Arbitrary<unknown> {
  if (schema === true || schema === undefined) return fc.jsonValue({ maxDepth: 2 });
  if (schema === false) return fc.constant(null);
  if ('const' in schema) return fc.constant(schema.const);
  if (Array.isArray(schema.enum)) return fc.constantFrom(...schema.enum);
  const { anyOf, oneOf, ...rest } = schema;
  const branches = anyOf ?? oneOf;
  // A branch narrows its parent (`{type: string, anyOf: [{format: ipv4}, {format: ipv6}]}`), or is a whole schema of its own.
  if (Array.isArray(branches)) return fc.oneof(...branches.map((branch: Json) => valid(rest.type || rest.properties ? narrowed(rest, branch) : branch)));
  switch (schema.type) {
    case 'string':
      return stringOf(schema);
    case 'integer':
      return fc.integer({ min: schema.minimum ?? -1_000_000, max: schema.maximum ?? 1_000_000 });
    case 'number':
      return fc.double({ min: schema.minimum ?? -1e6, max: schema.maximum ?? 1e6, noNaN: true, noDefaultInfinity: true });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(valid(schema.items ?? true), { minLength: schema.minItems ?? 0, maxLength: Math.min(schema.maxItems ?? 4, 4) });
    case 'object':
    case undefined: {
      if (!schema.properties && !schema.patternProperties && schema.type === undefined) return fc.jsonValue({ maxDepth: 2 });
      const properties = Object.fromEntries(Object.entries((schema.properties ?? {}) as Json).map(([name, property]) => [name, valid(property)]));
      const record = fc.record(properties, { requiredKeys: schema.required ?? [] });
      const extra = schema.patternProperties ? Object.entries(schema.patternProperties as Json)[0] : undefined;
      if (!extra) return record;
      const dictionary = fc.dictionary(fc.stringMatching(new RegExp(extra[0])), valid(extra[1]), { maxKeys: Math.min(schema.maxProperties ?? 3, 3) });
      return fc.tuple(record, dictionary).map(([known, more]) => ({ ...more, ...known }));
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** A value of another JSON type than `schema` allows (for a field, or a whole body). */
const otherType = (schema: Json): Arbitrary<unknown> => {
  const candidates: Array<Arbitrary<unknown>> = [fc.constant(null), fc.boolean(), fc.integer(), fc.string({ maxLength: 5 }), fc.array(fc.integer(), { maxLength: 2 }), fc.constant({ x: 1 })];
  return fc.oneof(...candidates).filter((v) => typeof v !== schema.type && !(schema.type === 'integer' && typeof v === 'number') && !(schema.type === 'array' && Array.isArray(v)));
};

/** A value that breaks `schema` in one place: out of range, too long, another type, not listed, a required field missing. */
export function invalid(schema: Json): Arbitrary<unknown> {
  const ways: Array<Arbitrary<unknown>> = [otherType(schema)];
  if (Array.isArray(schema.enum) || 'const' in schema) ways.push(fc.string({ minLength: 1, maxLength: 12 }).filter((s) => !(schema.enum ?? [schema.const]).includes(s)));
  if (typeof schema.maxLength === 'number')
    ways.push(fc.string({ unit: TEXT_UNIT, minLength: schema.maxLength + 1, maxLength: schema.maxLength + 20 }).filter((s) => codePoints(s.trim().normalize('NFC')) > schema.maxLength));
  if (typeof schema.minLength === 'number' && schema.minLength > 0) ways.push(fc.constantFrom('', ' '.repeat(schema.minLength)));
  if (typeof schema.maximum === 'number') ways.push(fc.integer({ min: schema.maximum + 1, max: schema.maximum + 1_000_000 }));
  if (typeof schema.minimum === 'number') ways.push(fc.integer({ min: schema.minimum - 1_000_000, max: schema.minimum - 1 }));
  if (schema.format || schema.pattern || schema.anyOf) ways.push(fc.constantFrom('0000-00-00', '2025-02-30', '999.1.1.1', 'not valid', '\u0000', 'x'.repeat(3)));
  if (schema.type === 'object' && schema.properties) {
    const fields = Object.keys(schema.properties as Json);
    const required: string[] = schema.required ?? [];
    const whole = valid(schema) as Arbitrary<Json>;
    if (required.length > 0) ways.push(fc.tuple(whole, fc.constantFrom(...required)).map(([value, name]) => Object.fromEntries(Object.entries(value).filter(([key]) => key !== name))));
    ways.push(fc.tuple(whole, fc.constantFrom(...fields)).chain(([value, name]) => invalid((schema.properties as Json)[name]).map((broken) => ({ ...value, [name]: broken }))));
  }
  return fc.oneof(...ways);
}
