import { Type, type StringOptions } from '@sinclair/typebox';

// What free text and nicknames may hold, for every door (REST bodies and socket payloads share
// these schemas) and the config file (the programme's texts): the one home of the text rules. Strings arrive trimmed and NFC-normalised (validation/schema-validator.ts,
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
/** A nickname's characters: letters of any script, their marks, decimal digits, underscore, dash. */
const NICKNAME = '^[\\p{L}\\p{Nd}_-][\\p{L}\\p{M}\\p{Nd}_-]*$';

/**
 * For the OpenAPI document: each pattern above that only a JavaScript `u` regex reads (`\p{…}`,
 * `\u{…}`, or a class that means "one code point"), written so that any JSON Schema tool reads it
 * alike, with or without the `u` flag (Python, Go, schemathesis, Spectral). Where Unicode classes
 * are needed the portable pattern is a little looser than the rule (never stricter: what the API
 * takes, a client checking against the document takes too); the document states the exact rule
 * beside it. A test checks each approximation against its rule on arbitrary Unicode.
 */
export const PORTABLE_PATTERNS: ReadonlyMap<string, { portable: string; exact: boolean }> = new Map([
  // The code point class, spelt out in UTF-16: a high surrogate only with a low one after it.
  [WELL_FORMED, { portable: '^(?:[^\\uD800-\\uDFFF]|[\\uD800-\\uDBFF][\\uDC00-\\uDFFF])*$', exact: true }],
  // Whitespace (spelt out: engines disagree on what `\\s` holds), the usual format characters, the
  // combining diacritics and the blank letters; astral invisibles and other marks count as visible here.
  [
    VISIBLE,
    {
      portable:
        '^$|[^\\u0009-\\u000D\\u0020\\u00A0\\u00AD\\u0300-\\u036F\\u061C\\u115F\\u1160\\u1680\\u180E\\u2000-\\u200F\\u2028-\\u202F\\u205F-\\u2064\\u2066-\\u206F\\u2800\\u3000\\u3164\\uFE00-\\uFE0F\\uFEFF\\uFFA0]',
      exact: false,
    },
  ],
  // Anything but ASCII and Latin-1 punctuation, symbols and controls, general punctuation and CJK
  // punctuation (ª, µ and º are letters and stay in); the first character may be a mark here.
  [
    NICKNAME,
    {
      portable:
        '^[^\\u0000-\\u002C\\u002E\\u002F\\u003A-\\u0040\\u005B-\\u005E\\u0060\\u007B-\\u00A9\\u00AB-\\u00B4\\u00B6-\\u00B9\\u00BB-\\u00BF\\u00D7\\u00F7\\u1680\\u2000-\\u206F\\u3000-\\u3003\\uFEFF]+$',
      exact: false,
    },
  ],
]);

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

/** No line breaks: newline (the one control Text lets through) and the Unicode line and paragraph separators. */
const ONE_LINE = '^[^\\n\\u2028\\u2029]*$';

/** Text on one line (a name the audit log and the console show): Text's rules, and no line breaks. */
export const OneLineText = (options: StringOptions & { minLength?: number; maxLength: number }) =>
  Type.String({
    ...options,
    allOf: [...TEXT_RULES, rule(ONE_LINE, 'must be one line (no line breaks)'), rule(VISIBLE, 'must contain visible characters')],
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
      rule(NICKNAME, 'may contain only letters, digits, underscore and dash'),
      rule(VISIBLE, 'must contain visible characters'),
    ],
  });

/** A query `limit`: 1..max, default applied by the route. */
export const LimitParam = (max: number) => Type.Integer({ minimum: 1, maximum: max, description: `how many items, 1 to ${max}` });
