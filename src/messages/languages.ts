import en, { type ServerCatalog } from './en.js';
import es from './es.js';

/** The languages the server answers in: one catalog each (the pages' are in web/src/i18n/). */
export const SERVER_LANGUAGES: Readonly<Record<string, ServerCatalog>> = { en, es };

const MAX_HEADER = 256;
const MAX_RANGES = 12;

/**
 * The catalog for an answer: the first of the client's `Accept-Language` ranges (by q, then
 * order) that names a language we have, by its primary subtag ("es-MX" → es); else the station's.
 * Bounded: only the first 256 characters and 12 ranges of the header are read.
 */
export function catalogFor(acceptLanguage: string, fallback: ServerCatalog): ServerCatalog {
  if (acceptLanguage === '') return fallback;
  let best: ServerCatalog | undefined;
  let bestQ = 0;
  const ranges = acceptLanguage.slice(0, MAX_HEADER).split(',', MAX_RANGES);
  for (const range of ranges) {
    const [tag = '', ...params] = range.trim().split(';');
    let q = 1;
    for (const param of params) {
      const [name, value] = param.trim().split('=');
      if (name === 'q') q = Number(value);
    }
    if (!(q > bestQ)) continue;
    const primary = tag.split('-')[0]!.toLowerCase();
    const catalog = Object.hasOwn(SERVER_LANGUAGES, primary) ? SERVER_LANGUAGES[primary] : undefined;
    if (catalog) {
      best = catalog;
      bestQ = q;
    }
  }
  return best ?? fallback;
}
