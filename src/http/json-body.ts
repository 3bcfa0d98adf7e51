import { AppError } from '../errors.js';
import { trimStrings } from '../validation/schema-validator.js';
import { brokenRule } from '../messages/broken-rule.js';

const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });

/** `application/json` with any parameters (charset), in any letter case. */
export function isJsonContentType(header: string): boolean {
  const mediaType = header.split(';', 1)[0]!.trim().toLowerCase();
  return mediaType === 'application/json';
}

/** `application/x-www-form-urlencoded` with any parameters, in any letter case. */
export function isFormContentType(header: string): boolean {
  return header.split(';', 1)[0]!.trim().toLowerCase() === 'application/x-www-form-urlencoded';
}

/** The fields of a form body (the last of a repeated name wins, as in a query), or 400 VALIDATION_FAILED when it is not UTF-8. */
export function parseFormFields(bytes: Buffer): Record<string, string> {
  let text: string;
  try {
    text = utf8.decode(bytes);
  } catch {
    throw new AppError('VALIDATION_FAILED', { details: [brokenRule('body', (v) => v.formBody)] });
  }
  return Object.fromEntries(new URLSearchParams(text));
}

/**
 * Parses a request body into a JSON object, or throws 400 INVALID_JSON. Top-level strings are
 * trimmed here, once, so every length rule measures what will be stored.
 */
export function parseJsonObject(bytes: Buffer): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(utf8.decode(bytes));
  } catch {
    throw new AppError('INVALID_JSON', { message: 'The body is not valid UTF-8 JSON.' });
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new AppError('INVALID_JSON', { message: 'The body must be a JSON object.' });
  }
  return trimStrings(value as Record<string, unknown>);
}
