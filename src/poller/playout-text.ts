import { textOf, type LenientValue } from './lenient-json.js';
import { decodeHtmlEntities } from './stream-text.js';

/**
 * What the readers of playout systems' own APIs (AzuraCast, LibreTime) share: their text is
 * trimmed and its character references decoded (LibreTime HTML-escapes every string it sends),
 * and an empty field is null rather than ''.
 */
export const playoutText = (value: LenientValue | undefined): string | null => decodeHtmlEntities(textOf(value)).trim() || null;

/**
 * An artwork address as the playout system gives it, made absolute against its status URL;
 * null for anything that is not http(s) (a `data:` or `javascript:` URL never leaves the reader).
 */
export function artworkUrlOf(value: string | null, statusUrl: string): string | null {
  if (!value) return null;
  try {
    const url = new URL(value, statusUrl);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

/** A duration in whole seconds, or null when not a positive number. */
export const secondsOf = (value: number | null): number | null => (value !== null && Number.isFinite(value) && value > 0 ? Math.round(value) : null);
