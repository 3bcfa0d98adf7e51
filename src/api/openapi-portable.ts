import { PORTABLE_PATTERNS } from '../validation/text-rules.js';

// The routes validate with JavaScript regular expressions compiled with the `u` flag (`\p{L}`,
// `\u{E0100}`). The OpenAPI document is read by tools in other languages and by JSON Schema
// validators without that flag, which misread such patterns or refuse them: the document carries a
// portable pattern in their place (text-rules.ts), and the exact rule in the schema's description.

/** Only JavaScript's `u` flag reads these: a Unicode property class, or a code point escape. */
const U_FLAG_ONLY = /\\[pP]\{|\\u\{/;

const exactNote = (pattern: string, exact: boolean) =>
  exact
    ? `Written for any regular expression engine; the same rule as the ECMAScript pattern /${pattern}/u.`
    : `Exact rule (ECMAScript, u flag): /${pattern}/u. The pattern here is a portable approximation that admits a little more; the API applies the exact rule.`;

/** The schema with every `u`-only pattern replaced by its portable form; throws on one that has none. */
export function portableSchema<T>(schema: T): T {
  if (Array.isArray(schema)) return schema.map((item: unknown) => portableSchema(item)) as T;
  if (typeof schema !== 'object' || schema === null) return schema;
  const copy: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) copy[key] = portableSchema(value);
  const pattern = copy.pattern;
  if (typeof pattern === 'string') {
    const portable = PORTABLE_PATTERNS.get(pattern);
    if (portable) {
      copy.pattern = portable.portable;
      const note = exactNote(pattern, portable.exact);
      copy.description = typeof copy.description === 'string' ? `${copy.description}. ${note}` : note;
    } else if (U_FLAG_ONLY.test(pattern)) {
      throw new Error(`pattern ${pattern} needs the u flag: give it a portable form in PORTABLE_PATTERNS`);
    }
  }
  return copy as T;
}
