import { Type, type StringOptions } from '@sinclair/typebox';

// What free text and nicknames may hold, for both doors (REST bodies and socket payloads share
// these schemas). Strings arrive trimmed and NFC-normalised (validation/schema-validator.ts,
// trimStrings), so lengths measure what will be stored and NFD "José" is stored as NFC "José".
// Each rule is its own pattern with its own message. Ajv compiles patterns with the `u` flag, so
// `[\uD800-\uDFFF]` matches only a lone surrogate, never half of a well-formed pair.

/** A lone surrogate is not Unicode: strict JSON parsers refuse a document that contains one. */
const WELL_FORMED = '^[^\\uD800-\\uDFFF]*$';
/** C0 controls but newline, DEL, and C1 controls (U+0085 NEL, U+009B CSI reach terminals too). */
const NO_CONTROLS = '^[^\\u0000-\\u0009\\u000B-\\u001F\\u007F-\\u009F]*$';
/** Bidi embeddings, overrides and isolates: they reorder the text shown after them (Trojan Source). */
const NO_BIDI_CONTROLS = '^[^\\u202A-\\u202E\\u2066-\\u2069]*$';
/**
 * Characters that draw nothing: whitespace, format characters (zero-width space and joiners, BOM,
 * soft hyphen…), combining marks with no base, variation selectors, and the Hangul and Braille
 * blanks that are letters by category but show as empty space.
 */
const INVISIBLE = '\\s\\p{Cf}\\p{Mn}\\p{Me}\\uFE00-\\uFE0F\\u{E0100}-\\u{E01EF}\\u115F\\u1160\\u3164\\uFFA0\\u2800';
/**
 * At least one character that shows. Empty text passes this rule: minLength speaks for required
 * fields (one problem per broken rule), and optional text left blank counts as omitted.
 */
const VISIBLE = `^$|[^${INVISIBLE}]`;

const rule = (pattern: string, message: string) => ({ pattern, 'x-pattern-message': message });

const TEXT_RULES = [
  rule(WELL_FORMED, 'must be well-formed Unicode (no lone surrogates)'),
  rule(NO_CONTROLS, 'must not contain control characters (newline is allowed)'),
  rule(NO_BIDI_CONTROLS, 'must not contain bidirectional override or isolate characters'),
];

/**
 * Free text: a length range (in characters, after trimming and NFC), well-formed Unicode, no
 * control characters but newline, no bidi overrides, and something that shows.
 */
export const Text = (options: StringOptions & { minLength?: number; maxLength: number }) =>
  Type.String({
    ...options,
    allOf: [...TEXT_RULES, rule(VISIBLE, 'must contain visible characters')],
  });

/**
 * A nickname: letters of any script with their combining marks (Devanagari "नमस्ते" needs its
 * vowel signs), decimal digits, underscore and dash; it starts with one that is not a mark.
 */
export const Nickname = (options: { minLength: number; maxLength: number }) =>
  Type.String({
    ...options,
    allOf: [
      rule(WELL_FORMED, 'must be well-formed Unicode (no lone surrogates)'),
      rule('^[\\p{L}\\p{Nd}_-][\\p{L}\\p{M}\\p{Nd}_-]*$', 'may contain only letters, digits, underscore and dash'),
      rule(VISIBLE, 'must contain visible characters'),
    ],
  });

/** A query `limit`: 1..max, default applied by the route. */
export const LimitParam = (max: number) => Type.Integer({ minimum: 1, maximum: max, description: `how many items, 1 to ${max}` });
