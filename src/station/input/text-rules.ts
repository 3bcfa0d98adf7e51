import { Type, type StringOptions } from '@sinclair/typebox';

// API.md: strings are trimmed before length checks (json-body.ts trims), and control characters
// other than newline are refused, so nothing invisible or terminal-breaking reaches other listeners.
const NO_CONTROL_CHARACTERS = '^[^\\u0000-\\u0009\\u000B-\\u001F\\u007F]*$';

/** Free text: a length range and no control characters except newline. */
export const Text = (options: StringOptions & { minLength?: number; maxLength: number }) =>
  Type.String({
    ...options,
    pattern: NO_CONTROL_CHARACTERS,
    'x-pattern-message': 'must not contain control characters (newline is allowed)',
  });

/** A query `limit`: 1..max, default applied by the route. */
export const LimitParam = (max: number) =>
  Type.Integer({ minimum: 1, maximum: max, description: `how many items, 1 to ${max}` });
