import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { portableSchema } from '../../src/api/openapi-portable.js';
import { PORTABLE_PATTERNS } from '../../src/validation/text-rules.js';

// The document's portable patterns against the rules the API applies: read with or without the
// `u` flag (JSON Schema tools differ), a portable pattern never refuses what the rule accepts, and
// one said to be exact accepts exactly what the rule accepts.

const codeUnits = fc.string({ unit: fc.integer({ min: 0, max: 0xffff }).map((u) => String.fromCharCode(u)), maxLength: 12 });
const anyText = fc.oneof(fc.string({ unit: 'binary', maxLength: 12 }), fc.string({ unit: 'grapheme', maxLength: 8 }), codeUnits);
/** Names in scripts with marks, invisible characters alone and mixed in. */
const samples = ['José', 'नमस्ते', 'ªµº', 'a_b-1', '\u{1F600}', '\u{E0100}', '\u200B', 'e\u0301', '\u0301', '٣٤', 'Ⅻ', '\u3164', '\u2800', ' ', '', 'a\u{D800}', '\u{20000}'];

describe('portable patterns of the OpenAPI document', () => {
  for (const [rule, { portable, exact }] of PORTABLE_PATTERNS) {
    const exactRule = new RegExp(rule, 'u');
    const readings = [new RegExp(portable, 'u'), new RegExp(portable)];
    it(`${exact ? 'match exactly' : 'admit at least'} what ${rule.slice(0, 40)}… accepts, with or without the u flag`, () => {
      const agree = (text: string) => {
        for (const reading of readings) {
          if (exactRule.test(text)) expect(reading.test(text), `${JSON.stringify(text)} ${reading.flags}`).toBe(true);
          else if (exact) expect(reading.test(text), `${JSON.stringify(text)} ${reading.flags}`).toBe(false);
        }
      };
      samples.forEach(agree);
      fc.assert(
        fc.property(anyText, (text) => agree(text)),
        { numRuns: 3000 },
      );
    });
    it(`uses no syntax only the u flag reads: ${rule.slice(0, 40)}…`, () => {
      expect(portable).not.toMatch(/\\[pP]\{|\\u\{/);
    });
  }

  it('the document builder refuses a u-only pattern that has no portable form', () => {
    expect(() => portableSchema({ type: 'string', pattern: '^\\p{Lu}+$' })).toThrow(/needs the u flag/);
    expect(portableSchema({ type: 'string', pattern: '^[a-z]+$' })).toEqual({ type: 'string', pattern: '^[a-z]+$' });
  });
});
