import type { FieldProblem } from '../errors.js';
import en from './en.js';
import type { ValidationStrings } from './server-strings.js';

/**
 * A broken rule whose words live in the catalogs' `validation`, nowhere else: English for logs,
 * the listener's language in the answer.
 */
export function brokenRule(field: string, words: (validation: ValidationStrings) => string): FieldProblem {
  return { field, message: words(en.validation), text: (strings) => words(strings.validation) };
}
